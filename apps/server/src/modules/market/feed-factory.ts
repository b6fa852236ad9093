import type { Config } from '../../config.ts';
import { calibrationFor } from './calibration.ts';
import type { Feed } from './feed.ts';
import type { Instrument } from './market.repository.ts';
import type { QuoteBook } from './quote-book.ts';
import { ReplayFeed } from './replay-feed.ts';
import { SimulatorFeed, startPoints, type SimInstrument } from './simulator.ts';

/** Whether the feed replays recorded ticks: then the replayed quotes, not the clock, say which markets are open. */
export function isReplay(c: Config): boolean {
  return c.FEED.startsWith('replay:');
}

/**
 * The configured feed: a replay of recorded ticks (`FEED=replay:<dir>`), or the simulator, which continues each
 * instrument from its last quote.
 */
export function createFeed(c: Config, instruments: readonly Instrument[], quotes: QuoteBook): Feed {
  if (isReplay(c)) {
    return new ReplayFeed({
      dir: c.FEED.slice('replay:'.length),
      instruments: instruments.map((i) => ({ code: i.code, precision: i.precision, spreadPoints: i.spread_points })),
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
    instruments.map((i) => simInstrument(i, quotes.get(i.code)?.sourceBid)),
    seed,
  );
}

/** An instrument as the simulator walks it, from `fromPoints` or its start price. */
export function simInstrument(i: Instrument, fromPoints?: number): SimInstrument {
  return {
    code: i.code,
    precision: i.precision,
    hours: i.hours,
    startPoints: fromPoints ?? startPoints(i.start_price, i.precision),
    spreadPoints: i.spread_points,
    params: calibrationFor(i.code),
  };
}
