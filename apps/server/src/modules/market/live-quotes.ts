import {
  CHANNEL_DAY_MARKET,
  CHANNEL_KLINE_PREFIX,
  isMessageOn,
  type DayMarketMessage,
  type KlineMessage,
} from '@tradepad/contracts';
import { PERIOD_NAMES, applyPrice, bucketStart, isMarketOpen, pointsToPrice, tradingDayStart } from '@tradepad/domain';
import type { Catalogue } from './catalogue.ts';
import { isReplay } from './feed-factory.ts';
import type { Tick } from './feed.ts';
import { klinePoint, type LiveCandles } from './live-candles.ts';
import type { MarketDeps } from './market.service.ts';
import type { Quote } from './quote-book.ts';

/**
 * The live market on the bus: every accepted tick of the feed moves the quote book and the bars in progress, is
 * published on the DAY_MARKET and KLINE channels (when someone listens) and told to the quote listeners; a node that
 * does not run the feed takes the leader's quotes back from the bus instead.
 */
export class LiveQuotes {
  private readonly tickListeners: Array<(code: string, q: Quote) => void> = [];

  constructor(
    private readonly cat: Catalogue,
    private readonly candles: LiveCandles,
    private readonly d: Pick<MarketDeps, 'bus' | 'config'>,
  ) {}

  /** Lets other modules (the trading engine) hear every accepted quote. */
  onQuote(listener: (code: string, q: Quote) => void): void {
    this.tickListeners.push(listener);
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
        if (channel === CHANNEL_DAY_MARKET && isQuote(message) && !feeding()) this.adoptQuote(message);
      },
      deliverToUser: () => undefined,
      hasSubscribers: (channel) => channel === CHANNEL_DAY_MARKET && !feeding(),
      listeners: () => [],
    });
  }

  /** A quote the leader published: taken as is (the leader's bad-tick filter already passed it), never older. */
  private adoptQuote(m: DayMarketMessage): void {
    const inst = this.cat.byCode(m.symbol);
    if (!inst) return;
    const q = m.quotation;
    const last = this.cat.quotes.get(inst.code);
    if (last && q.time < last.time) return;
    const scale = 10 ** inst.precision;
    const pts = (x: number) => Math.round(x * scale);
    this.cat.quotes.prime(inst.code, {
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

  /**
   * Takes a tick of the feed (the source's two-sided quote): the bad-tick filter and the published pricing (the quote
   * book), the bars, the channels and the listeners.
   */
  onTick(tick: Tick): void {
    const inst = this.cat.byCode(tick.code);
    if (!inst || inst.enabled !== 1 || (!isReplay(this.d.config) && !isMarketOpen(inst.hours, tick.time))) return;
    // Candle volumes are whole numbers; a source with fractional volume (replayed notional) is rounded here.
    const volume = Math.max(0, Math.round(tick.volume));
    const q = this.cat.quotes.accept({ ...tick, volume });
    if (!q) return;
    const bars = this.candles.barsOf(inst.id);
    const klineChannel = `${CHANNEL_KLINE_PREFIX}${inst.code}` as const;
    const wantsKline = this.d.bus.hasSubscribers(klineChannel);
    for (const period of PERIOD_NAMES) {
      const time = bucketStart(period, tick.time, q.dayStart);
      // Bars are on the published bid (what the trader's chart and price alerts compare with), not the source's.
      const next = applyPrice(bars.get(period), time, q.bid, volume);
      this.candles.setBar(inst.id, bars, period, next);
      if (wantsKline) {
        const msg: KlineMessage = {
          type: 'KLINE',
          symbol: inst.code,
          forex_id: inst.id,
          kline: { Period: period, ForexId: inst.id, Code: inst.code, ...klinePoint(inst, next) },
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
}

/** A DAY_MARKET message that is a quote (the channel also carries FEED_STATUS). */
export function isQuote(message: object): message is DayMarketMessage {
  return isMessageOn('DAY_MARKET', message) && message.type === 'DAY_MARKET';
}
