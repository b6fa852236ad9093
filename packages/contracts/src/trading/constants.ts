/**
 * Trading: orders, positions, account figures and the two user channels (spec §3, §7; DESIGN §4–6). Zod-free so the
 * web app can import it whole; the parameter schemas live in params.ts, the response schemas in answers.ts.
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
/** Issue 20: a pending order cancelled at its expiry. */
export const CLOSED_BY_EXPIRY = 6;
/** Issue 32: a pending order whose fill the free margin could not pay (its account type holds margin only at the fill). */
export const CLOSED_BY_NO_MARGIN = 7;

/** `forex/submit`'s `status`: 1 at the market price, 0 a pending order at `target_price`. */
export const SUBMIT_MARKET = 1;
export const SUBMIT_PENDING = 0;

/**
 * The REST answers' shapes, each derived from its zod schema in trading/answers.ts (type-only, so importing this
 * file never pulls zod into the web app's bundle).
 */
import type {
  AccountSummary,
  CloseAllResult,
  DealList,
  ForexDetail,
  LedgerEntryView,
  LedgerPage,
  OrderView,
  PendingKind,
  ReceiptView,
  StopoutReport,
  StopoutReportList,
  SubmitResult,
} from './answers.ts';
export type { AccountSummary, DealList, ForexDetail, LedgerEntryView, LedgerPage, OrderView, PendingKind, SubmitResult };
export type { CloseAllResult, ReceiptView, StopoutReport, StopoutReportList };

// Websocket (DESIGN §4)

/** The websocket's account messages (DESIGN §4), derived from their schemas in realtime/messages.ts. */
import type { ForexClosedMessage, ForexTradeMessage, MarginCallMessage } from '../realtime/messages.ts';
export type { ForexClosedMessage, ForexTradeMessage, MarginCallMessage };
