import { priceToPoints } from '@tradepad/domain';
import type { Feed, FeedInstrument, Tick } from './feed.ts';

/** A scripted tick before the feed fills in what it knows: the ask (bid + the raw spread) and the source. */
export type ScriptedTick = Omit<Tick, 'ask' | 'source'> & Partial<Pick<Tick, 'ask' | 'source'>>;

/**
 * A feed whose ticks are pushed by hand: tests and benchmarks script the market (a gap, a burst, a bad print) and
 * everything downstream (quotes, candles, trigger books, stop-out) runs exactly as with a live feed. It stands in for
 * the simulator: its quotes are named `sim` and, unless a tick says otherwise, have the instrument's spread as their
 * raw spread (ask = bid + spread), as the simulator's do.
 */
export class ScriptedFeed implements Feed {
  private onTick: ((tick: Tick) => void) | undefined;
  private readonly instruments = new Map<string, FeedInstrument>();
  /** What a test makes it say it cannot quote, as an LP feed does of an unmapped symbol (DESIGN §14). */
  closedReason: ((code: string) => string | undefined) | undefined;

  constructor(instruments: readonly FeedInstrument[] = []) {
    for (const i of instruments)
      this.instruments.set(i.code, { code: i.code, precision: i.precision, spreadPoints: i.spreadPoints });
  }

  start(onTick: (tick: Tick) => void): void {
    this.onTick = onTick;
  }

  stop(): void {
    this.onTick = undefined;
  }

  /** Delivers one tick (points) synchronously; without an ask, the instrument's raw spread above the bid. */
  push(tick: ScriptedTick): void {
    const spread = this.instruments.get(tick.code)?.spreadPoints ?? 0;
    this.onTick?.({ ...tick, ask: tick.ask ?? tick.bid + spread, source: tick.source ?? 'sim' });
  }

  /** Delivers a tick at a decimal bid (and ask, else the raw spread above it), using the instrument's precision. */
  pushPrice(code: string, bid: string, time: number, volume = 1, ask?: string, source?: string): void {
    const inst = this.instruments.get(code);
    if (!inst) throw new Error(`scripted feed: unknown instrument ${code}`);
    const points = (text: string) => priceToPoints(text, inst.precision);
    this.push({ code, bid: points(bid), ask: ask === undefined ? undefined : points(ask), time, volume, source });
  }
}
