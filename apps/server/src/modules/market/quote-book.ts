import { percentChange, tradingDayStart, type MarketHours } from '@tradepad/domain';
import type { Tick } from './feed.ts';

/** What the book reads of a tick: until two-sided pricing (issue 31 point 1) the ask is bid + the published spread. */
type BidTick = Pick<Tick, 'code' | 'bid' | 'time' | 'volume'>;

/** The live state of one instrument's quote, in points. */
export interface Quote {
  bid: number;
  ask: number;
  time: number;
  dayStart: number;
  dayOpen: number;
  dayHigh: number;
  dayLow: number;
  dayVolume: number;
  /** Percent from the day's open, 2 decimals. */
  change: number;
}

export interface QuoteInstrument {
  code: string;
  spreadPoints: number;
  hours: MarketHours;
  /** Expected per-minute log-return deviation, for the bad-tick filter. */
  minuteVol: number;
}

/** How many expected deviations a jump must exceed to be held back as a possible bad tick. */
const BAD_TICK_SIGMAS = 25;
/** After this long without a tick (a reopening, a feed outage) any price is believed. */
const BELIEVE_AFTER_MS = 30 * 60_000;

/**
 * Last quotes and the day's figures per instrument. The ask is always bid + the published spread (DESIGN §5: no
 * per-user prices). A lone off-market tick is held back: it is believed only when the next tick confirms the level,
 * so one bad print can never fire a stop.
 */
export class QuoteBook {
  private readonly quotes = new Map<string, Quote>();
  private readonly held = new Map<string, BidTick>();

  constructor(private readonly instruments: ReadonlyMap<string, QuoteInstrument>) {}

  get(code: string): Quote | undefined {
    return this.quotes.get(code);
  }

  /** Seeds the day's figures (from stored candles) before the first live tick. */
  prime(code: string, q: Quote): void {
    this.quotes.set(code, q);
  }

  /** Applies a tick; returns the new quote, or undefined when the tick was refused or held back. */
  accept(tick: BidTick): Quote | undefined {
    const inst = this.instruments.get(tick.code);
    if (!inst || !Number.isSafeInteger(tick.bid) || tick.bid <= 0) return undefined;
    const last = this.quotes.get(tick.code);
    if (last && tick.time < last.time) return undefined;
    if (last && this.isOffMarket(inst, last.bid, last.time, tick)) {
      const held = this.held.get(tick.code);
      // Two ticks in a row at the new level: the market really moved.
      if (!held || this.isOffMarket(inst, held.bid, held.time, tick)) {
        this.held.set(tick.code, tick);
        return undefined;
      }
    }
    this.held.delete(tick.code);
    const dayStart = tradingDayStart(inst.hours, tick.time);
    const newDay = !last || last.dayStart !== dayStart;
    const dayOpen = newDay ? tick.bid : last.dayOpen;
    const q: Quote = {
      bid: tick.bid,
      ask: tick.bid + inst.spreadPoints,
      time: tick.time,
      dayStart,
      dayOpen,
      dayHigh: newDay ? tick.bid : Math.max(last.dayHigh, tick.bid),
      dayLow: newDay ? tick.bid : Math.min(last.dayLow, tick.bid),
      dayVolume: (newDay ? 0 : last.dayVolume) + tick.volume,
      change: percentChange(dayOpen, tick.bid),
    };
    this.quotes.set(tick.code, q);
    return q;
  }

  /**
   * New published terms (staff changed the instrument): every quote from now on, and the current one at once, has
   * ask = bid + `points`, so the next fill uses it (DESIGN §5: one spread per instrument, never per user); the
   * trading day follows the new hours from the next tick.
   */
  setTerms(code: string, points: number, hours: MarketHours): void {
    const inst = this.instruments.get(code);
    if (!inst) return;
    inst.hours = hours;
    if (inst.spreadPoints === points) return;
    inst.spreadPoints = points;
    const q = this.quotes.get(code);
    if (q) this.quotes.set(code, { ...q, ask: q.bid + points });
  }

  /** Whether the quote is older than `maxAgeMs` at `now` (DESIGN §5: no fills or triggers on stale prices). */
  isStale(code: string, now: number, maxAgeMs: number): boolean {
    const q = this.quotes.get(code);
    return !q || now - q.time > maxAgeMs;
  }

  private isOffMarket(inst: QuoteInstrument, lastBid: number, lastTime: number, tick: BidTick): boolean {
    const elapsed = tick.time - lastTime;
    if (elapsed > BELIEVE_AFTER_MS) return false;
    const minutes = Math.max(1, elapsed / 60_000);
    const allowed = BAD_TICK_SIGMAS * inst.minuteVol * Math.sqrt(minutes);
    return Math.abs(Math.log(tick.bid / lastBid)) > Math.max(allowed, (inst.spreadPoints * 5) / lastBid);
  }
}
