import {
  CHANNEL_DAY_MARKET,
  CHANNEL_KLINE_PREFIX,
  LANGS,
  MARKET_CLOSED,
  MARKET_OPEN,
  type Category,
  type DayMarketMessage,
  type FavouriteList,
  type InstrumentInfo,
  type KlineMessage,
  type KlinePoint,
  type Lang,
  type SparklineSeries,
  type TradeItem,
} from '@tradepad/contracts';
import {
  PERIOD_NAMES,
  aggregateCandles,
  applyPrice,
  bucketStart,
  isMarketOpen,
  mergeCandles,
  percentChange,
  pointsToPrice,
  tradingDayStart,
  type Candle,
  type PeriodName,
} from '@tradepad/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { refuse } from '../../core/errors.ts';
import type { Bus } from '../../ports/bus.ts';
import type { Clock } from '../../ports/clock.ts';
import type { ChannelPolicy } from '../realtime/realtime.gateway.ts';
import { calibrationFor } from './calibration.ts';
import type { Feed, Tick } from './feed.ts';
import { CATEGORIES } from './instruments.data.ts';
import type { CandleRow, Instrument, MarketRepository } from './market.repository.ts';
import { QuoteBook, type Quote } from './quote-book.ts';
import { ReplayFeed } from './replay-feed.ts';
import { SimulatorFeed, backfillHistory, startPoints, type SimInstrument } from './simulator.ts';
import { logoPath } from './logos.ts';

const FLUSH_EVERY_MS = 1000;
const SPARKLINE_BARS = 48;
const SPARKLINE_PERIOD: PeriodName = '30min';

export interface MarketDeps {
  repo: MarketRepository;
  /** Quotes and candles are published here (the realtime gateway subscribes). */
  bus: Bus;
  /** Where the market's public channels (DAY_MARKET, KLINE.<code>) are declared to the websocket protocol. */
  channels: { registerChannel(policy: ChannelPolicy): void };
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  /** A feed to use instead of the configured one (tests). */
  feed?: Feed | undefined;
}

/**
 * Instruments, live quotes and candles. On the engine role it runs the feed; every accepted tick updates the quote
 * book, the six candle periods (written to the database every second), and the DAY_MARKET and KLINE channels.
 */
export class MarketService {
  private instruments: Instrument[] = [];
  private byCode = new Map<string, Instrument>();
  private byId = new Map<number, Instrument>();
  private quotes!: QuoteBook;
  private readonly current = new Map<number, Map<PeriodName, Candle>>();
  private readonly dirty = new Map<string, CandleRow>();
  private feed: Feed | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private sparkCache: { at: number; data: SparklineSeries[] } | undefined;
  /** Recent stored bars per instrument, period and size, kept a second (the live bar is added fresh on every call). */
  private readonly recentBars = new Map<string, { at: number; bars: Promise<Candle[]> }>();
  private readonly tickListeners: Array<(code: string, q: Quote) => void> = [];
  private readonly instrumentListeners: Array<() => void> = [];
  private reloading: Promise<void> | undefined;

  constructor(private readonly d: MarketDeps) {}

  /** Loads the instruments (seeded by seeds.ts), fills history up to now, primes quotes and registers the channels. */
  async init(): Promise<void> {
    this.instruments = await this.d.repo.instruments();
    this.byCode = new Map(this.instruments.map((i) => [i.code, i]));
    this.byId = new Map(this.instruments.map((i) => [i.id, i]));
    this.quotes = new QuoteBook(
      new Map(
        this.instruments.map((i) => [
          i.code,
          { code: i.code, spreadPoints: i.spread_points, hours: i.hours, minuteVol: calibrationFor(i.code).minuteVol },
        ]),
      ),
    );
    this.d.channels.registerChannel({ match: { exact: CHANNEL_DAY_MARKET }, requiresLogin: false });
    this.d.channels.registerChannel({
      match: { prefix: CHANNEL_KLINE_PREFIX },
      requiresLogin: false,
      accepts: (name) => this.byCode.has(name.slice(CHANNEL_KLINE_PREFIX.length)),
    });
    if (this.d.config.NODE_ROLE !== 'api') await this.fillHistory();
    await this.loadCurrentBars();
  }

