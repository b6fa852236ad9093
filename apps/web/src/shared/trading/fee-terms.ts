/**
 * An instrument's fee as its info sheet says it (DESIGN §17 "Finding and knowing"): `ForexFeeRate` is USD per lot when
 * the broker's `trade_fee_type` is 1, else a fraction of the order's margin (0.001 = 0.1 % of margin). The rate stays a
 * decimal string: the percent is the same digits with the point moved, never a float.
 */
export type FeeTerms = { unit: 'usd_per_lot'; amount: string } | { unit: 'percent_of_margin'; percent: string };

/** `rate` × 100 as a plain decimal string: "0.001" → "0.1", "0.25" → "25", "3" → "300"; "0" for text that is not a decimal. */
export function decimalTimes100(rate: string): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(rate.trim());
  if (!m || (m[2] === '' && !m[3])) return '0';
  const [, sign, whole = '', fraction = ''] = m;
  const padded = fraction.padEnd(2, '0');
  const int = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  const out = rest ? `${int}.${rest}` : int;
  return /^0(\.0*)?$/.test(out) ? '0' : `${sign}${out}`;
}

/** The fee's amount and unit under `feeType` (`trade_fee_type`; per lot when unknown, the setting's default). */
export function feeTerms(rate: string, feeType: number | undefined): FeeTerms {
  return feeType === 2 ? { unit: 'percent_of_margin', percent: decimalTimes100(rate) } : { unit: 'usd_per_lot', amount: rate };
}
