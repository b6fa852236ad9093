/**
 * The price feed port (DESIGN §2, §5). The engine-role node runs exactly one feed; everything downstream (quotes,
 * candles, websocket, trigger books) consumes `Tick`s and never knows whether they came from the simulator, a replay
 * of historical files, or a broker's real feed.
 */

/** One quote. Prices are integers in the instrument's points (price × 10^PricePrecision): never binary floats. */
export interface Tick {
  code: string;
  /** Bid in points. The ask is bid + the instrument's published spread, added downstream, never by the feed. */
  bid: number;
  /** Unix milliseconds. */
  time: number;
  /** Traded volume in the tick (0 where the source has none). */
  volume: number;
}

/** What a feed needs to know about each instrument it quotes. */
export interface FeedInstrument {
  code: string;
  /** Decimal places of the price (points = price × 10^precision). */
  precision: number;
}

export interface Feed {
  /** Starts delivering ticks; `onTick` is called synchronously for each. */
  start(onTick: (tick: Tick) => void): void;
  /** Stops delivering; no tick arrives after this returns. */
  stop(): void;
}