  /** Starts the feed (engine role only). */
  start(): void {
    if (this.d.config.NODE_ROLE === 'api') return;
    if (!this.replaying) this.openCurrentMinutes(this.d.clock.now());
    this.feed = this.d.feed ?? this.createFeed();
    this.feed.start((t) => this.onTick(t));
    this.flushTimer = setInterval(
      () => void this.flush().catch((err: unknown) => this.d.log.error({ err }, 'candle flush failed')),
      FLUSH_EVERY_MS,
    );
  }

  async stop(): Promise<void> {
    this.feed?.stop();
    this.feed = undefined;
    if (this.flushTimer) clearInterval(this.flushTimer);
    await this.flush();
  }

  /**
   * A node that does not run the feed (an engine standby, an API node) keeps its quote book in step with the leader's
   * feed through the bus (issue 19 point 2): the trade list's quotes and `/readyz` follow the leader. Its candles come
   * from the database (the leader flushes them every second). `feeding` says whether this node runs the feed now: then
   * it ignores the bus (its own quotes come back on it). Returns the subscription's removal.
   */
  followBus(feeding: () => boolean): () => void {
    return this.d.bus.subscribe({
      deliver: (channel, message) => {
        if (channel === CHANNEL_DAY_MARKET && !feeding()) this.adoptQuote(message as DayMarketMessage);
      },
      deliverToUser: () => undefined,
      hasSubscribers: (channel) => channel === CHANNEL_DAY_MARKET && !feeding(),
      listeners: () => [],
    });
  }

  /** A quote the leader published: taken as is (the leader's bad-tick filter already passed it), never older. */
  private adoptQuote(m: DayMarketMessage): void {
    const inst = this.byCode.get(m.symbol);
    if (!inst) return;
    const q = m.quotation;
    const last = this.quotes.get(inst.code);
    if (last && q.time < last.time) return;
    const scale = 10 ** inst.precision;
    const pts = (x: number) => Math.round(x * scale);
    this.quotes.prime(inst.code, {
      bid: pts(q.bid),
      ask: pts(q.ask),
      time: q.time,
      dayStart: tradingDayStart(inst.hours, q.time),
      dayOpen: pts(q.open),
      dayHigh: pts(q.high),
      dayLow: pts(q.low),
      dayVolume: q.volume,
      change: q.change,
    });
  }

  /** Lets other modules (the trading engine) hear every accepted quote. */
  onQuote(listener: (code: string, q: Quote) => void): void {
    this.tickListeners.push(listener);
  }

  /** Lets other modules (the trading engine) hear that instruments' terms changed (see reloadInstruments). */
  onInstrumentsChanged(listener: () => void): void {
    this.instrumentListeners.push(listener);
  }

  /**
   * Re-reads the instruments' terms after staff changed them (this node, or another one through the bus) and applies
   * them at once, in place, so every holder of an instrument (the trade list, the engine's book, live orders) sees the
   * same terms: the spread reprices the current quote, and the listeners (the engine's parsed terms) follow. Instruments
   * are never added at run time; one that appeared in the table waits for a restart.
   */
  reloadInstruments(): Promise<void> {
    // A reload already running may have read the table before the change committed: chain a fresh one after it.
    const run = async () => {
      const fresh = await this.d.repo.instruments();
      for (const f of fresh) {
        const cur = this.byId.get(f.id);
        if (!cur) continue;
        Object.assign(cur, f);
        this.quotes.setTerms(cur.code, cur.spread_points, cur.hours);
      }
      for (const l of this.instrumentListeners) l();
    };
    const next = (this.reloading ?? Promise.resolve()).then(run, run);
    this.reloading = next;
    return next;
  }

  quote(code: string): Quote | undefined {
    return this.quotes.get(code);
  }

  /** Every instrument, enabled or not. */
  allInstruments(): readonly Instrument[] {
    return this.instruments;
  }

  instrumentById(id: number): Instrument | undefined {
    return this.byId.get(id);
  }

  /**
   * Whether an instrument trades now. A replay is history recorded while markets were open, so there the feed
   * itself says what is open: an instrument is open while its replayed quotes are fresh.
   */
  isOpen(inst: Instrument, now = this.d.clock.now()): boolean {
    if (inst.enabled !== 1) return false;
    if (this.replaying) return !this.quotes.isStale(inst.code, now, this.d.config.STALE_QUOTE_MS);
    return isMarketOpen(inst.hours, now);
  }

