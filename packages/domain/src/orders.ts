/**
 * Richer orders (DESIGN §12): trailing stops, break-even, partial closes and pending expiry. Prices are integer
 * points, sizes Lots (10⁻⁴ lot), money Micros; pure rules the engine and the app share.
 */
import type { Lots } from './lots.ts';
import { micros, type Micros } from './money.ts';
import type { BidAsk, Side } from './trading.ts';

/**
 * The stop-loss a trailing stop of `distance` points sets at once (DESIGN §12): bid − distance for a buy, ask +
 * distance for a sell. Undefined when that is not a positive level (a distance as large as the price).
 */
export function trailingStopLevel(side: Side, quote: BidAsk, distance: number): number | undefined {
  if (!(Number.isSafeInteger(distance) && distance > 0))
    throw new RangeError(`trailing distance must be a positive integer: ${distance}`);
  const level = side === 1 ? quote.bid - distance : quote.ask + distance;
  return level > 0 ? level : undefined;
}

/**
 * Where a trailing stop goes on a quote: the level `distance` behind the market if that is better for the trader than
 * `current` (higher for a buy, lower for a sell; a sell's 0 means none yet), else `current` unchanged. It never moves
 * against the trader.
 */
export function trailedStop(side: Side, current: number, quote: BidAsk, distance: number): number {
  const level = trailingStopLevel(side, quote, distance);
  if (level === undefined) return current;
  if (side === 1) return level > current ? level : current;
  return current === 0 || level < current ? level : current;
}

/**
 * The quote level at which a trailing stop next moves (its trigger in the trigger book): a buy's when the bid reaches
 * stop + distance + 1, a sell's when the ask falls to stop − distance − 1. Undefined when there is no such positive level.
 */
export function trailingTriggerLevel(side: Side, stopLoss: number, distance: number): number | undefined {
  const level = side === 1 ? stopLoss + distance + 1 : stopLoss - distance - 1;
  return level > 0 && Number.isSafeInteger(level) ? level : undefined;
}

/**
 * Whether a stop-loss may be set on an open position: strictly on the losing side of the current closing price (below
 * the bid for a buy, above the ask for a sell), wherever the entry is. A stop past the entry locks in a profit; at the
 * entry it is break-even.
 */
export function positionStopLossOk(side: Side, stopLoss: number, market: BidAsk): boolean {
  if (stopLoss === 0) return true;
  if (!(stopLoss > 0)) return false;
  return side === 1 ? stopLoss < market.bid : stopLoss > market.ask;
}

/**
 * Break-even (a stop-loss at the entry) is possible only once the market is beyond the entry in the trader's favour:
 * the bid above the entry for a buy, the ask below it for a sell.
 */
export function breakEvenOk(side: Side, entry: number, market: BidAsk): boolean {
  return side === 1 ? market.bid > entry : market.ask < entry;
}

export type PartialCloseCheck = 'ok' | 'not_positive' | 'off_step' | 'not_less' | 'rest_below_min';

/**
 * Whether `part` lots of a position of `size` may be closed alone: a positive multiple of the lot step, less than the
 * position, leaving at least the instrument's minimum open.
 */
export function partialCloseCheck(part: Lots, size: Lots, rules: { step: Lots; min: Lots }): PartialCloseCheck {
  if (part <= 0n) return 'not_positive';
  if (rules.step > 0n && part % rules.step !== 0n) return 'off_step';
  if (part >= size) return 'not_less';
  if (size - part < rules.min) return 'rest_below_min';
  return 'ok';
}

/**
 * A position's margin or fee split pro rata for a partial close of `part` of `size` lots: the closed part's share is
 * rounded down, and the rest keeps the remainder, so the two add up to the whole exactly.
 */
export function splitProRata(amount: Micros, part: Lots, size: Lots): { part: Micros; rest: Micros } {
  if (!(part > 0n && part < size)) throw new RangeError(`part ${part} must be inside (0, ${size})`);
  const share = (amount * part) / size;
  return { part: micros(share), rest: micros(amount - share) };
}

/**
 * A pending order's expiry (unix seconds; 0 = until cancelled) is valid when 0 or in the future and not absurdly far
 * (ten years).
 */
export function expiryOk(expireAt: number, nowMs: number): boolean {
  if (expireAt === 0) return true;
  if (!Number.isSafeInteger(expireAt)) return false;
  return expireAt * 1000 > nowMs && expireAt * 1000 < nowMs + 10 * 366 * 86_400_000;
}

/** Whether a pending order with this expiry (unix seconds) has expired at `nowMs`. */
export const expired = (expireAt: number, nowMs: number): boolean => expireAt > 0 && expireAt * 1000 <= nowMs;
