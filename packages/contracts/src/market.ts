/**
 * Markets: instruments, quotes and candles (spec §3, DESIGN §4–5). Zod-free so the web app can import it whole;
 * the parameter schemas live in market-params.ts.
 */

/** Candle periods, as the API and websocket name them (defined once, in the domain). */
export { PERIOD_NAMES as PERIODS, PERIOD_SECONDS_BY_NAME as PERIOD_SECONDS } from '@tradepad/domain/periods';
import type { PeriodName } from '@tradepad/domain/periods';
export type Period = PeriodName;

/** `MarketStatus`: 1 open, 2 closed. */
export const MARKET_OPEN = 1;
export const MARKET_CLOSED = 2;

/**
 * The REST answers' shapes, each derived from its zod schema in responses/market.ts (type-only, so importing this file
 * never pulls zod into the web app's bundle).
 */
export type { Category, ForexQuotation, KlinePoint, LeverageOption, SparklineSeries, TradeItem } from './responses/market.ts';
import type { KlinePoint } from './responses/market.ts';

/** Websocket `DAY_MARKET` message (DESIGN §4). */
export interface DayMarketMessage {
  type: 'DAY_MARKET';
  symbol: string;
  quotation: {
    forex_id: number;
    open: number;
    high: number;
    low: number;
    close: number;
    bid: number;
    ask: number;
    /** Percent over the session, 2 decimals. */
    change: number;
    volume: number;
    /** The tick's time, unix milliseconds. */
    time: number;
  };
}

/** Websocket `KLINE` message: one per period per update (DESIGN §4). */
export interface KlineMessage {
  type: 'KLINE';
  symbol: string;
  forex_id: number;
  kline: KlinePoint & { Period: Period; ForexId: number; Code: string };
}

/** Bars `forex/kline` returns by default, and at most. */
export const KLINE_DEFAULT_BARS = 300;
export const KLINE_MAX_BARS = 1000;
