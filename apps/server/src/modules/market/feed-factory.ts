import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { FixFeed } from '../liquidity/fix-feed.ts';
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

/** What a feed of liquidity providers reports to: the log and the `tradepad_fix_session_up` gauge. */
export interface FeedReports {
  log: FastifyBaseLogger;
  sessionUp?: (name: string, up: boolean) => void;
}

/**
 * The configured feed: liquidity providers over FIX 4.4 (`FEED=fix:<file>`, the file checked with the configuration),
 * a replay of recorded ticks (`FEED=replay:<dir>`), or the simulator, which continues each instrument from its last
 * quote.
 */
export function createFeed(c: Config, instruments: readonly Instrument[], quotes: QuoteBook, reports: FeedReports): Feed {
  if (c.fixFeed) {
    return new FixFeed({
      file: c.fixFeed,
      instruments: instruments.map((i) => ({ code: i.code, precision: i.precision })),
      failoverMs: c.FEED_FAILOVER_MS,
      failbackMs: c.FEED_FAILBACK_MS,
      log: reports.log,
      sessionUp: reports.sessionUp,
    });
  }
  if (isReplay(c)) {
    return new ReplayFeed({
      dir: c.FEED.slice('replay:'.length),
      instruments: instruments.map((i) => ({ code: i.code, precision: i.precision })),
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
    instruments.map((i) => simInstrument(i, quotes.get(i.code)?.bid)),
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
    params: calibrationFor(i.code),
  };
}
