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

/** One leverage choice of an instrument (`HasForexMultiple`). */
export interface LeverageOption {
  Id: number;
  Value: number;
}

/** The day's figures of an instrument; the day follows the instrument's trading session. Prices in its precision. */
export interface ForexQuotation {
  Open: number;
  High: number;
  Low: number;
  /** The last bid. */
  Close: number;
  /** Percent change from the session open, 2 decimals. */
  Change: number;
  Bid: number;
  Ask: number;
  /** Unix milliseconds of the last tick. */
  Time: number;
}

/** One row of `forex/trade_list` (spec §3 "Trade item"). */
export interface TradeItem {
  Id: number;
  Code: string;
  ShowCode: string;
  /** Path of the logo shipped with the app (no external image hosts). */
  Logo: string;
  CategoryId: number;
  /** 1 open, 2 closed (hours, holiday, instrument switched off, or no fresh quote). */
  MarketStatus: number;
  /** Decimal places of the price. */
  PricePrecision: number;
  /** Lot step, as a decimal string (e.g. "0.01"). */
  Pip: string;
  /** Minimum lots, decimal string. */
  ForexMinCont: string;
  /** Maximum lots per order, decimal string. */
  ForexMaxCont: string;
  /** Units of the base per lot (100,000 for forex, 100 oz for gold…). */
  ForexContNum: number;
  /** Fee rate, decimal string: per lot when trade_fee_type is 1, else a fraction of margin. */
  ForexFeeRate: string;
  /** 1: fixed margin of lots × ForexContNum; otherwise lots × ForexContNum × price ÷ leverage. */
  MarginMode: number;
  /** Spread in points (units of the last price digit). */
  Spread: number;
  BaseCurrency: string;
  QuoteCurrency: string;
  HasForexMultiple: LeverageOption[];
  ForexQuotations: ForexQuotation;
  Bid: number;
  Ask: number;
  /** Trading hours in the instrument's time zone, for display. */
  TimeZone: string;
}

/** `forex/getCategories`. `NameShowTrans` is in the request's language. */
export interface Category {
  Id: number;
  NameShowTrans: string;
}

/** One candle; `Time` is the bar's open time in unix seconds. */
export interface KlinePoint {
  Time: number;
  Open: number;
  High: number;
  Low: number;
  Close: number;
  Volume: number;
}

/** `forex/abbreviated_cache_kline`: recent closes per instrument for the home sparklines, oldest first. */
export interface SparklineSeries {
  forex_id: number;
  Code: string;
  closes: number[];
}

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
