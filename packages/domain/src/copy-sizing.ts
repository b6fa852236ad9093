/**
 * Copy trading's sizing (issue 34, DESIGN §18): how many lots a follower's copy of a provider's order is, and a copy's
 * share of a provider's partial close. Pure and exact: lots are integer 10⁻⁴ lot (lots.ts), money integer micros, the
 * mode's value a decimal parsed exactly (parseRate, 8 places); every result is rounded DOWN to the instrument's step.
 */
import { RATE_SCALE, parseRate } from './conversion.ts';
import type { LotRules, Lots } from './lots.ts';
import type { Micros } from './money.ts';

export const COPY_MODES = ['proportional', 'fixed_lots', 'multiplier'] as const;
/**
 * `proportional`: provider lots × copy equity ÷ provider equity × value; `fixed_lots`: value lots on every order;
 * `multiplier`: provider lots × value.
 */
export type CopyMode = (typeof COPY_MODES)[number];

/** What a copy's size is reckoned from. */
export interface CopySizeInput {
  mode: CopyMode;
  /** The mode's value as a decimal string: a ratio, lots or a multiplier (at most 8 decimals). */
  value: string;
  /** The provider's order size. */
  providerLots: Lots;
  /** The provider's equity before the order, micros (proportional only). */
  providerEquity: Micros;
  /** The copy account's equity before the copy, micros (proportional only). */
  copyEquity: Micros;
  /** The instrument's step, minimum and maximum per order. */
  rules: LotRules;
}

/** A copy's size: the lots to open, or a skip with the lots reckoned (already rounded down) and its reason. */
export type CopySize = { ok: true; lots: Lots } | { ok: false; lots: Lots; reason: 'below_min_lot' };

/** Floors `size` to a multiple of `step` (a non-positive size gives 0). */
const floorToStep = (size: bigint, step: bigint): bigint => (size <= 0n ? 0n : (size / step) * step);

/**
 * The copy's lots by mode, rounded down to the step and capped at the maximum (the largest multiple of the step not
 * above it); below the minimum (a proportional copy of a provider with no positive equity included) it is a skip
 * `below_min_lot`. Throws RangeError on a value that is not a plain non-negative decimal, or a step ≤ 0.
 */
export function copyLots(input: CopySizeInput): CopySize {
  const { rules } = input;
  if (rules.step <= 0n) throw new RangeError(`lot step must be positive: ${rules.step}`);
  const value = parseRate(input.value);
  let raw: bigint;
  switch (input.mode) {
    case 'fixed_lots':
      // Lots are 10⁻⁴, the value 10⁻⁸: exact when the value has at most 4 decimals, floored otherwise.
      raw = value / (RATE_SCALE / 10_000n);
      break;
    case 'multiplier':
      raw = (input.providerLots * value) / RATE_SCALE;
      break;
    case 'proportional':
      raw =
        input.providerEquity <= 0n || input.copyEquity <= 0n
          ? 0n
          : (input.providerLots * input.copyEquity * value) / (input.providerEquity * RATE_SCALE);
      break;
  }
  const maxOnStep = floorToStep(rules.max, rules.step);
  let size = floorToStep(raw, rules.step);
  if (size > maxOnStep) size = maxOnStep;
  if (size <= 0n || size < rules.min) return { ok: false, lots: size as Lots, reason: 'below_min_lot' };
  return { ok: true, lots: size as Lots };
}

/** What a copy does when its provider closes `part` of a position. */
export type CopyPart =
  /** Close this many lots of the copy; `whole` when that is all of it (the rest would fall below the minimum). */
  | { kind: 'part'; lots: Lots; whole: boolean }
  /** The share rounds down to nothing: the copy stays whole (recorded as a skip `below_lot_step`). */
  | { kind: 'skip'; reason: 'below_lot_step' };

/**
 * A copy's share of its provider's partial close: copy lots × part ÷ provider lots (before the close), rounded down to
 * the step. A share of 0 is a skip `below_lot_step`; a rest below the minimum closes the copy whole, as does a part
 * that is all of the provider's position.
 */
export function copyPart(copy: Lots, part: Lots, providerLots: Lots, rules: LotRules): CopyPart {
  if (rules.step <= 0n) throw new RangeError(`lot step must be positive: ${rules.step}`);
  if (providerLots <= 0n || part >= providerLots) return { kind: 'part', lots: copy, whole: true };
  const share = floorToStep((copy * part) / providerLots, rules.step);
  if (share <= 0n) return { kind: 'skip', reason: 'below_lot_step' };
  const rest = copy - share;
  if (rest <= 0n || rest < rules.min) return { kind: 'part', lots: copy, whole: true };
  return { kind: 'part', lots: share as Lots, whole: false };
}

/** The leverage a copy opens at: the provider's, capped by the copy account's type (null: uncapped). */
export const copyLeverage = (providerLeverage: number, maxLeverage: number | null): number =>
  maxLeverage === null || providerLeverage <= maxLeverage ? providerLeverage : maxLeverage;
