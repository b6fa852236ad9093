import { priceToPoints } from '@tradepad/domain';
import type { Feed, FeedInstrument, Tick } from './feed.ts';

/** A scripted tick before the feed fills in what it knows: the ask and the source. */
export type ScriptedTick = Omit<Tick, 'ask' | 'source'> & Partial<Pick<Tick, 'ask' | 'source'>>;

/**
 * A feed whose ticks are pushed by hand: tests and benchmarks script the market (a gap, a burst, a bad print) and
 * everything downstream (quotes, candles, trigger books, stop-out) runs exactly as with a live feed.
 */
export class ScriptedFeed implements Feed {
  private onTick: ((tick: Tick) => void) | undefined;
  private readonly precision = new Map<string, number>();

  constructor(instruments: readonly FeedInstrument[] = []) {
    for (const i of instruments) this.precision.set(i.code, i.precision);
  }

  start(onTick: (tick: Tick) => void): void {
    this.onTick = onTick;
  }

  stop(): void {
    this.onTick = undefined;
  }

  /** Delivers one tick (bid in points) synchronously. */
  push(tick: ScriptedTick): void {
    this.onTick?.({ ...tick, ask: tick.ask ?? tick.bid, source: tick.source ?? 'sim' });
  }

  /** Delivers a tick at a decimal bid, using the instrument's precision (given to the constructor). */
  pushPrice(code: string, bid: string, time: number, volume = 1): void {
    const precision = this.precision.get(code);
    if (precision === undefined) throw new Error(`scripted feed: unknown instrument ${code}`);
    this.push({ code, bid: priceToPoints(bid, precision), time, volume });
  }
}
