import type { SimInstrument } from './simulator.ts';

/**
 * The price feed port (DESIGN §2, §5). The engine-role node runs exactly one feed; everything downstream (quotes,
 * candles, websocket, trigger books) consumes `Tick`s and never knows whether they came from the simulator, a replay
 * of historical files, or a broker's real feed.
 */

/**
 * One two-sided quote of the source (DESIGN §14). Prices are integers in the instrument's points (price ×
 * 10^PricePrecision): never binary floats. This is the source's own quote: the published one (what traders see and
 * fill at) is made from it downstream by the instrument's pricing (the quote book), never by the feed.
 */
export interface Tick {
  code: string;
  /** The source's bid, in points. */
  bid: number;
  /** The source's ask, in points (≥ bid). */
  ask: number;
  /** Unix milliseconds. */
  time: number;
  /** Traded volume in the tick (0 where the source has none). */
  volume: number;
  /** The feed that quoted it: `sim`, `replay`, or a liquidity provider's session name (receipts name it). */
  source: string;
}

/** What a feed needs to know about each instrument it quotes. */
export interface FeedInstrument {
  code: string;
  /** Decimal places of the price (points = price × 10^precision). */
  precision: number;
  /**
   * The raw spread the simulator and replay quote (ask = bid + spread), in points: the instrument's spread when the
   * feed started. A liquidity provider's feed quotes its own.
   */
  spreadPoints: number;
}

export interface Feed {
  /** Starts delivering ticks; `onTick` is called synchronously for each. */
  start(onTick: (tick: Tick) => void): void;
  /** Stops delivering; no tick arrives after this returns. */
  stop(): void;
  /**
   * Why the feed cannot quote an instrument at all (an LP feed: not mapped, or every session rejected it), or
   * undefined. Such an instrument is closed (MarketStatus 2) and readiness does not wait for it (DESIGN §14).
   */
  closedReason?(code: string): string | undefined;
  /**
   * Starts quoting an instrument staff created while the feed runs (issue 32): the simulator walks it from its start
   * price. A feed without it (a replay, liquidity providers) quotes only what it was started with.
   */
  addInstrument?(inst: SimInstrument): void;
}
