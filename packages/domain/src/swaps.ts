/**
 * Overnight financing (swaps, issue 20 point 3, DESIGN §12): the 17:00 New York rollover and what it charges. Pure:
 * time comes in as unix milliseconds; the New York wall clock comes from the zone rules (Intl), so the rollover is at
 * 21:00 UTC in summer and 22:00 UTC in winter, and the weeks where the United States change their clocks need nothing
 * special.
 *
 * Rules:
 * - A rollover happens at 17:00 New York on each weekday, Monday to Friday. Saturday and Sunday have none: Friday
 *   17:00 is the last of the week, and the weekend's two nights are charged on the instrument's triple day instead.
 * - Each position open at a rollover is charged once for it: `lots × rate × nights`, where the rate is the
 *   instrument's `SwapLong` for a buy and `SwapShort` for a sell (USD per lot per night, negative = the trader pays),
 *   and `nights` is 3 on the instrument's triple day (FX: Wednesday, whose spot value date rolls over the weekend;
 *   indices and commodities: Friday), else 1.
 * - The amount is in USD micros, computed exactly in integers and rounded once, to the micro, half away from zero (so
 *   a long's charge is exactly minus the same short's at opposite rates).
 */
import { divideRounded } from './conversion.ts';
import { LOT_SCALE, type Lots } from './lots.ts';
import { fromWallTime, wallTime } from './market-hours.ts';
import { micros, type Micros } from './money.ts';
import type { Side } from './trading.ts';

export const ROLLOVER_TIME_ZONE = 'America/New_York';
/** Minute of the New York day when the rollover happens: 17:00. */
export const ROLLOVER_MINUTE = 17 * 60;

const DAY = 86_400_000;

/** One rollover. */
export interface Rollover {
  /** The New York date it ends (the trade date), `YYYY-MM-DD`: the key a position is charged once per. */
  day: string;
  /** That date's weekday, 1 Monday … 5 Friday. */
  weekday: number;
  /** The instant, unix ms (17:00 New York that day). */
  at: number;
}

/** The rollover of the New York date whose midnight, as wall time read as UTC, is `wallMidnight`. */
function rolloverOf(wallMidnight: number): Rollover {
  const d = new Date(wallMidnight);
  return {
    day: d.toISOString().slice(0, 10),
    weekday: d.getUTCDay(),
    at: fromWallTime(ROLLOVER_TIME_ZONE, wallMidnight + ROLLOVER_MINUTE * 60_000),
  };
}

/** The New York midnight (as wall time read as UTC) of the date at `ms`. */
function wallMidnightAt(ms: number): number {
  const wall = wallTime(ROLLOVER_TIME_ZONE, ms);
  return wall - (((wall % DAY) + DAY) % DAY);
}

const isWeekday = (r: Rollover) => r.weekday >= 1 && r.weekday <= 5;

/** The rollover of a New York date `YYYY-MM-DD` (any weekday; undefined when the text is not a date). */
export function rolloverOn(day: string): Rollover | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) return undefined;
  return rolloverOf(midnight);
}

/** The latest rollover (a weekday's 17:00 New York) at or before `ms`. */
export function lastRollover(ms: number): Rollover {
  let midnight = wallMidnightAt(ms);
  for (;;) {
    const r = rolloverOf(midnight);
    if (r.at <= ms && isWeekday(r)) return r;
    midnight -= DAY;
  }
}

/** The first rollover strictly after `ms`. */
export function nextRollover(ms: number): Rollover {
  let midnight = wallMidnightAt(ms);
  for (;;) {
    const r = rolloverOf(midnight);
    if (r.at > ms && isWeekday(r)) return r;
    midnight += DAY;
  }
}

/**
 * The rollovers after `afterMs` up to and including `untilMs`, oldest first, at most `limit` of them (the newest are
 * kept when there are more).
 */
export function rolloversBetween(afterMs: number, untilMs: number, limit = 400): Rollover[] {
  const out: Rollover[] = [];
  if (untilMs <= afterMs) return out;
  for (let r = nextRollover(afterMs); r.at <= untilMs; r = nextRollover(r.at)) {
    out.push(r);
    if (out.length > limit) out.shift();
  }
  return out;
}

/** Nights a rollover charges: three on the instrument's triple day (weekday 1–5), else one. */
export function swapNights(weekday: number, tripleDay: number): 1 | 3 {
  return weekday === tripleDay ? 3 : 1;
}

/** The swap rate that applies to a position: `long` for a buy, `short` for a sell. */
export function swapRateFor(side: Side, rates: { long: Micros; short: Micros }): Micros {
  return side === 1 ? rates.long : rates.short;
}

/**
 * What one rollover charges a position (negative: the trader pays): lots × rate (USD micros per lot per night) ×
 * nights, rounded once to the micro, half away from zero. 0.01 lot at −6.25 USD is −62,500 micros a night.
 */
export function swapCharge(size: Lots, ratePerLot: Micros, nights: number): Micros {
  if (!Number.isInteger(nights) || nights < 0) throw new RangeError(`nights must be a whole number: ${nights}`);
  return micros(divideRounded(size * ratePerLot * BigInt(nights), LOT_SCALE, 'half_away'));
}

/** Whether a triple day is one a rollover can fall on (Monday 1 … Friday 5). */
export const tripleDayOk = (day: number): boolean => Number.isInteger(day) && day >= 1 && day <= 5;
