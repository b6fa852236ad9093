/**
 * Order sizes in lots (DESIGN §5): exact integers of 10⁻⁴ lot, a multiple of the instrument's step (`Pip`), at least
 * its minimum (`ForexMinCont`), at most its maximum (`ForexMaxCont`). The engine and the ticket's stepper share these.
 */
import { divideRounded } from './conversion.ts';

declare const lotsBrand: unique symbol;
/** A size as an integer count of 10⁻⁴ lot: 0.01 lot is 100n, 1 lot is 10_000n. */
export type Lots = bigint & { readonly [lotsBrand]: true };

/** 10⁴ units of Lots make one lot. */
export const LOT_SCALE = 10_000n;

/** The one constructor from an integer count of 10⁻⁴ lot. */
export const lots = (value: bigint | number): Lots => {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
  return BigInt(value) as Lots;
};

const LOTS_TEXT = /^(\d{1,9})(?:\.(\d{1,4}))?$/;

/**
 * Parses a plain decimal string of lots ("0.01", "2.5", " 1 ") with at most 9 integer digits and 4 decimals.
 * Throws RangeError on anything else: '', 'NaN', 'Infinity', '1e3', '-1', '.5', '1.', '0.00001'.
 */
export function parseLots(text: string): Lots {
  const m = LOTS_TEXT.exec(text.trim());
  if (!m) throw new RangeError(`not a lot size: ${text}`);
  const [, whole = '0', frac = ''] = m;
  return (BigInt(whole) * LOT_SCALE + BigInt(frac.padEnd(4, '0'))) as Lots;
}

/** Prints lots with the fewest decimals that are exact: 100n → '0.01', 10_000n → '1', 25_000n → '2.5'. */
export function formatLots(size: Lots): string {
  const negative = size < 0n;
  const abs = negative ? -size : size;
  const whole = abs / LOT_SCALE;
  const frac = (abs % LOT_SCALE).toString().padStart(4, '0').replace(/0+$/, '');
  const text = frac ? `${whole}.${frac}` : `${whole}`;
  return negative ? `-${text}` : text;
}

/** An instrument's size rules: step, minimum and maximum per order, all in Lots. */
export interface LotRules {
  readonly step: Lots;
  readonly min: Lots;
  readonly max: Lots;
}

export type LotsProblem = 'not_positive' | 'below_min' | 'above_max' | 'off_step';

/**
 * Whether `size` may be ordered: positive, within [min, max], and a whole multiple of step (counted from zero).
 * The first failing rule is reported, in that order.
 */
export function lotsCheck(size: Lots, rules: LotRules): 'ok' | LotsProblem {
  if (rules.step <= 0n) throw new RangeError(`lot step must be positive: ${rules.step}`);
  if (size <= 0n) return 'not_positive';
  if (size < rules.min) return 'below_min';
  if (size > rules.max) return 'above_max';
  if (size % rules.step !== 0n) return 'off_step';
  return 'ok';
}

/** The smallest valid size: the first positive multiple of step that is at least min. */
const smallestValid = (step: Lots, min: Lots): bigint => {
  const m = divideRounded(min, step, 'ceil') * step;
  return m > step ? m : step;
};

/** The largest valid size: the last multiple of step that is at most max. */
const largestValid = (step: Lots, max: Lots): bigint => divideRounded(max, step, 'floor') * step;

/**
 * The smallest and largest sizes that pass {@link lotsCheck}, or null when the rules admit none (for example a
 * maximum below the minimum).
 */
export function lotsRange(rules: LotRules): { min: Lots; max: Lots } | null {
  if (rules.step <= 0n) throw new RangeError(`lot step must be positive: ${rules.step}`);
  const lo = smallestValid(rules.step, rules.min);
  const hi = largestValid(rules.step, rules.max);
  return lo <= hi ? { min: lo as Lots, max: hi as Lots } : null;
}

/**
 * The ticket's stepper: the next valid size above (direction 1) or below (direction −1) `size`. An off-step size
 * snaps to the neighbouring multiple of step in that direction; the result is clamped to the valid range, so it is
 * always a positive multiple of step within [min, max] (an empty field, 0, steps up to the minimum). Throws
 * RangeError when the rules admit no size at all.
 */
export function stepLots(size: Lots, step: Lots, direction: 1 | -1, limits: { min: Lots; max: Lots }): Lots {
  const range = lotsRange({ step, min: limits.min, max: limits.max });
  if (!range) throw new RangeError(`no valid lot size with step ${step} in [${limits.min}, ${limits.max}]`);
  const next =
    direction === 1 ? (divideRounded(size, step, 'floor') + 1n) * step : (divideRounded(size, step, 'ceil') - 1n) * step;
  if (next < range.min) return range.min;
  if (next > range.max) return range.max;
  return next as Lots;
}

/**
 * Whether the stepper's minus is enabled: stepping down would give a smaller valid size. For an on-step size this is
 * exactly "size − step is at least min and above 0"; an off-step size may still step down onto a multiple.
 */
export function canStepDown(size: Lots, step: Lots, min: Lots): boolean {
  if (step <= 0n) throw new RangeError(`lot step must be positive: ${step}`);
  return size > smallestValid(step, min);
}

/** Whether the stepper's plus is enabled: stepping up would give a larger valid size (size + step ≤ max on-step). */
export function canStepUp(size: Lots, step: Lots, max: Lots): boolean {
  if (step <= 0n) throw new RangeError(`lot step must be positive: ${step}`);
  return size < largestValid(step, max);
}
