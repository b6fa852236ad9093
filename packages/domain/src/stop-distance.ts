/**
 * Stop-loss and take-profit as a distance (issue 20 point 4): the order ticket lets the trader set a level as a price,
 * as pips from the entry, or as the money at risk (stop-loss) or at target (take-profit). These are the conversions
 * between the three, pure and exact (points are integers, money is Micros), and the distance a new level starts at.
 * The engine checks the resulting level with stopsCheck (trading.ts) like any other; nothing here relaxes that rule.
 */
import { divideRounded, pow10n, type Rate, type Rounding } from './conversion.ts';
import { LOT_SCALE, type Lots } from './lots.ts';
import { MICROS_PER_UNIT, micros, type Micros } from './money.ts';
import { pointsToPrice, priceToPoints } from './price.ts';
import { pipPoints, profitLoss, type Side, type TradingTerms } from './trading.ts';

/** Which of the two levels. */
export type StopLevelKind = 'stop_loss' | 'take_profit';

/**
 * Decimal places a pip count has, so that its last digit is one point: 1 where a pip is 10 points (prices with 3 or 5
 * decimals), 2 where it is 100 (BTCUSD), 0 where a pip is a point. `categoryId` as pipPoints takes it.
 */
export const pipDecimals = (precision: number, categoryId?: number): number =>
  Math.round(Math.log10(pipPoints(precision, categoryId)));

/**
 * Pips typed as a decimal ("27.5") to points: exact to the tenth of a pip on 3- and 5-decimal prices (275 points),
 * rounded half away from zero to a whole point elsewhere. Throws RangeError on anything but a plain decimal.
 */
export function pipsToPoints(pips: string, precision: number, categoryId?: number): number {
  return priceToPoints(pips, pipDecimals(precision, categoryId));
}

/** Points as pips (280 points at precision 5 → 28, 275 → 27.5; 24,506 points of BTCUSD, category 5 → 245.06). */
export function pointsToPips(points: number, precision: number, categoryId?: number): number {
  return pointsToPrice(points, pipDecimals(precision, categoryId));
}

/**
 * The level `distance` points from `entry` on the side where it belongs: a buy's stop-loss below the entry and its
 * take-profit above, a sell's the reverse. May be 0 or negative for a distance as large as the price (no such level).
 */
export function levelAt(side: Side, kind: StopLevelKind, entry: number, distance: number): number {
  const below = (side === 1) === (kind === 'stop_loss');
  return below ? entry - distance : entry + distance;
}

/** How far `level` is from `entry` on its own side, in points (negative when it is on the wrong side). */
export function levelDistance(side: Side, kind: StopLevelKind, entry: number, level: number): number {
  const below = (side === 1) === (kind === 'stop_loss');
  return below ? entry - level : level - entry;
}

/**
 * The money a level means, in USD micros, always ≥ 0 when the level is on its side: for a stop-loss the loss if it
 * fills there (at risk), for a take-profit the gain (at target). The same profitLoss the engine books, so `rate` is the
 * conversion at the level (conversionRate with the level's price: it matters for USD/XXX pairs).
 */
export function levelAmount(
  terms: TradingTerms,
  side: Side,
  kind: StopLevelKind,
  lots: Lots,
  entry: number,
  level: number,
  rate: Rate,
): Micros {
  const pl = profitLoss(terms, side, lots, entry, level, rate);
  return kind === 'stop_loss' ? micros(-pl) : pl;
}

/**
 * The distance in whole points over which `lots` gain or lose `amount` (USD micros ≥ 0) at `rate`:
 * amount × 10⁴ × 10^precision × rate.den ÷ (lots × contractSize × rate.num × 10⁶), rounded as asked (`floor` so a
 * stop-loss never risks more than the amount, `ceil` so a take-profit reaches at least it). Null when there is no
 * such distance (no size, no rate, a negative amount, or beyond the safe integer range).
 */
