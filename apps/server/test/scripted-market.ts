import { API, type TradeItem } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { startHarness, type Harness } from './harness.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
export const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);

/** Bids for the instruments the trading tests use, near their seed prices. */
export const SEED_QUOTES: Readonly<Record<string, string>> = {
  EURUSD: '1.08500',
  USDJPY: '150.000',
  EURJPY: '162.500',
  GBPUSD: '1.27000',
  EURGBP: '0.85500',
  XAUUSD: '2650.00',
  BTCUSD: '95000.00',
  GER40: '19500.0',
};

const seedFeed = () => new ScriptedFeed(INSTRUMENTS);

/**
 * The trading tests' market: a hand-moved clock (from a Wednesday afternoon) and a scripted feed of the seed's
 * instruments, a server started on both, and the trade list's ids by code. Made when the suite is declared, so its
 * `clock`, `feed`, `id` and `tick` can be taken apart at once; `start` runs in `beforeAll`.
 */
export class ScriptedMarket {
  readonly clock = new ManualClock(WEDNESDAY);
  feed = seedFeed();
  private items: TradeItem[] = [];

  /** Starts a server on this market's clock and feed and reads its trade list. */
  async start(opts: Omit<Parameters<typeof startHarness>[0] & object, 'clock' | 'feed'> = {}): Promise<Harness> {
    const h = await startHarness({ ...opts, clock: this.clock, feed: this.feed });
    this.items = (await h.call('GET', API.tradeList)).data as TradeItem[];
    return h;
  }

  /**
   * Closes `h` (started with `keepData`) and starts the server again on its data (folder and database) with a fresh
   * feed, as a restart would; the clock goes on.
   */
  async restart(h: Harness): Promise<Harness> {
    await h.close();
    this.feed = seedFeed();
    return this.start({ dataDir: h.dataDir, database: h.database });
  }

  /** The trade list's id of an instrument. */
  readonly id = (code: string): number => this.items.find((i) => i.Code === code)!.Id;

  /** Moves the clock and delivers the bid twice (the bad-tick filter holds back a lone print far from the market). */
  readonly tick = (code: string, bid: string): void => {
    this.clock.advance(1000);
    this.feed.pushPrice(code, bid, this.clock.now());
    this.feed.pushPrice(code, bid, this.clock.now());
  };
}
