import { micros, ZERO, type Micros } from './money.ts';

/**
 * Copy trading's fees (DESIGN §18), exact in integer micros: a management fee accrued daily on the copy account's
 * equity, and a performance fee on gains above the follower's high-water mark, settled monthly and at unfollow. Fees
 * are in basis points (hundredths of a percent: 2000 = 20 %). Pure: times come in as arguments, unix ms UTC.
 */

const DAY_MS = 86_400_000;
const DAYS_PER_YEAR = 365n;
const BP = 10_000n;

/** One day's management fee: equity × bp ÷ 10000 ÷ 365, rounded down to the micro (none on equity ≤ 0). */
export function managementFeeForDay(equity: Micros, managementBp: number): Micros {
  if (equity <= 0n || managementBp <= 0) return ZERO;
  return micros((equity * BigInt(managementBp)) / (BP * DAYS_PER_YEAR));
}

/** The performance fee due: (equity − high-water mark) × bp ÷ 10000 rounded down, when the equity is above the mark. */
export function performanceFee(equity: Micros, highWaterMark: Micros, performanceBp: number): Micros {
  if (equity <= highWaterMark || performanceBp <= 0) return ZERO;
  return micros(((equity - highWaterMark) * BigInt(performanceBp)) / BP);
}

/**
 * The high-water mark after a settlement: raised to the equity left once the fee is taken (`equity − fee`), never
 * lowered, so the same gain is never charged twice.
 */
export function raisedHighWaterMark(highWaterMark: Micros, equity: Micros, feeDue: Micros): Micros {
  const after = equity - feeDue;
  return after > highWaterMark ? micros(after) : highWaterMark;
}

/**
 * What can actually be taken for a fee: the fee, at most the account's cash (positions' margin is not cash, and the
 * ledger never takes a user account below zero); what cannot be taken is forgiven, never carried.
 */
export function chargeable(fee: Micros, cash: Micros): Micros {
  if (fee <= 0n || cash <= 0n) return ZERO;
  return fee < cash ? fee : cash;
}

/** The start (00:00 UTC) of the day holding `t`. */
export const utcDayStart = (t: number): number => Math.floor(t / DAY_MS) * DAY_MS;

/** The start (the 1st, 00:00 UTC) of the month holding `t`. */
export function utcMonthStart(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/**
 * The days whose management fee is due at `now`, oldest first, as their starts: every whole UTC day from `accruedTo`
 * (the end of the last day accrued, a day start) that has ended by `now`. A follow starts accruing at the end of its
 * first whole day (`firstAccrual`).
 */
export function managementDaysDue(accruedTo: number, now: number): number[] {
  const days: number[] = [];
  for (let day = utcDayStart(accruedTo); day + DAY_MS <= now; day += DAY_MS) days.push(day);
  return days;
}

/** Where a new follow's management accrual starts: the next day start after it began (its first day is free). */
export const firstAccrual = (startedAt: number): number => utcDayStart(startedAt) + DAY_MS;

/**
 * Whether the monthly performance settlement is due: a month has begun since the last settlement (`settledAt`, a
 * month start). Settled on the 1st of each month, UTC.
 */
export const performanceSettlementDue = (settledAt: number, now: number): boolean => utcMonthStart(now) > settledAt;

/**
 * The equity stop (DESIGN §18): a follow ends when its copy account's equity falls to `invested × (1 − pct ÷ 100)` or
 * below; 0 % is no stop.
 */
export function equityStopHit(equity: Micros, invested: Micros, stopPercent: number): boolean {
  if (stopPercent <= 0) return false;
  return equity * 100n <= invested * BigInt(100 - stopPercent);
}
