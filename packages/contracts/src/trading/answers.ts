import { z } from 'zod';
import { FREE_MARGIN_MODES } from '@tradepad/domain';
import { ORDER_BUY, ORDER_SELL, STATUS_CANCELLED, STATUS_CLOSED, STATUS_HOLDING, STATUS_PENDING } from './constants.ts';
import { count, decimal, paged, timeText, unixMs, usd2 } from '../answers.ts';

/**
 * Responses of the trading calls (spec §3 "Order", §7; DESIGN §5). The types are re-exported from trading.ts.
 * Money travels as decimal strings (balances with 2 decimals, margin and fee with 6), prices as numbers in the
 * instrument's precision, lots as decimal strings.
 */

/**
 * What kind of pending order a price makes (DESIGN §5), or the trader named (`pending_type`, §17); null for market
 * orders. A stop limit (`buy_stop_limit`, `sell_stop_limit`) becomes a limit at its `StopLimitPrice` once its stop
 * triggers.
 */
export const pendingKind = z.enum(['buy_limit', 'buy_stop', 'sell_limit', 'sell_stop', 'buy_stop_limit', 'sell_stop_limit']);
export type PendingKind = z.infer<typeof pendingKind>;

const price = (description: string) => z.number().describe(`${description} Price in the instrument's precision.`);

/** The execution receipt of a fill (issue 20, DESIGN §12). */
export const receiptView = z.object({
  QuoteBid: price('The bid at the fill.'),
  QuoteAsk: price('The ask at the fill.'),
  QuoteTime: unixMs("The fill's quote time."),
  FillPrice: price('The price filled at.'),
  PriceSeen: price('The price at the tap (`price_seen`) for a market order, the level for a pending one; 0 when not sent.'),
  Slippage: z.number().describe('Fill against PriceSeen, in price, positive when worse for the trader; 0 without PriceSeen.'),
  Spread: z.number().describe("The quote's spread at the fill (ask − bid), in price."),
  LatencyMs: count.describe(
    "From the request's receipt (or the triggering quote, for a pending order) to the fill, milliseconds.",
  ),
  Source: z
    .string()
    .describe(
      "The feed the quote came from (DESIGN §14): a liquidity provider's session name, `sim` or `replay`; empty when not known.",
    ),
  SourceBid: price("The source's own bid the published quote was priced from."),
  SourceAsk: price("The source's own ask the published quote was priced from."),
});
export type ReceiptView = z.infer<typeof receiptView>;

/** One order as `forex/my_deal` lists it (spec §3 "Order", plus the fields the screens need). */
export const orderView = z.object({
  Id: count,
  ForexId: count,
  Code: z.string(),
  ForexTradeLists: z.object({
    ShowCode: z.string(),
    Code: z.string(),
    PricePrecision: count,
    Logo: z.string(),
  }),
  OrderType: z.literal([ORDER_BUY, ORDER_SELL]).describe('1 buy, 2 sell.'),
  Status: z
    .literal([STATUS_PENDING, STATUS_HOLDING, STATUS_CLOSED, STATUS_CANCELLED])
    .describe('0 pending, 1 holding, 3 closed, 4 cancelled.'),
  Kind: pendingKind.nullable().describe('Pending orders: limit, stop or stop limit; null for market orders.'),
  StopLimitPrice: price(
    "A stop limit's limit (DESIGN §17), placed once the stop at OriginPrice triggers; kept after it became a limit; 0 for other orders.",
  ),
  Quantity: decimal('Lots, decimal string.'),
  Multiple: count.describe('Leverage.'),
  OriginPrice: price("The price asked for: a pending order's level, or the market price when a market order was submitted."),
  Price: price('The fill price (0 while pending).'),
  UpdatePrice: price('The current closing price while open; the exit price once closed.'),
  FactProfits: usd2(
    'Floating P/L while holding, realised P/L once closed, the overnight financing (Swap) included in both (MT5: swaps count in the profit),',
  ),
  TargetLossPrice: price('Stop-loss level; 0 = none.'),
  TargetProfitPrice: price('Take-profit level; 0 = none.'),
  CautionMoney: decimal('Margin held, USD, 6 decimals.'),
  TradeFee: decimal('Fee charged, USD, 6 decimals.'),
  Commission: decimal(
    "The account type's commission charged on this row (DESIGN §16), USD, 6 decimals: the opening side on a position, the closing side added once it closed (a partial close's row: its part's closing side).",
  ),
  ClosedType: count.describe('0 while open; else 1 user, 2 stop-out, 3 take-profit, 4 stop-loss, 5 back office, 6 expired.'),
  CreatedAt: unixMs('When the order was placed.'),
  OpenedAt: unixMs('When it was filled; 0 while pending.'),
  ClosedAt: unixMs('When it closed or was cancelled; 0 while open.'),
  CreateTimeHandler: timeText('Creation time as the app shows it, `YYYY-MM-DD HH:mm:ss` UTC.'),
  TrailingDistance: z.number().describe("Trailing stop distance in price; 0 = none. Written like the instrument's prices."),
  ExpireAt: count.describe("A pending order's expiry, unix seconds; 0 = until cancelled."),
  Swap: decimal(
    'Overnight financing accrued at the 17:00 New York rollovers (settled into the balance on close), USD, 6 decimals; negative: charged.',
  ),
  ParentId: count.describe('For the closed part of a partial close, the position it came from; 0 otherwise.'),
  Receipt: receiptView
    .nullable()
    .describe('The execution receipt of the fill; null while pending or for orders filled before receipts.'),
});
export type OrderView = z.infer<typeof orderView>;

