import {
  midPoints,
  percentChange,
  publishedQuote,
  tradingDayStart,
  type MarketHours,
  type PricingMode,
  type PricingTerms,
} from '@tradepad/domain';
import type { Tick } from './feed.ts';

/**
 * The live state of one instrument's quote, in points. `bid` and `ask` are the published prices (what every trader
 * sees and fills at, DESIGN §14); `sourceBid`/`sourceAsk` are the feed's own quote they were made from (receipts show
 * it). The day's figures follow the published bid, as the candles do.
 */
export interface Quote {
  bid: number;
  ask: number;
  /** The source's own bid and ask, in points. */
  sourceBid: number;
  sourceAsk: number;
  /** The feed that quoted it (`sim`, `replay`, an LP session's name); '' for a quote taken from stored bars or the bus. */
  source: string;
  time: number;
  dayStart: number;
  dayOpen: number;
  dayHigh: number;
  dayLow: number;
  dayVolume: number;
  /** Percent from the day's open, 2 decimals. */
  change: number;
}

/** A quote as primed from stored bars or taken from the bus: the published side(s) and the day, no source. */
export type PrimedQuote = Omit<Quote, 'ask' | 'sourceBid' | 'sourceAsk' | 'source'> & { ask?: number };

/** An instrument's published terms as the quote book applies them (staff change them at run time: `setTerms`). */
export interface QuoteTerms {
  spreadPoints: number;
  pricing: PricingMode;
  markupPoints: number;
  hours: MarketHours;
}

export interface QuoteInstrument extends QuoteTerms {
  code: string;
  /** Expected per-minute log-return deviation, for the bad-tick filter. */
  minuteVol: number;
}

/** How many expected deviations a jump must exceed to be held back as a possible bad tick. */
const BAD_TICK_SIGMAS = 25;
/** After this long without a tick (a reopening, a feed outage) any price is believed. */
const BELIEVE_AFTER_MS = 30 * 60_000;

const pricingOf = (inst: QuoteInstrument): PricingTerms => ({
  mode: inst.pricing,
  spreadPoints: inst.spreadPoints,
  markupPoints: inst.markupPoints,
});

/**
 * Last quotes and the day's figures per instrument. Each tick is the source's two-sided quote; the published one is
 * made from it by the instrument's pricing (`publishedQuote` in the domain: `fixed` around the source's mid, or
 * `markup` on each side), one quote for everyone (DESIGN §5, §14: no per-user prices). A lone off-market tick is held
 * back: it is believed only when the next tick confirms the level, so one bad print can never fire a stop. The filter
 * judges the source's mid, so a source that only widens or narrows its spread is never taken for a jump, and a bad
 * print on either side is. Staleness is the age of the last accepted tick.
 */
export class QuoteBook {
  private readonly quotes = new Map<string, Quote>();
  /** The held-back tick's source mid and time. */
  private readonly held = new Map<string, { mid: number; time: number }>();

  constructor(private readonly instruments: Map<string, QuoteInstrument>) {}

  /** Takes an instrument created at run time (staff, issue 32): its ticks are accepted from now on. */
  add(inst: QuoteInstrument): void {
    if (!this.instruments.has(inst.code)) this.instruments.set(inst.code, inst);
  }

  get(code: string): Quote | undefined {
    return this.quotes.get(code);
  }

  /**
   * Seeds a quote (the day's figures from stored candles before the first live tick, or the leader's quote from the
   * bus) from its published side(s). The source is inferred as the simulator's raw quote that publishes it: with
   * `markup`, the published quote moved in by the markup on each side; with `fixed`, the published quote itself. Only
   * the bad-tick filter and a restarted simulator read it before the next live tick replaces it.
   */
  prime(code: string, q: PrimedQuote): void {
    const inst = this.instruments.get(code);
    const spread = inst?.spreadPoints ?? 0;
    const markup = inst?.pricing === 'markup' ? inst.markupPoints : 0;
    const ask = q.ask ?? q.bid + spread + 2 * markup;
    this.quotes.set(code, { ...q, ask, sourceBid: q.bid + markup, sourceAsk: ask - markup, source: '' });
  }

