import type { AmountLimits } from '@tradepad/contracts/wallet/constants';
import { parseRate, type DecimalRate } from '@tradepad/domain';

/** Why an amount is refused: an i18n key and its values (limits as the decimal strings the server sent). */
export interface AmountRefusal {
  key:
    | 'wallet.amountRequired'
    | 'wallet.amountInvalid'
    | 'wallet.amountPrecision'
    | 'wallet.amountMin'
    | 'wallet.amountMax'
    | 'withdraw.overBalance';
  values?: Record<string, string | number>;
}

export type AmountCheck = { ok: true; amount: string } | { ok: false; refusal: AmountRefusal };

/** The amount as typed, as a plain decimal string: spaces dropped, a lone decimal comma ("10,5") read as a point. */
export function normalizeAmount(text: string): string {
  const s = text.trim().replace(/\s+/g, '');
  return s.includes('.') ? s : s.replace(',', '.');
}

const DECIMAL = /^\d+(?:\.(\d+))?$/;

const rateOf = (text: string): DecimalRate | null => {
  try {
    return parseRate(text);
  } catch {
    return null;
  }
};

/**
 * Checks an amount against a channel's limits (DESIGN §6: exact decimals, no floats): required, a positive decimal,
 * at most `precision` decimals, at least `min_amount`, at most `max_amount` (unless that is 0: no maximum), and at
 * most `available` when given (a withdrawal's free balance).
 */
export function checkAmount(text: string, limits: AmountLimits, available?: string): AmountCheck {
  const amount = normalizeAmount(text);
  if (!amount) return { ok: false, refusal: { key: 'wallet.amountRequired' } };
  const m = DECIMAL.exec(amount);
  if (!m) return { ok: false, refusal: { key: 'wallet.amountInvalid' } };
  const decimals = m[1]?.length ?? 0;
  const precision = Math.max(0, Math.min(8, Math.trunc(limits.precision)));
  if (decimals > precision) return { ok: false, refusal: { key: 'wallet.amountPrecision', values: { digits: precision } } };
  const value = rateOf(amount);
  if (value === null || value <= 0n) return { ok: false, refusal: { key: 'wallet.amountInvalid' } };
  const min = rateOf(limits.min_amount);
  if (min !== null && value < min) return { ok: false, refusal: { key: 'wallet.amountMin', values: { min: limits.min_amount } } };
  const max = rateOf(limits.max_amount);
  if (max !== null && max > 0n && value > max) {
    return { ok: false, refusal: { key: 'wallet.amountMax', values: { max: limits.max_amount } } };
  }
  if (available !== undefined) {
    const free = rateOf(available);
    if (free !== null && value > free) {
      return { ok: false, refusal: { key: 'withdraw.overBalance', values: { balance: available } } };
    }
  }
  return { ok: true, amount };
}

/** `text` cut (not rounded) to `precision` decimals: what the "all" button fills in, never more than there is. */
export function truncateAmount(text: string, precision: number): string {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return '';
  const digits = Math.max(0, Math.min(8, Math.trunc(precision)));
  const frac = (m[2] ?? '').slice(0, digits).replace(/0+$/, '');
  return frac ? `${m[1]}.${frac}` : (m[1] ?? '');
}
