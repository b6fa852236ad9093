import { z } from 'zod';
import { PRICING_MODES } from '@tradepad/domain';
import { MARKET_CLOSED, MARKET_OPEN } from './constants.ts';
import { count, decimal, unixMs } from '../answers.ts';

/** An instrument's published pricing (DESIGN §14). */
export const pricingMode = z.enum(PRICING_MODES);

/**
 * Responses of the market calls (spec §3 "Trade item", §7; DESIGN §4–5). The types are re-exported from market.ts.
 * Prices are numbers in the instrument's precision; 0 until the first quote.
 */

/** One leverage choice of an instrument (`HasForexMultiple`). */
export const leverageOption = z.object({
  Id: count,
  Value: count.describe('The leverage, e.g. 100 for 1:100.'),
});
export type LeverageOption = z.infer<typeof leverageOption>;

/** The day's figures of an instrument; the day follows the instrument's trading session. Prices in its precision. */
export const forexQuotation = z.object({
  Open: z.number(),
  High: z.number(),
  Low: z.number(),
  Close: z.number().describe('The last bid.'),
  Change: z.number().describe('Percent change from the session open, 2 decimals.'),
  Bid: z.number(),
  Ask: z.number(),
  Time: unixMs('The last tick (0 before the first).'),
});
export type ForexQuotation = z.infer<typeof forexQuotation>;

/** One row of `forex/trade_list` (spec §3 "Trade item"). */
export const tradeItem = z.object({
  Id: count,
  Code: z.string(),
  ShowCode: z.string(),
  Logo: z.string().describe('Path of the logo shipped with the app (no external image hosts).'),
  CategoryId: count,
  MarketStatus: z
    .literal([MARKET_OPEN, MARKET_CLOSED])
    .describe('1 open, 2 closed (hours, holiday, instrument switched off, or no fresh quote).'),
  PricePrecision: count.describe('Decimal places of the price.'),
  Pip: decimal('Lot step, as a decimal string (e.g. "0.01").'),
  ForexMinCont: decimal('Minimum lots, decimal string.'),
  ForexMaxCont: decimal('Maximum lots per order, decimal string.'),
  ForexContNum: z.number().describe('Units of the base per lot (100,000 for forex, 100 oz for gold…).'),
  ForexFeeRate: decimal('Fee rate, decimal string: per lot when trade_fee_type is 1, else a fraction of margin.'),
  MarginMode: count.describe('1: fixed margin of lots × ForexContNum; otherwise lots × ForexContNum × price ÷ leverage.'),
  Spread: z
    .number()
    .describe(
      "The current spread (Ask − Bid) in points (units of the last price digit); the instrument's configured spread before a quote.",
    ),
  Pricing: pricingMode.describe(
    "How the published quote follows the source (DESIGN §14): `fixed`, a fixed spread around the source's mid; `markup`, the source's own bid and ask each moved out by `Markup`.",
  ),
  Markup: count.describe('`markup` pricing: points added to each side of the source quote; 0 with `fixed`.'),
  BaseCurrency: z.string(),
  QuoteCurrency: z.string(),
  HasForexMultiple: z.array(leverageOption),
  ForexQuotations: forexQuotation,
  Bid: z.number(),
  Ask: z.number(),
  TimeZone: z.string().describe("Trading hours' time zone (IANA name), for display."),
});
export type TradeItem = z.infer<typeof tradeItem>;

/** `forex/getCategories`. `NameShowTrans` is in the request's language. */
export const category = z.object({
  Id: count,
  NameShowTrans: z.string(),
});
export type Category = z.infer<typeof category>;

/** One candle; `Time` is the bar's open time in unix seconds. */
export const klinePoint = z.object({
  Time: count.describe("The bar's open time, unix seconds."),
  Open: z.number(),
  High: z.number(),
  Low: z.number(),
  Close: z.number(),
  Volume: z.number(),
});
export type KlinePoint = z.infer<typeof klinePoint>;

/** `forex/abbreviated_cache_kline`: recent closes per instrument for the home sparklines, oldest first. */
export const sparklineSeries = z.object({
  forex_id: count,
  Code: z.string(),
  closes: z.array(z.number()),
});
export type SparklineSeries = z.infer<typeof sparklineSeries>;

/** `forex/favourites` and the answer of `forex/favourites/set`: the user's watchlist, ids in the order added. */
export const favouriteList = z.object({
  ids: z.array(count).describe('Instrument ids (`Id` of the trade list), oldest favourite first.'),
});
export type FavouriteList = z.infer<typeof favouriteList>;

/** One weekly trading session in the instrument's own time zone (minutes from local midnight, day 0 = Sunday). */
export const tradingSession = z.object({
  day: count.describe('0 Sunday … 6 Saturday, in `TimeZone`.'),
  open: count.describe('Minute of the local day it opens, 0..1439.'),
  close: count.describe('Minute of the local day it closes, 1..1440.'),
});

/** `forex/info`: what the instrument's info sheet shows beyond the trade list's row. */
export const instrumentInfo = z.object({
  Id: count,
  TimeZone: z.string().describe('IANA time zone of the sessions.'),
  Sessions: z.array(tradingSession),
  SwapLong: decimal('USD per lot per night held long (negative is charged); "0" when none.'),
  SwapShort: decimal('USD per lot per night held short; "0" when none.'),
  SwapTripleDay: count.describe('Weekday charged three nights (0 Sunday … 6 Saturday).'),
  Pricing: pricingMode.describe('The published pricing: `fixed` spread or `markup` on the source quote (DESIGN §14).'),
  Markup: count.describe('`markup` pricing: points added to each side of the source quote; 0 with `fixed`.'),
});
export type InstrumentInfo = z.infer<typeof instrumentInfo>;
