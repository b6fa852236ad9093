import { managementFeeForDay, performanceFee, raisedHighWaterMark, utcDayStart, utcMonthStart } from './copy-fees.ts';
import { micros, type Micros } from './money.ts';

/**
 * A copy strategy's public figures (DESIGN §18), computed from the engine's own records and after the strategy's fees:
 * what a follower who put 100 USD in at the start would hold each day, once the management fee (daily) and the
 * performance fee (monthly, above the high-water mark, and at the end as if they left now) are taken. Pure and exact:
 * money in micros, percentages as hundredths of a percent.
 */

const DAY_MS = 86_400_000;
/** The follower's starting stake in the curve: 100 USD. */
export const CURVE_BASE = micros(100_000_000n);

/** One day of the provider's record: the balance it started with and the trading P/L booked on it (USD micros). */
export interface StrategyDay {
  /** The day's start, unix ms UTC. */
  day: number;
  opening: Micros;
  pnl: Micros;
}

/** One money movement of the provider's own balance: `trading` P/L (fills, fees, swaps) or a flow (deposit, …). */
export interface BalanceMovement {
  at: number;
  amount: Micros;
  trading: boolean;
}

/**
 * The provider's days from `from` to `to` (both unix ms, every UTC day touched, oldest first): each day's opening
 * balance (`opening` before `from`, then every movement) and its trading P/L. Flows (deposits, withdrawals, copy fees
 * earned) move the balance but are not performance, so they never count as a return.
 */
export function strategyDays(opening: Micros, from: number, to: number, movements: readonly BalanceMovement[]): StrategyDay[] {
  const sorted = [...movements].sort((a, b) => a.at - b.at);
  const days: StrategyDay[] = [];
  let balance: bigint = opening;
  let i = 0;
  for (let day = utcDayStart(from); day <= to; day += DAY_MS) {
    const start = balance;
    let pnl = 0n;
    for (; i < sorted.length && sorted[i]!.at < day + DAY_MS; i++) {
      const m = sorted[i]!;
      balance += m.amount;
      if (m.trading) pnl += m.amount;
    }
    days.push({ day, opening: micros(start), pnl: micros(pnl) });
  }
  return days;
}

/** A point of the after-fee curve: what the follower's 100 USD had become by the end of day `t`. */
export interface CurvePoint {
  t: number;
  equity: Micros;
}

/**
 * The follower's curve after fees: each day the stake grows by the provider's return that day (P/L ÷ opening balance;
 * none on a day that opened without money), the day's management fee is taken, and at each month's end the
 * performance fee above the high-water mark; the last point also gives up the performance fee due if the follower left
 * then. Never below zero.
 */
export function afterFeeCurve(days: readonly StrategyDay[], fees: { performanceBp: number; managementBp: number }): CurvePoint[] {
  const points: CurvePoint[] = [];
  let stake: bigint = CURVE_BASE;
  let mark: Micros = CURVE_BASE;
  for (const d of days) {
    if (d.opening > 0n) stake += (stake * d.pnl) / d.opening;
    if (stake < 0n) stake = 0n;
    stake -= managementFeeForDay(micros(stake), fees.managementBp);
    if (utcMonthStart(d.day + DAY_MS) > utcMonthStart(d.day)) {
      const fee = performanceFee(micros(stake), mark, fees.performanceBp);
      mark = raisedHighWaterMark(mark, micros(stake), fee);
      stake -= fee;
    }
    points.push({ t: d.day, equity: micros(stake) });
  }
  const last = points[points.length - 1];
  if (last) last.equity = micros(last.equity - performanceFee(last.equity, mark, fees.performanceBp));
  return points;
}

/** `a ÷ b` as hundredths of a percent, rounded toward zero (0 when b ≤ 0). */
export function hundredthsOf(a: bigint, b: bigint): bigint {
  return b <= 0n ? 0n : (a * 10_000n) / b;
}

/** Hundredths of a percent as text with 2 decimals: 1234n → '12.34', -5n → '-0.05'. */
export function percentText(hundredths: bigint): string {
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * The curve's return since `from` (unix ms), hundredths of a percent: the last point against the last point before
 * `from` (the base of 100 USD when the curve starts later).
 */
export function curveReturn(curve: readonly CurvePoint[], from = Number.NEGATIVE_INFINITY): bigint {
  const last = curve[curve.length - 1];
  if (!last) return 0n;
  let base: Micros = CURVE_BASE;
  for (const p of curve) if (p.t < from) base = p.equity;
  return hundredthsOf(last.equity - base, base);
}

/** The largest fall from a peak to a later trough of the curve (the 100 USD start counted as a peak), hundredths of a percent. */
export function maxDrawdown(curve: readonly CurvePoint[]): bigint {
  let peak: bigint = CURVE_BASE;
  let worst = 0n;
  for (const p of curve) {
    if (p.equity > peak) peak = p.equity;
    const fall = hundredthsOf(peak - p.equity, peak);
    if (fall > worst) worst = fall;
  }
  return worst;
}

/** Winning closed orders among `closed`, hundredths of a percent. */
export const winRate = (wins: number, closed: number): bigint => hundredthsOf(BigInt(wins), BigInt(closed));
