import {
  type Category,
  type FavouriteList,
  type InstrumentInfo,
  type KlinePoint,
  type Lang,
  type SparklineSeries,
  type TradeItem,
} from '@tradepad/contracts';
import { isMarketOpen, type PeriodName } from '@tradepad/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Bus } from '../../ports/bus.ts';
import type { Clock } from '../../ports/clock.ts';
import { Catalogue } from './catalogue.ts';
import { Favourites } from './favourites.ts';
import { FeedClosures } from './feed-closures.ts';
import { createFeed, isReplay, simInstrument } from './feed-factory.ts';
import type { Feed } from './feed.ts';
import { HistoryDeepening } from './history-deepen.ts';
import { fillHistory } from './history-fill.ts';
import { FLUSH_EVERY_MS, LiveCandles } from './live-candles.ts';
import { LiveQuotes } from './live-quotes.ts';
import type { Instrument, MarketRepository } from './market.repository.ts';
import type { Quote } from './quote-book.ts';
import { TradeList, type ListTerms } from './trade-list.ts';

export interface MarketDeps {
  repo: MarketRepository;
  /** Quotes and candles are published here (the realtime gateway subscribes). */
  bus: Bus;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  /** A feed to use instead of the configured one (tests). */
  feed?: Feed | undefined;
  /** Told when an LP session logs on or off (the `tradepad_fix_session_up` gauge). */
  fixSessionUp?: ((name: string, up: boolean) => void) | undefined;
}

/**
 * Instruments, live quotes and candles. On the engine role it runs the feed; every accepted tick updates the quote
 * book, the six candle periods (written to the database every second), and the DAY_MARKET and KLINE channels.
 *
 * The jobs sit in their own rooms: the instruments and their quote book (catalogue.ts), the feed's choice
 * (feed-factory.ts), the history filled at start (history-fill.ts), the bars in progress and the charts' reads
 * (live-candles.ts), the ticks to and from the bus (live-quotes.ts), the trade list (trade-list.ts) and the watchlist
 * (favourites.ts). This class composes them, runs the feed and answers the routes and the engine.
 */
export class MarketService {
  private readonly cat: Catalogue;
  private readonly candles: LiveCandles;
  private readonly live: LiveQuotes;
  private readonly list: TradeList;
  private readonly favs: Favourites;
  private readonly history: HistoryDeepening;
  private readonly closures: FeedClosures;
  private feed: Feed | undefined;
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(private readonly d: MarketDeps) {
    this.cat = new Catalogue(d.repo);
    this.candles = new LiveCandles(this.cat, d);
    this.live = new LiveQuotes(this.cat, this.candles, d);
    this.list = new TradeList(this.cat, (inst, now) => this.isOpen(inst, now), d);
    this.favs = new Favourites(this.cat, d);
    this.history = new HistoryDeepening(d, this.candles);
    this.closures = new FeedClosures({
      bus: d.bus,
      feed: () => this.feed,
      codes: () => this.cat.instruments.map((i) => i.code),
    });
  }

  /**
   * Loads the instruments (seeded on first start by the market module), fills history up to now (on a fresh
   * database only its most recent part: the rest follows the feed's start, see HistoryDeepening), primes quotes.
   */
  async init(): Promise<void> {
    await this.cat.load();
    if (this.d.config.NODE_ROLE !== 'api') await fillHistory(this.d, this.cat.instruments);
    await this.candles.loadCurrentBars();
  }

  /** Whether this node runs the feed now (it leads the engine): its quotes are its own, not the bus's. */
  get feeding(): boolean {
    return this.feed !== undefined;
  }

  /** Starts the feed (engine role only), and the older history's generation where it is missing. */
  start(): void {
    if (this.d.config.NODE_ROLE === 'api') return;
    if (!this.replaying) this.candles.openCurrentMinutes(this.d.clock.now());
    this.feed =
      this.d.feed ??
      createFeed(this.d.config, this.cat.instruments, this.cat.quotes, { log: this.d.log, sessionUp: this.d.fixSessionUp });
    this.feed.start((t) => this.live.onTick(t));
    this.closures.start();
    this.flushTimer = setInterval(
      () => void this.flush().catch((err: unknown) => this.d.log.error({ err }, 'candle flush failed')),
      FLUSH_EVERY_MS,
    );
    this.history.start(this.cat.instruments);
  }

  async stop(): Promise<void> {
    await this.history.stop();
    this.closures.stop();
    this.feed?.stop();
    this.feed = undefined;
    if (this.flushTimer) clearInterval(this.flushTimer);
    await this.flush();
  }

  /** The running feed (on the node that runs it), for the liquidity page. */
  currentFeed(): Feed | undefined {
    return this.feed;
  }

  /** Resolves once the history generated after the feed's start reaches HISTORY_DAYS and HISTORY_LONG_DAYS. */
  historyComplete(): Promise<void> {
    return this.history.done;
  }

  /** Writes the bars changed since the last flush. */
  flush(): Promise<void> {
    return this.candles.flush();
  }

  /**
   * A node that does not run the feed keeps its quote book in step with the leader's feed through the bus (see
   * LiveQuotes.followBus). Returns the subscription's removal.
   */
  followBus(feeding: () => boolean): () => void {
    return this.live.followBus(feeding);
  }

