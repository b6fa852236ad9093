import type { KlinePoint, SparklineSeries } from '@tradepad/contracts';
import {
  applyPrice,
  bucketStart,
  isMarketOpen,
  mergeCandles,
  percentChange,
  pointsToPrice,
  type Candle,
  type PeriodName,
} from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { Catalogue } from './catalogue.ts';
import type { CandleRow, Instrument } from './market.repository.ts';
import type { MarketDeps } from './market.service.ts';

/** How often the bars changed in memory are written to the database (and how long read bars are shared). */
export const FLUSH_EVERY_MS = 1000;
const SPARKLINE_BARS = 48;
const SPARKLINE_PERIOD: PeriodName = '30min';

/** A bar as the charts read it: prices from points at the instrument's precision. */
export function klinePoint(inst: Instrument, b: Candle): KlinePoint {
  const p = (x: number) => pointsToPrice(x, inst.precision);
  return { Time: b.time, Open: p(b.open), High: p(b.high), Low: p(b.low), Close: p(b.close), Volume: b.volume };
}

/**
 * The candles: each instrument's bar in progress of every period, held in memory and written every second, and the
 * charts' reads (stored bars with the live one on top, and the trade list's sparklines).
 */
export class LiveCandles {
  private readonly current = new Map<number, Map<PeriodName, Candle>>();
  private readonly dirty = new Map<string, CandleRow>();
  private sparkCache: { at: number; data: SparklineSeries[] } | undefined;
  /** Recent stored bars per instrument, period and size, kept a second (the live bar is added fresh on every call). */
  private readonly recentBars = new Map<string, { at: number; bars: Promise<Candle[]> }>();

  constructor(
    private readonly cat: Catalogue,
    private readonly d: Pick<MarketDeps, 'repo' | 'clock'>,
  ) {}

  /** An instrument's bars in progress by period (made empty on its first tick). */
  barsOf(instrumentId: number): Map<PeriodName, Candle> {
    const bars = this.current.get(instrumentId) ?? new Map<PeriodName, Candle>();
    this.current.set(instrumentId, bars);
    return bars;
  }

  /** Makes `bar` an instrument's current bar of `period`, to be written by the next flush. */
  setBar(instrumentId: number, bars: Map<PeriodName, Candle>, period: PeriodName, bar: Candle): void {
    bars.set(period, bar);
    this.dirty.set(`${instrumentId}|${period}|${bar.time}`, { instrumentId, period, ...bar });
  }

  /**
   * Puts an older part of a bucket (history generated backwards) in front of the bar in progress, when that bucket is
   * the one in progress: memory holds it and the next flush writes it, so the feed's own flush cannot overwrite the
   * merge. Answers false when the bucket is not in progress (the caller merges it with the stored row instead).
   */
  mergeOlder(instrumentId: number, period: PeriodName, older: Candle): boolean {
    const bars = this.current.get(instrumentId);
    const bar = bars?.get(period);
    if (!bars || !bar || bar.time !== older.time) return false;
    this.setBar(instrumentId, bars, period, mergeCandles(bar.time, [older, bar])!);
    return true;
  }

  /** Writes the bars changed since the last flush. */
  async flush(): Promise<void> {
    if (this.dirty.size === 0) return;
    const rows = [...this.dirty.values()];
    this.dirty.clear();
    await this.d.repo.upsertCandles(rows);
  }

  /**
   * Loads the newest stored bar of each period, so live ticks continue it, and primes the day's quote: of every
   * instrument at start, or of `only` (instruments created while running, whose history was just written).
   */
  async loadCurrentBars(only?: ReadonlySet<number>): Promise<void> {
    const latest = await this.d.repo.latestCandles();
    for (const row of latest) {
      if (only && !only.has(row.instrumentId)) continue;
      const bars = this.current.get(row.instrumentId) ?? new Map<PeriodName, Candle>();
      bars.set(row.period, {
        time: row.time,
        open: row.open,
        high: row.high,
        low: row.low,
        close: row.close,
        volume: row.volume,
      });
      this.current.set(row.instrumentId, bars);
    }
    for (const inst of this.cat.instruments) {
      if (only && !only.has(inst.id)) continue;
      const bars = this.current.get(inst.id);
      const minute = bars?.get('1min');
      const day = bars?.get('1day');
      if (!minute || !day) continue;
      // The bars are on the published bid; the quote book prices the ask by the instrument's terms.
      const bid = minute.close;
      this.cat.quotes.prime(inst.code, {
        bid,
        time: minute.time * 1000,
        dayStart: day.time * 1000,
        dayOpen: day.open,
        dayHigh: day.high,
        dayLow: day.low,
        dayVolume: day.volume,
        change: percentChange(day.open, bid),
      });
    }
  }

  /**
   * The history ends with the last whole minute and live ticks open the next ones: a start in the last moments of a
   * minute, before an instrument's first tick, would leave that minute without a bar. Each open instrument's minute
   * therefore starts at once, at the last price (ticks then move it).
   */
  openCurrentMinutes(now: number): void {
    for (const inst of this.cat.instruments) {
      const bars = this.current.get(inst.id);
      const last = bars?.get('1min');
      const q = this.cat.quotes.get(inst.code);
      if (!bars || !last || !q || inst.enabled !== 1 || !isMarketOpen(inst.hours, now)) continue;
      const time = bucketStart('1min', now, q.dayStart);
      if (last.time >= time) continue;
      this.setBar(inst.id, bars, '1min', applyPrice(last, time, q.bid, 0));
    }
  }

  async kline(forexId: number, period: PeriodName, limit: number, to?: number): Promise<KlinePoint[]> {
    const inst = this.cat.byId(forexId);
    if (!inst) throw refuse('err.instrument_unknown');
    const stored =
      to === undefined ? await this.recent(inst.id, period, limit) : await this.d.repo.candles(inst.id, period, limit, to);
    // The bar in progress lives in memory and reaches the database within a second; answer with the live one.
    const live = this.current.get(inst.id)?.get(period);
    const bars = [...stored];
    if (live && (to === undefined || live.time < to)) {
      const last = bars[bars.length - 1];
      if (last && last.time === live.time) bars[bars.length - 1] = live;
      else if (!last || live.time > last.time) bars.push(live);
      if (bars.length > limit) bars.shift();
    }
    return bars.map((b) => klinePoint(inst, b));
  }

  /** The newest stored bars, shared by the charts that open at the same moment (stored bars change once a second). */
  private recent(instrumentId: number, period: PeriodName, limit: number): Promise<Candle[]> {
    const key = `${instrumentId}|${period}|${limit}`;
    const now = this.d.clock.now();
    const hit = this.recentBars.get(key);
    if (hit && now - hit.at < FLUSH_EVERY_MS) return hit.bars;
    const bars = this.d.repo.candles(instrumentId, period, limit);
    this.recentBars.set(key, { at: now, bars });
    bars.catch(() => this.recentBars.delete(key));
    if (this.recentBars.size > 2000) this.recentBars.clear();
    return bars;
  }

  async sparklines(): Promise<SparklineSeries[]> {
    const now = this.d.clock.now();
    if (this.sparkCache && now - this.sparkCache.at < 60_000) return this.sparkCache.data;
    const data = await Promise.all(
      this.cat.instruments
        .filter((i) => i.enabled === 1)
        .map(async (i) => ({
          forex_id: i.id,
          Code: i.code,
          closes: (await this.kline(i.id, SPARKLINE_PERIOD, SPARKLINE_BARS)).map((b) => b.Close),
        })),
    );
    this.sparkCache = { at: now, data };
    return data;
  }
}