/** `forex/my_deal`: a page of orders with the account's figures. */
export const dealList = paged(orderView).extend({
  all_fact_profits: usd2("Sum of the listed status's P/L (floating for holding, realised for history),"),
  balance: usd2('Cash balance,'),
});
export type DealList = z.infer<typeof dealList>;

/** The account summary of `/order` and the ticket (all USD decimal strings, 2 decimals; level a percentage). */
export const accountSummary = z.object({
  cash: usd2("Cash balance (margin and fees already taken out: the spec's `balance` of forexDetail, getBalance, my_deal),"),
  balance: usd2("MT5's Balance (DESIGN §17): cash plus used margin, so opening a trade moves it only by its fee and commission,"),
  credit: usd2('Credit (bonuses): counted in equity for margin, never withdrawable,'),
  equity: usd2('Balance plus floating P/L plus credit,'),
  used_margin: usd2("Margin held by holding orders (and pending ones under the type's `reserve` pending margin),"),
  free_margin: usd2(
    "What a new order may take, per the account type's free_margin_mode: cash plus the floating loss (loss_only) or the floating P/L (profit_and_loss), credit covering a loss,",
  ),
  free_margin_mode: z
    .enum(FREE_MARGIN_MODES)
    .describe("The account type's free-margin mode, so a client recomputes free margin from pushes the same way."),
  floating: usd2('Floating P/L of the holding orders, their accrued swaps included,'),
  margin_level: z.number().describe('Equity ÷ used margin × 100, 2 decimals; 0 when nothing is open.'),
  margin_call_level: z.number().describe('Margin level (percent) at or under which the account is in margin call.'),
  stop_out_level: z.number().describe('Margin level (percent) at or under which positions are stopped out.'),
  margin_call: z.boolean().describe('True while the margin level is at or under the margin-call level.'),
});
export type AccountSummary = z.infer<typeof accountSummary>;

/** `main/account/forexDetail`. */
export const forexDetail = z.object({
  balance: usd2('Cash balance,'),
  lock_balance: usd2('Locked by withdrawals waiting for review,'),
  credit: usd2('Credit (bonuses, issue 32): counted in equity for margin, never withdrawable nor paid out,'),
});
export type ForexDetail = z.infer<typeof forexDetail>;

/** One row of `main/accountLog/forexChange`. */
export const ledgerEntryView = z.object({
  Id: count,
  Value: usd2('Signed change of the cash balance,'),
  MemoTran: z.string().describe("What the entry was, in the request's language."),
  CreatedAt: unixMs('When.'),
  CreatedAtTran: timeText(),
  Type: z.string().describe('Entry type code (trade_open, trade_close, …).'),
  OrderId: count.nullable().describe('The order it concerns, when it concerns one.'),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryView>;

/** `main/accountLog/forexChange`: a page of entries, newest first. */
export const ledgerPage = paged(ledgerEntryView).extend({
  list: z.array(ledgerEntryView).describe("The spec's name for the same rows as `data`."),
});
export type LedgerPage = z.infer<typeof ledgerPage>;

/** `forex/submit`'s answer: the new order. */
export const submitResult = z.object({
  order: orderView,
  balance: usd2('Cash balance after the fee,'),
});
export type SubmitResult = z.infer<typeof submitResult>;

/** `forex/close_all`: the orders closed, and those left open (market closed, stale quote, being settled). */
export const closeAllResult = z.object({
  closed: z.array(count).describe('Ids of the positions closed.'),
  skipped: z.array(count).describe('Ids of the positions that could not be closed now.'),
});
export type CloseAllResult = z.infer<typeof closeAllResult>;

/** One step of a stop-out, in the order it was taken. */
export const stopoutStep = z.object({
  OrderId: count,
  Code: z.string(),
  OrderType: z.literal([ORDER_BUY, ORDER_SELL]),
  Quantity: decimal('Lots.'),
  Action: z.enum(['cancel', 'close']).describe('A pending order cancelled, or a position closed.'),
  Price: price('The exit price (the order level for a cancel).'),
  Profit: usd2('Realised P/L of the close (0 for a cancel),'),
  LevelAfter: z.number().describe('The margin level after this step, percent, 2 decimals (0 when nothing is left open).'),
});

/** A stop-out report (issue 20): the levels at the trigger, and what was cancelled and closed, in order. */
export const stopoutReport = z.object({
  Id: count,
  CreatedAt: unixMs('When the stop-out ran.'),
  MarginLevel: z.number().describe('The margin level at the trigger, percent, 2 decimals.'),
  StopOutLevel: z.number().describe('The stop-out level then in force, percent.'),
  MarginCallLevel: z.number().describe('The margin-call level then in force, percent.'),
  Balance: usd2('Cash balance at the trigger,'),
  Equity: usd2('Equity at the trigger,'),
  UsedMargin: usd2('Used margin at the trigger,'),
  WrittenOff: usd2('Negative balance written off by the house afterwards,'),
  Steps: z.array(stopoutStep),
});
export type StopoutReport = z.infer<typeof stopoutReport>;

export const stopoutReportList = paged(stopoutReport);
export type StopoutReportList = z.infer<typeof stopoutReportList>;