  /** Applies a tick; returns the new quote, or undefined when the tick was refused or held back. */
  accept(tick: Tick): Quote | undefined {
    const inst = this.instruments.get(tick.code);
    if (!inst) return undefined;
    const pub = publishedQuote(tick, pricingOf(inst));
    if (!pub) return undefined;
    const last = this.quotes.get(tick.code);
    if (last && tick.time < last.time) return undefined;
    const mid = midPoints(tick);
    if (last && this.isOffMarket(inst, midPoints({ bid: last.sourceBid, ask: last.sourceAsk }), last.time, mid, tick.time)) {
      const held = this.held.get(tick.code);
      // Two ticks in a row at the new level: the market really moved.
      if (!held || this.isOffMarket(inst, held.mid, held.time, mid, tick.time)) {
        this.held.set(tick.code, { mid, time: tick.time });
        return undefined;
      }
    }
    this.held.delete(tick.code);
    const dayStart = tradingDayStart(inst.hours, tick.time);
    const newDay = !last || last.dayStart !== dayStart;
    const dayOpen = newDay ? pub.bid : last.dayOpen;
    const q: Quote = {
      bid: pub.bid,
      ask: pub.ask,
      sourceBid: tick.bid,
      sourceAsk: tick.ask,
      source: tick.source,
      time: tick.time,
      dayStart,
      dayOpen,
      dayHigh: newDay ? pub.bid : Math.max(last.dayHigh, pub.bid),
      dayLow: newDay ? pub.bid : Math.min(last.dayLow, pub.bid),
      dayVolume: (newDay ? 0 : last.dayVolume) + tick.volume,
      change: percentChange(dayOpen, pub.bid),
    };
    this.quotes.set(tick.code, q);
    return q;
  }

  /**
   * New published terms (staff changed the instrument): every quote from now on, and the current one at once, is
   * priced by them from its source, so the next fill uses the new prices (DESIGN §5, §14: one price per instrument,
   * never per user); the trading day follows the new hours from the next tick. The day's figures move with the next
   * tick.
   */
  setTerms(code: string, terms: QuoteTerms): void {
    const inst = this.instruments.get(code);
    if (!inst) return;
    inst.hours = terms.hours;
    if (inst.spreadPoints === terms.spreadPoints && inst.pricing === terms.pricing && inst.markupPoints === terms.markupPoints)
      return;
    inst.spreadPoints = terms.spreadPoints;
    inst.pricing = terms.pricing;
    inst.markupPoints = terms.markupPoints;
    const q = this.quotes.get(code);
    const pub = q && publishedQuote({ bid: q.sourceBid, ask: q.sourceAsk }, pricingOf(inst));
    if (q && pub) this.quotes.set(code, { ...q, bid: pub.bid, ask: pub.ask });
  }

  /** Whether the quote is older than `maxAgeMs` at `now` (DESIGN §5: no fills or triggers on stale prices). */
  isStale(code: string, now: number, maxAgeMs: number): boolean {
    const q = this.quotes.get(code);
    return !q || now - q.time > maxAgeMs;
  }

  private isOffMarket(inst: QuoteInstrument, lastMid: number, lastTime: number, mid: number, time: number): boolean {
    const elapsed = time - lastTime;
    if (elapsed > BELIEVE_AFTER_MS) return false;
    const minutes = Math.max(1, elapsed / 60_000);
    const allowed = BAD_TICK_SIGMAS * inst.minuteVol * Math.sqrt(minutes);
    return Math.abs(Math.log(mid / lastMid)) > Math.max(allowed, (inst.spreadPoints * 5) / lastMid);
  }
}