  /** The open instruments without a live quote (none yet, or stale): the engine must not be called ready while any. */
  unquoted(now = this.d.clock.now()): string[] {
    return this.instruments
      .filter((i) => this.isOpen(i, now) && this.quotes.isStale(i.code, now, this.d.config.STALE_QUOTE_MS))
      .map((i) => i.code);
  }

  private get replaying(): boolean {
    return this.d.config.FEED.startsWith('replay:');
  }

  // REST

  tradeList(search?: string): TradeItem[] {
    const needle = search
      ?.trim()
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    const now = this.d.clock.now();
    return this.instruments
      .filter((i) => i.enabled === 1)
      .filter(
        (i) =>
          !needle ||
          i.code.includes(needle) ||
          i.show_code
            .toUpperCase()
            .replace(/[^A-Z0-9]/g, '')
            .includes(needle),
      )
      .map((i) => this.tradeItem(i, now));
  }

  /** `forex/info`: an enabled instrument's weekly sessions and overnight financing, for its info sheet. */
  instrumentInfo(forexId: number): InstrumentInfo {
    const i = this.byId.get(forexId);
    if (!i || i.enabled !== 1) throw refuse('err.instrument_unknown');
    return {
      Id: i.id,
      TimeZone: i.hours.timeZone,
      Sessions: i.hours.sessions.map((x) => ({ day: x.day, open: x.open, close: x.close })),
      SwapLong: i.swap_long,
      SwapShort: i.swap_short,
      SwapTripleDay: i.swap_triple_day,
    };
  }

  /** The user's watchlist (instruments since removed are left out). */
  async favourites(userId: number): Promise<FavouriteList> {
    const ids = await this.d.repo.favourites(userId);
    return { ids: ids.filter((id) => this.byId.has(id)) };
  }

  /** Adds or removes one favourite, then answers the whole watchlist. */
  async setFavourite(userId: number, forexId: number, on: boolean): Promise<FavouriteList> {
    if (!this.byId.has(forexId)) throw refuse('err.instrument_unknown');
    await this.d.repo.setFavourite(userId, forexId, on, this.d.clock.now());
    return this.favourites(userId);
  }

  /** Categories that have an enabled instrument, named in `lang`. */
  categories(lang: Lang): Category[] {
    return CATEGORIES.filter((c) => this.instruments.some((i) => i.category_id === c.id && i.enabled === 1)).map((c) => ({
      Id: c.id,
      NameShowTrans: this.categoryName(c.id, lang),
    }));
  }

