/**
 * Candle aggregation (DESIGN §4 and §17: periods 1min 5min 15min 30min 60min 4hour 1day 1week 1mon). Prices are
 * integer points; times of bars are their open time in unix seconds. Intraday bars (4hour included) align to the UTC
 * clock; the day bar starts at the instrument's trading-day rollover (passed in, since it depends on the zone's
 * rules). Week and month bars group trading days: a trading day belongs to the week (Monday 00:00 UTC) or month (the
 * 1st, 00:00 UTC) of its date, the UTC date twelve hours after the day opens (forex's Monday opens on Sunday 22:00
 * UTC and is Monday's), and the bar's time is that Monday or that 1st at 00:00 UTC.
 */
import { PERIOD_SECONDS_BY_NAME, type PeriodName } from './periods.ts';

export interface Candle {
  /** Open time, unix seconds. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const DAY = 86_400;

/** The UTC date (unix seconds of its midnight) a trading day opening at `dayStartSeconds` is named by. */
export function tradingDate(dayStartSeconds: number): number {
  return Math.floor((dayStartSeconds + DAY / 2) / DAY) * DAY;
}

/** Monday 00:00 UTC of the week holding the date `dateSeconds` (a UTC midnight). */
export function weekStart(dateSeconds: number): number {
  // 1970-01-01 was a Thursday: days since a Monday are (days + 3) mod 7.
  const days = Math.floor(dateSeconds / DAY);
  return (days - ((((days + 3) % 7) + 7) % 7)) * DAY;
}

/** The 1st, 00:00 UTC, of the month holding `dateSeconds`. */
export function monthStart(dateSeconds: number): number {
  const d = new Date(dateSeconds * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
}

/** The week or month bar (unix seconds) of the trading day opening at `dayStartSeconds`. */
export function dayGroupStart(period: '1week' | '1mon', dayStartSeconds: number): number {
  const date = tradingDate(dayStartSeconds);
  return period === '1week' ? weekStart(date) : monthStart(date);
}

/** The open time (unix seconds) of the `period` bar containing `ms`; `dayStartMs` is needed for 1day, 1week, 1mon. */
export function bucketStart(period: PeriodName, ms: number, dayStartMs?: number): number {
  if (period === '1day' || period === '1week' || period === '1mon') {
    if (dayStartMs === undefined) throw new Error(`${period} bars need the trading-day start`);
    const day = Math.floor(dayStartMs / 1000);
    return period === '1day' ? day : dayGroupStart(period, day);
  }
  const size = PERIOD_SECONDS_BY_NAME[period];
  const s = Math.floor(ms / 1000);
  return s - (((s % size) + size) % size);
}

/**
 * The candle after one more price in bucket `time`: a new bar when `time` is past the current one's, else the
 * current bar extended. A price from an older bucket than `current` is refused (returns `current` unchanged).
 */
export function applyPrice(current: Candle | undefined, time: number, price: number, volume: number): Candle {
  if (!current || time > current.time) return { time, open: price, high: price, low: price, close: price, volume };
  if (time < current.time) return current;
  return {
    time,
    open: current.open,
    high: Math.max(current.high, price),
    low: Math.min(current.low, price),
    close: price,
    volume: current.volume + volume,
  };
}

/** Merges consecutive finer bars (oldest first) into one coarser bar with open time `time`. */
export function mergeCandles(time: number, bars: readonly Candle[]): Candle | undefined {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) return undefined;
  let high = first.high;
  let low = first.low;
  let volume = 0;
  for (const b of bars) {
    if (b.high > high) high = b.high;
    if (b.low < low) low = b.low;
    volume += b.volume;
  }
  return { time, open: first.open, high, low, close: last.close, volume };
}

/** Groups finer bars (oldest first) into coarser ones by a bucket function of each bar's open time. */
export function aggregateCandles(bars: readonly Candle[], bucketOf: (timeSeconds: number) => number): Candle[] {
  const out: Candle[] = [];
  let group: Candle[] = [];
  let groupTime: number | undefined;
  for (const b of bars) {
    const t = bucketOf(b.time);
    if (groupTime !== undefined && t !== groupTime) {
      const merged = mergeCandles(groupTime, group);
      if (merged) out.push(merged);
      group = [];
    }
    groupTime = t;
    group.push(b);
  }
  if (groupTime !== undefined) {
    const merged = mergeCandles(groupTime, group);
    if (merged) out.push(merged);
  }
  return out;
}
