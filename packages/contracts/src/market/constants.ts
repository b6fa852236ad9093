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
 * The REST answers' shapes, each derived from its zod schema in market/answers.ts (type-only, so importing this file
 * never pulls zod into the web app's bundle).
 */
import type {
  Category,
  FavouriteList,
  ForexQuotation,
  InstrumentInfo,
  KlinePoint,
  LeverageOption,
  SparklineSeries,
  TradeItem,
} from './answers.ts';
export type { Category, FavouriteList, ForexQuotation, InstrumentInfo, KlinePoint, LeverageOption, SparklineSeries, TradeItem };

/** The websocket's market messages (DESIGN §4), derived from their schemas in realtime/messages.ts. */
import type { DayMarketMessage, KlineMessage } from '../realtime/messages.ts';
export type { DayMarketMessage, KlineMessage };

/** Bars `forex/kline` returns by default, and at most. */
export const KLINE_DEFAULT_BARS = 300;
export const KLINE_MAX_BARS = 1000;
