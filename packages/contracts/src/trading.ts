/**
 * Trading: orders, positions, account figures and the two user channels (spec §3, §7; DESIGN §4–6). Zod-free so the
 * web app can import it whole; the parameter schemas live in trading-params.ts.
 *
 * Money travels as decimal strings (exact; balances with 2 decimals, margin and fee with 6), prices as numbers in the
 * instrument's precision, lots as decimal strings.
 */

/** `OrderType`. */
export const ORDER_BUY = 1;
export const ORDER_SELL = 2;
export type OrderSide = typeof ORDER_BUY | typeof ORDER_SELL;

/** Order `Status` (DESIGN §5). */
export const STATUS_PENDING = 0;
export const STATUS_HOLDING = 1;
export const STATUS_CLOSED = 3;
export const STATUS_CANCELLED = 4;
export type OrderStatus = typeof STATUS_PENDING | typeof STATUS_HOLDING | typeof STATUS_CLOSED | typeof STATUS_CANCELLED;
/** The statuses `forex/my_deal` lists: 0 pending, 1 holding, 3 history (closed and cancelled). */
export const DEAL_LIST_STATUSES = [STATUS_PENDING, STATUS_HOLDING, STATUS_CLOSED] as const;

/** `ClosedType`: why an order closed. */
export const CLOSED_BY_USER = 1;
export const CLOSED_BY_STOP_OUT = 2;
export const CLOSED_BY_TAKE_PROFIT = 3;
export const CLOSED_BY_STOP_LOSS = 4;
export const CLOSED_BY_BACK_OFFICE = 5;

/** `forex/submit`'s `status`: 1 at the market price, 0 a pending order at `target_price`. */
export const SUBMIT_MARKET = 1;
export const SUBMIT_PENDING = 0;

/** What kind of pending order a price makes (DESIGN §5); null for market orders. */
export type PendingKind = 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';

/** One order as `forex/my_deal` lists it (spec §3 "Order", plus the fields the screens need). */
export interface OrderView {
  Id: number;
  ForexId: number;
  Code: string;
  ForexTradeLists: { ShowCode: string; Code: string; PricePrecision: number; Logo: string };
  /** 1 buy, 2 sell. */
  OrderType: OrderSide;
  Status: OrderStatus;
  /** Pending orders: limit or stop. */
  Kind: PendingKind | null;
  /** Lots, decimal string. */
  Quantity: string;
  /** Leverage. */
  Multiple: number;
  /** The price asked for: a pending order's level, or the market price when a market order was submitted. */
  OriginPrice: number;
  /** The fill price (0 while pending). */
  Price: number;
  /** The current closing price while open; the exit price once closed. */
  UpdatePrice: number;
  /** Floating P/L while holding, realised P/L once closed, in USD (decimal string, 2 decimals). */
  FactProfits: string;
  /** Stop-loss and take-profit levels; 0 = none. */
  TargetLossPrice: number;
  TargetProfitPrice: number;
  /** Margin held, USD, 6 decimals. */
  CautionMoney: string;
  /** Fee charged, USD, 6 decimals. */
  TradeFee: string;
  /** 0 while open; else 1 user, 2 stop-out, 3 take-profit, 4 stop-loss, 5 back office. */
  ClosedType: number;
  /** Unix milliseconds. */
  CreatedAt: number;
  OpenedAt: number;
  ClosedAt: number;
  /** Creation time as the app shows it, `YYYY-MM-DD HH:mm:ss` UTC. */
  CreateTimeHandler: string;
}

/** `forex/my_deal`: a page of orders with the account's figures. */
export interface DealList {
  data: OrderView[];
  total: number;
  /** Sum of the listed status's P/L (floating for holding, realised for history), USD, 2 decimals. */
  all_fact_profits: string;
  /** Cash balance, 2 decimals. */
  balance: string;
}

/** The account summary of `/order` and the ticket (all USD decimal strings, 2 decimals; level a percentage). */
export interface AccountSummary {
  balance: string;
  equity: string;
  /** Margin held by holding and pending orders. */
  used_margin: string;
  free_margin: string;
  floating: string;
  /** Equity ÷ used margin × 100, 2 decimals; 0 when nothing is open. */
  margin_level: number;
  margin_call_level: number;
  stop_out_level: number;
  /** True while the margin level is at or under the margin-call level. */
  margin_call: boolean;
}

/** `main/account/forexDetail`. */
export interface ForexDetail {
  balance: string;
  lock_balance: string;
}

/** One row of `main/accountLog/forexChange`. */
export interface LedgerEntryView {
  Id: number;
  /** Signed change of the cash balance, USD, 2 decimals. */
  Value: string;
  /** What the entry was, in the request's language. */
  MemoTran: string;
  /** Unix milliseconds. */
  CreatedAt: number;
  /** `YYYY-MM-DD HH:mm:ss` UTC. */
  CreatedAtTran: string;
  /** Entry type code (trade_open, trade_close, …). */
  Type: string;
  /** The order it concerns, when it concerns one. */
  OrderId: number | null;
}

export interface LedgerPage {
  data: LedgerEntryView[];
  /** The spec's name for the same rows. */
  list: LedgerEntryView[];
  total: number;
}

/** `forex/submit`'s answer: the new order. */
export interface SubmitResult {
  order: OrderView;
  balance: string;
}

// Websocket (DESIGN §4)

/** `FOREX_TRADE`: the user's holding orders' live figures, at most 4 times a second. */
export interface ForexTradeMessage {
  type: 'FOREX_TRADE';
  /** Floating P/L of all holding orders, USD, 2 decimals. */
  ProfitsTotal: string;
  /** Margin level, percent, 2 decimals (0 when nothing is open). */
  HazardRate: number;
  /** Used margin, USD, 2 decimals. */
  CautionMoneyAll: string;
  Balance: string;
  /** Equity, USD, 2 decimals (beyond DESIGN §4: the summary card needs it). */
  Equity: string;
  /** True while under the margin-call level. */
  MarginCall: boolean;
  TransOrder: Array<{ Id: number; UpdatePrice: number; FactProfits: string }>;
}

/** `FOREX_CLOSED`: orders that just closed or were cancelled, by any cause. */
export interface ForexClosedMessage {
  type: 'FOREX_CLOSED';
  id: number[];
  ClosedType: number;
}

/** A margin-call notice, sent on `FOREX_TRADE` when the level first falls to the margin-call level. */
export interface MarginCallMessage {
  type: 'MARGIN_CALL';
  HazardRate: number;
  msg: string;
}
