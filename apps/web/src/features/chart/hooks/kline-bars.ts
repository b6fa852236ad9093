import type { KlinePoint, KlineMessage, Period } from '@tradepad/contracts/market/constants';

/**
 * The chart's bar array and how live and older bars merge into it. Bars are oldest first with unique `Time`s
 * (unix seconds, the bar's open), which is what the chart library requires.
 */

/** Sorted by time, one bar per time (the later one of duplicates wins). */
export function normalizeBars(bars: readonly KlinePoint[]): KlinePoint[] {
  const byTime = new Map<number, KlinePoint>();
  for (const b of bars) if (Number.isFinite(b.Time)) byTime.set(b.Time, b);
  return [...byTime.values()].sort((a, b) => a.Time - b.Time);
}

export type LiveMerge =
  /** The bar replaces the newest bar (same open time). */
  | { kind: 'update'; bars: KlinePoint[] }
  /** The bar starts a new candle after the newest. */
  | { kind: 'append'; bars: KlinePoint[] }
  /** Older than the newest bar: the chart cannot take it, and history does not move. */
  | { kind: 'ignore'; bars: readonly KlinePoint[] };

/** Merges a live bar (`KLINE` push) into the array. */
export function mergeLiveBar(bars: readonly KlinePoint[], bar: KlinePoint): LiveMerge {
  const last = bars[bars.length - 1];
  if (!last || bar.Time > last.Time) return { kind: 'append', bars: [...bars, bar] };
  if (bar.Time === last.Time) return { kind: 'update', bars: [...bars.slice(0, -1), bar] };
  return { kind: 'ignore', bars };
}

/** Puts an older page in front, dropping any bar the array already covers; `added` is how many went in. */
export function prependOlder(bars: readonly KlinePoint[], older: readonly KlinePoint[]): { bars: KlinePoint[]; added: number } {
  const first = bars[0];
  const fresh = normalizeBars(first ? older.filter((b) => b.Time < first.Time) : older);
  return { bars: [...fresh, ...bars], added: fresh.length };
}

/** The bar of a `KLINE` push for this chart, or null when it belongs to another period or instrument. */
export function liveBarFor(message: Partial<KlineMessage>, forexId: number, period: Period): KlinePoint | null {
  const k = message.kline;
  if (!k || k.Period !== period) return null;
  const id = k.ForexId ?? message.forex_id;
  if (id !== undefined && id !== forexId) return null;
  if (![k.Time, k.Open, k.High, k.Low, k.Close].every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  return { Time: k.Time, Open: k.Open, High: k.High, Low: k.Low, Close: k.Close, Volume: k.Volume ?? 0 };
}