export function distanceForAmount(
  terms: TradingTerms,
  lots: Lots,
  amount: Micros,
  rate: Rate,
  rounding: Extract<Rounding, 'floor' | 'ceil'>,
): number | null {
  const slope = lots * BigInt(terms.contractSize) * rate.num * MICROS_PER_UNIT;
  if (amount < 0n || slope <= 0n || rate.den <= 0n) return null;
  const points = divideRounded(amount * LOT_SCALE * pow10n(terms.precision) * rate.den, slope, rounding);
  return points <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(points) : null;
}

/**
 * The level whose amount (levelAmount) is `amount`: at most it for a stop-loss, at least it for a take-profit. Where
 * the conversion depends on the exit price (USD/XXX pairs) the distance is found at the entry's rate and corrected
 * with the rate at the level found, until it settles (two or three rounds). `rateAt` gives the conversion for a price
 * in points (conversionRate). Null when there is no such level (no rate, or a loss larger than the price allows).
 */
export function levelForAmount(
  terms: TradingTerms,
  side: Side,
  kind: StopLevelKind,
  lots: Lots,
  entry: number,
  amount: Micros,
  rateAt: (points: number) => Rate | undefined,
): number | null {
  const rounding = kind === 'stop_loss' ? 'floor' : 'ceil';
  let rate = rateAt(entry);
  let level: number | null = null;
  for (let round = 0; round < 4 && rate; round++) {
    const distance = distanceForAmount(terms, lots, amount, rate, rounding);
    if (distance === null) return null;
    const next = levelAt(side, kind, entry, distance);
    if (next <= 0) return null;
    if (next === level) break;
    level = next;
    rate = rateAt(level);
  }
  return level;
}

/** Where a new stop-loss or take-profit starts, as a share of the price: 0.25 % (25 ten-thousandths). */
export const DEFAULT_STOP_SHARE = 25n;

/**
 * The distance in points a stop-loss or take-profit starts at when the trader turns it on (DESIGN §12 departure: not at
 * the market, where the engine refuses it at once): 0.25 % of the price, at least 10 pips and 3 spreads (so the
 * level is off the market whatever side it is on), rounded up to whole pips. EURUSD 1.08500 → 28 pips; USDJPY
 * 150.000 → 38 pips; BTCUSD 95,000.00 → 238.00 (237.50 without its category); XAUUSD 2,650.00 → 6.70.
 */
export function defaultStopDistance(pricePoints: number, precision: number, spreadPoints: number, categoryId?: number): number {
  const pip = pipPoints(precision, categoryId);
  const share = Number(divideRounded(BigInt(Math.max(0, Math.trunc(pricePoints))) * DEFAULT_STOP_SHARE, 10_000n, 'ceil'));
  const spread = Number.isSafeInteger(spreadPoints) && spreadPoints > 0 ? spreadPoints : 0;
  const wanted = Math.max(share, 10 * pip, 3 * spread);
  return Math.ceil(wanted / pip) * pip;
}

/**
 * How far an order's margin and fee exceed the free margin, in USD micros (0 when they fit): the engine refuses an
 * order when free margin (freeMargin in risk.ts) < margin + fee, so a positive shortfall is a refusal to come.
 */
export function marginShortfall(free: Micros, margin: Micros, fee: Micros): Micros {
  const short = margin + fee - free;
  return micros(short > 0n ? short : 0n);
}

/**
 * A level's amount to whole cents as the ticket shows and takes it back: a stop-loss's risk rounded up (never shown
 * smaller than it is), a take-profit's gain rounded down (never shown larger). Read back with levelForAmount, the
 * cents give the same level whenever a point is worth at least a cent.
 */
export function amountInCents(kind: StopLevelKind, amount: Micros): Micros {
  const cent = 10_000n;
  return micros(divideRounded(amount, cent, kind === 'stop_loss' ? 'ceil' : 'floor') * cent);
}