  async kline(forexId: number, period: PeriodName, limit: number, to?: number): Promise<KlinePoint[]> {
    const inst = this.byId.get(forexId);
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
    return bars.map((b) => this.point(inst, b));
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
      this.instruments
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

  // Live

  private onTick(tick: Tick): void {
    const inst = this.byCode.get(tick.code);
    if (!inst || inst.enabled !== 1 || (!this.replaying && !isMarketOpen(inst.hours, tick.time))) return;
    // Candle volumes are whole numbers; a source with fractional volume (replayed notional) is rounded here.
    const volume = Math.max(0, Math.round(tick.volume));
    const q = this.quotes.accept({ ...tick, volume });
    if (!q) return;
    const bars = this.current.get(inst.id) ?? new Map<PeriodName, Candle>();
    this.current.set(inst.id, bars);
    const klineChannel = `${CHANNEL_KLINE_PREFIX}${inst.code}` as const;
    const wantsKline = this.d.bus.hasSubscribers(klineChannel);
    for (const period of PERIOD_NAMES) {
      const time = bucketStart(period, tick.time, q.dayStart);
      const next = applyPrice(bars.get(period), time, tick.bid, volume);
      this.setBar(inst.id, bars, period, next);
      if (wantsKline) {
        const msg: KlineMessage = {
          type: 'KLINE',
          symbol: inst.code,
          forex_id: inst.id,
          kline: { Period: period, ForexId: inst.id, Code: inst.code, ...this.point(inst, next) },
        };
        this.d.bus.publish(klineChannel, msg, period);
      }
    }
    if (this.d.bus.hasSubscribers(CHANNEL_DAY_MARKET)) {
      const p = (x: number) => pointsToPrice(x, inst.precision);
      const msg: DayMarketMessage = {
        type: 'DAY_MARKET',
        symbol: inst.code,
        quotation: {
          forex_id: inst.id,
          open: p(q.dayOpen),
          high: p(q.dayHigh),
          low: p(q.dayLow),
          close: p(q.bid),
          bid: p(q.bid),
          ask: p(q.ask),
          change: q.change,
          volume: q.dayVolume,
          time: q.time,
        },
      };
      this.d.bus.publish(CHANNEL_DAY_MARKET, msg, inst.code);
    }
    for (const l of this.tickListeners) l(inst.code, q);
  }

  /** Writes the bars changed since the last flush. */
  async flush(): Promise<void> {
    if (this.dirty.size === 0) return;
    const rows = [...this.dirty.values()];
    this.dirty.clear();
    await this.d.repo.upsertCandles(rows);
  }

  private createFeed(): Feed {
    const c = this.d.config;
    if (c.FEED.startsWith('replay:')) {
      return new ReplayFeed({
        dir: c.FEED.slice('replay:'.length),
        instruments: this.instruments.map((i) => ({ code: i.code, precision: i.precision })),
        speed: c.REPLAY_SPEED,
        now: () => Date.now(),
        schedule: (fn, ms) => {
          const t = setTimeout(fn, ms);
          return () => clearTimeout(t);
        },
      });
    }
    const seed = c.SIM_SEED ?? Date.now() >>> 0;
    return new SimulatorFeed(
      this.instruments.map((i) => this.simInstrument(i, this.quotes.get(i.code)?.bid)),
      seed,
    );
  }

  private simInstrument(i: Instrument, fromPoints?: number): SimInstrument {
    return {
      code: i.code,
      precision: i.precision,
      hours: i.hours,
      startPoints: fromPoints ?? startPoints(i.start_price, i.precision),
      params: calibrationFor(i.code),
    };
  }

  // History

  /**
   * Makes sure every instrument has history up to now: on a fresh database, HISTORY_DAYS of minutes and 400 days of
   * hours and days ending at the start price; after a restart, the minutes the server was away, continuing from the
   * last stored close, merged into the stored bars they share a bucket with (no gaps, no duplicate bars).
   */
  private async fillHistory(): Promise<void> {
    const latest = await this.d.repo.latestCandles();
    const now = this.d.clock.now();
    const seed = this.d.config.SIM_SEED ?? 7;
    for (const inst of this.instruments) {
      const lastMinute = latest.find((l) => l.instrumentId === inst.id && l.period === '1min');
      let minutes: Candle[];
      let hours: Candle[] = [];
      if (!lastMinute) {
        ({ minutes, hours } = backfillHistory({
          inst: this.simInstrument(inst),
          seed,
          endMs: now,
          endPoints: startPoints(inst.start_price, inst.precision),
          minuteDays: this.d.config.HISTORY_DAYS,
          hourDays: Math.max(0, this.d.config.HISTORY_LONG_DAYS - this.d.config.HISTORY_DAYS),
        }));
      } else {
        if (now - lastMinute.time * 1000 < 120_000) continue;
        minutes = backfillHistory({
          inst: this.simInstrument(inst),
          seed,
          endMs: now,
          endPoints: lastMinute.close,
          minuteDays: (now - lastMinute.time * 1000) / 86_400_000,
          hourDays: 0,
        }).minutes.filter((m) => m.time > lastMinute.time);
        // Walked backwards from the last close, the gap ends where the stored history did: reverse it in time.
        minutes = mirrorGap(minutes);
      }
      const rows = this.aggregate(inst, minutes, hours);
      const stored = new Map(latest.filter((l) => l.instrumentId === inst.id).map((l) => [`${l.period}|${l.time}`, l]));
      await this.d.repo.upsertCandles(
        rows.map((r) => {
          const s = stored.get(`${r.period}|${r.time}`);
          return s ? { ...r, ...mergeCandles(r.time, [s, r])! } : r;
        }),
      );
    }
  }

  private aggregate(inst: Instrument, minutes: Candle[], hours: Candle[]): CandleRow[] {
    const rows: CandleRow[] = [];
    const add = (period: PeriodName, bars: Candle[]) => bars.forEach((b) => rows.push({ instrumentId: inst.id, period, ...b }));
    add('1min', minutes);
    for (const period of ['5min', '15min', '30min'] as const)
      add(
        period,
        aggregateCandles(minutes, (s) => bucketStart(period, s * 1000)),
      );
    const hourly = [...hours, ...aggregateCandles(minutes, (s) => bucketStart('60min', s * 1000))];
    add('60min', hourly);
    add(
      '1day',
      aggregateCandles(hourly, (s) => Math.floor(tradingDayStart(inst.hours, s * 1000) / 1000)),
    );
    return rows;
  }

  /**
   * The history ends with the last whole minute and live ticks open the next ones: a start in the last moments of a
   * minute, before an instrument's first tick, would leave that minute without a bar. Each open instrument's minute
   * therefore starts at once, at the last price (ticks then move it).
   */
  private openCurrentMinutes(now: number): void {
    for (const inst of this.instruments) {
      const bars = this.current.get(inst.id);
      const last = bars?.get('1min');
      const q = this.quotes.get(inst.code);
      if (!bars || !last || !q || inst.enabled !== 1 || !isMarketOpen(inst.hours, now)) continue;
      const time = bucketStart('1min', now, q.dayStart);
      if (last.time >= time) continue;
      this.setBar(inst.id, bars, '1min', applyPrice(last, time, q.bid, 0));
    }
  }

  /** Makes `bar` an instrument's current bar of `period`, to be written by the next flush. */
  private setBar(instrumentId: number, bars: Map<PeriodName, Candle>, period: PeriodName, bar: Candle): void {
    bars.set(period, bar);
    this.dirty.set(`${instrumentId}|${period}|${bar.time}`, { instrumentId, period, ...bar });
  }

  /** Loads the newest stored bar of each period, so live ticks continue it, and primes the day's quote. */
  private async loadCurrentBars(): Promise<void> {
    const latest = await this.d.repo.latestCandles();
    for (const row of latest) {
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
    for (const inst of this.instruments) {
      const bars = this.current.get(inst.id);
      const minute = bars?.get('1min');
      const day = bars?.get('1day');
      if (!minute || !day) continue;
      const bid = minute.close;
      this.quotes.prime(inst.code, {
        bid,
        ask: bid + inst.spread_points,
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

  private tradeItem(i: Instrument, now: number): TradeItem {
    const q = this.quotes.get(i.code);
    const p = (x: number) => pointsToPrice(x, i.precision);
    const bid = q ? p(q.bid) : 0;
    const ask = q ? p(q.ask) : 0;
    return {
      Id: i.id,
      Code: i.code,
      ShowCode: i.show_code,
      Logo: logoPath(i.code),
      CategoryId: i.category_id,
      MarketStatus: this.isOpen(i, now) && q ? MARKET_OPEN : MARKET_CLOSED,
      PricePrecision: i.precision,
      Pip: i.lot_step,
      ForexMinCont: i.min_lots,
      ForexMaxCont: i.max_lots,
      ForexContNum: i.contract_size,
      ForexFeeRate: i.fee_rate,
      MarginMode: i.margin_mode,
      Spread: i.spread_points,
      BaseCurrency: i.base,
      QuoteCurrency: i.quote,
      HasForexMultiple: i.leverages.map((v, k) => ({ Id: k + 1, Value: v })),
      ForexQuotations: {
        Open: q ? p(q.dayOpen) : 0,
        High: q ? p(q.dayHigh) : 0,
        Low: q ? p(q.dayLow) : 0,
        Close: bid,
        Change: q?.change ?? 0,
        Bid: bid,
        Ask: ask,
        Time: q?.time ?? 0,
      },
      Bid: bid,
      Ask: ask,
      TimeZone: i.hours.timeZone,
    };
  }

  private point(inst: Instrument, b: Candle): KlinePoint {
    const p = (x: number) => pointsToPrice(x, inst.precision);
    return { Time: b.time, Open: p(b.open), High: p(b.high), Low: p(b.low), Close: p(b.close), Volume: b.volume };
  }

  private categoryName(id: number, lang: Lang): string {
    const c = CATEGORIES.find((x) => x.id === id);
    const idx = LANGS.indexOf(lang);
    return c?.names[idx] ?? c?.names[1] ?? '';
  }
}

/**
 * Turns bars generated backwards from `from` into a forward continuation from `from`: the path is mirrored in time
 * (each bar's open and close swap), so the first bar opens at the last stored close and each bar opens where the
 * one before closed.
 */
function mirrorGap(bars: Candle[]): Candle[] {
  const times = bars.map((b) => b.time);
  return [...bars]
    .reverse()
    .map((b, k) => ({ time: times[k]!, open: b.close, high: b.high, low: b.low, close: b.open, volume: b.volume }));
}
