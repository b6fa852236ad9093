/**
 * Candle aggregation (DESIGN §4: periods 1min 5min 15min 30min 60min 1day). Prices are integer points; times of
 * bars are their open time in unix seconds. Intraday bars align to the UTC clock; the day bar starts at the
 * instrument's trading-day rollover (passed in, since it depends on the zone's rules).
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

/** The open time (unix seconds) of the `period` bar containing `ms`; `dayStartMs` is needed for 1day. */
export function bucketStart(period: PeriodName, ms: number, dayStartMs?: number): number {
  if (period === '1day') {
    if (dayStartMs === undefined) throw new Error('1day bars need the trading-day start');
    return Math.floor(dayStartMs / 1000);
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
