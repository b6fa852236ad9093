import type { CopyModeName } from '@tradepad/contracts/copy/constants';
import { parseMoney, type Micros } from '@tradepad/domain/money';

/**
 * The follow sheet's checks (DESIGN §18), made before anything is sent so the trader reads what is wrong beside the
 * field; the server checks the same again and its refusal is shown in the trader's language. Money is compared in
 * micros (never in floats).
 */

/** What the trader typed: amount in USD, the mode and its value, the equity stop in whole percent ('' or 0 = off). */
export interface FollowDraft {
  amount: string;
  mode: CopyModeName;
  value: string;
  equityStop: string;
}

/** USD decimal strings from the server: the strategy's minimum and the cash the trader may move. */
export interface FollowLimits {
  min: string;
  available: string;
}

/** A message key of the app's locales and its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, string | number>;
}

export interface FollowCheck {
  amount?: FieldProblem;
  value?: FieldProblem;
  equityStop?: FieldProblem;
  /** What to send when nothing is wrong. */
  params?: { amount: string; mode: CopyModeName; value: string; equity_stop_percent: number };
}

/** The highest equity stop the server takes (COPY_MAX_EQUITY_STOP_PERCENT). */
export const MAX_EQUITY_STOP = 95;

/** Each mode's value: its bounds and the most decimals it takes. */
export const MODE_VALUE: Record<CopyModeName, { min: string; max: string; decimals: number; initial: string }> = {
  proportional: { min: '0.01', max: '10', decimals: 2, initial: '1' },
  fixed_lots: { min: '0.01', max: '100', decimals: 2, initial: '0.01' },
  multiplier: { min: '0.01', max: '100', decimals: 2, initial: '1' },
};

/** A typed decimal as the server reads it: the decimal comma some keyboards give becomes a point; spaces go. */
export function normalizeDecimal(text: string): string {
  return text.trim().replace(/\s/g, '').replace(',', '.');
}

/** `text` as micros when it is a plain positive-or-zero decimal with at most `decimals` places; null otherwise. */
export function decimalMicros(text: string, decimals: number): Micros | null {
  const re = new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`);
  if (!re.test(text)) return null;
  return parseMoney(text);
}

function money(text: string): Micros {
  try {
    return parseMoney(text);
  } catch {
    return parseMoney('0');
  }
}

export function checkFollow(draft: FollowDraft, limits: FollowLimits): FollowCheck {
  const out: FollowCheck = {};
  const amountText = normalizeDecimal(draft.amount);
  const amount = amountText === '' ? null : decimalMicros(amountText, 2);
  const min = money(limits.min);
  const available = money(limits.available);
  if (amountText === '') out.amount = { key: 'copy.follow.amountRequired' };
  else if (amount === null || amount <= 0n) out.amount = { key: 'copy.follow.amountInvalid' };
  else if (amount < min) out.amount = { key: 'copy.follow.belowMin', values: { min: limits.min } };
  else if (amount > available) out.amount = { key: 'copy.follow.aboveCash', values: { available: limits.available } };

  const bounds = MODE_VALUE[draft.mode];
  const valueText = normalizeDecimal(draft.value);
  const value = decimalMicros(valueText, bounds.decimals);
  if (value === null || value < parseMoney(bounds.min) || value > parseMoney(bounds.max)) {
    out.value = { key: `copy.mode.${draft.mode}.invalid`, values: { min: bounds.min, max: bounds.max } };
  }

  const stopText = draft.equityStop.trim();
  const stop = stopText === '' ? 0 : /^\d{1,2}$/.test(stopText) ? Number(stopText) : NaN;
  if (!Number.isInteger(stop) || stop < 0 || stop > MAX_EQUITY_STOP) {
    out.equityStop = { key: 'copy.follow.stopInvalid', values: { max: MAX_EQUITY_STOP } };
  }

  if (!out.amount && !out.value && !out.equityStop) {
    out.params = { amount: amountText, mode: draft.mode, value: valueText, equity_stop_percent: stop };
  }
  return out;
}

/** The cash a follow may take: the cash, but never more than the free margin (open positions' losses count). */
export function followableCash(cash: string, freeMargin: string): string {
  const least = money(cash) <= money(freeMargin) ? cash : freeMargin;
  return money(least) < 0n ? '0.00' : least;
}

/** A percentage with up to 2 decimals ('1.5') as basis points (150), exactly; 0 for anything unreadable. */
export function basisPoints(percent: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!m) return 0;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * The management fee a year on `amount` (USD decimal string) at `percent` a year, as micros rounded down to the
 * cent: what the fees summary shows before confirming. Null when the amount is not readable yet.
 */
export function yearlyManagementFee(amount: string, percent: string): Micros | null {
  const a = decimalMicros(normalizeDecimal(amount), 2);
  if (a === null) return null;
  const fee = (a * BigInt(basisPoints(percent))) / 10_000n;
  return ((fee / 10_000n) * 10_000n) as Micros;
}