  /** Lets other modules (the trading engine) hear every accepted quote. */
  onQuote(listener: (code: string, q: Quote) => void): void {
    this.live.onQuote(listener);
  }

  /**
   * Lets other modules (the trading engine) hear that instruments' terms changed, with the instruments added (see
   * reloadInstruments).
   */
  onInstrumentsChanged(listener: (added: readonly Instrument[]) => void): void {
    this.cat.onChanged(listener);
  }

  /**
   * Re-reads the instruments' terms after staff changed them and applies them in place (see Catalogue.reload). An
   * instrument staff created joins: on the node running the feed, its recent history is written (history-fill.ts, as
   * for a fresh database), its bars continue from there, and the feed starts quoting it; on the others its quotes
   * come through the bus like every other's.
   */
  async reloadInstruments(): Promise<void> {
    const added = await this.cat.reload();
    // Chained: a reload that found nothing new (the bus's echo of this node's own change) still waits for the one that did.
    this.joining = this.joining
      .then(() => this.join(added))
      .catch((err: unknown) => {
        this.d.log.error({ err }, 'a new instrument could not join the feed');
      });
    await this.joining;
  }

  private joining: Promise<void> = Promise.resolve();

  private async join(added: readonly Instrument[]): Promise<void> {
    const feed = this.feed;
    if (added.length === 0 || !feed) return;
    await fillHistory(this.d, added);
    await this.candles.loadCurrentBars(new Set(added.map((i) => i.id)));
    for (const i of added) feed.addInstrument?.(simInstrument(i, this.cat.quotes.get(i.code)?.sourceBid));
  }

  quote(code: string): Quote | undefined {
    return this.cat.quotes.get(code);
  }

  /** Every instrument, enabled or not. */
  /** Whether `code` names a known instrument (a `KLINE.<code>` channel is accepted only for one). */
  hasInstrument(code: string): boolean {
    return this.cat.byCode(code) !== undefined;
  }

  allInstruments(): readonly Instrument[] {
    return this.cat.instruments;
  }

  instrumentById(id: number): Instrument | undefined {
    return this.cat.byId(id);
  }

  /**
   * Whether an instrument trades now. A replay is history recorded while markets were open, so there the feed
   * itself says what is open: an instrument is open while its replayed quotes are fresh.
   */
  isOpen(inst: Instrument, now = this.d.clock.now()): boolean {
    if (inst.enabled !== 1) return false;
    // An LP feed that cannot quote it (not mapped, rejected by every session) closes it (DESIGN §14), on every node.
    if (this.closures.reason(inst.code) !== undefined) return false;
    if (this.replaying) return !this.cat.quotes.isStale(inst.code, now, this.d.config.STALE_QUOTE_MS);
    return isMarketOpen(inst.hours, now);
  }

  /** The open instruments without a live quote (none yet, or stale): the engine must not be called ready while any. */
  unquoted(now = this.d.clock.now()): string[] {
    return this.cat.instruments
      .filter((i) => this.isOpen(i, now) && this.cat.quotes.isStale(i.code, now, this.d.config.STALE_QUOTE_MS))
      .map((i) => i.code);
  }

  /**
   * The age in seconds of the last quote of each instrument open now (+Inf while it has none), for `/metrics`: a
   * closed market's last quote ages by design, so it is left out and an alert on the age needs no market hours.
   */
  quoteAges(now = this.d.clock.now()): Array<[string, number]> {
    return this.cat.instruments
      .filter((i) => this.isOpen(i, now))
      .map((i) => {
        const q = this.cat.quotes.get(i.code);
        return [i.code, q ? Math.max(0, now - q.time) / 1000 : Infinity];
      });
  }

  private get replaying(): boolean {
    return isReplay(this.d.config);
  }

  // REST

  /** The trade list; with `terms`, as a trader of that account type sees it (their prices and leverages). */
  tradeList(search?: string, lang?: Lang, terms?: ListTerms): TradeItem[] {
    return this.list.tradeList(search, lang, terms);
  }

  /** An instrument's price precision by code (the quote channel's per-type prices). */
  precisionOf(code: string): number | undefined {
    return this.cat.byCode(code)?.precision;
  }

  /** `forex/info`: an enabled instrument's weekly sessions and overnight financing, for its info sheet. */
  instrumentInfo(forexId: number): InstrumentInfo {
    return this.list.instrumentInfo(forexId);
  }

  /** Categories that have an enabled instrument, named in `lang`. */
  categories(lang: Lang): Category[] {
    return this.list.categories(lang);
  }

  /** The user's watchlist (instruments since removed are left out). */
  favourites(userId: number): Promise<FavouriteList> {
    return this.favs.favourites(userId);
  }

  /** Adds or removes one favourite, then answers the whole watchlist. */
  setFavourite(userId: number, forexId: number, on: boolean): Promise<FavouriteList> {
    return this.favs.setFavourite(userId, forexId, on);
  }

  kline(forexId: number, period: PeriodName, limit: number, to?: number): Promise<KlinePoint[]> {
    return this.candles.kline(forexId, period, limit, to);
  }

  sparklines(): Promise<SparklineSeries[]> {
    return this.candles.sparklines();
  }
}
