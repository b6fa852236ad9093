import type { PricingMode } from '@tradepad/domain';
import type { Generated, Selectable } from 'kysely';

/** The tables of instruments, candles, orders, swaps and hedging (see schema.ts, which gathers every table). */

/** One stop-out's report (issue 20): levels at the trigger and the orders cancelled and closed, in order, as JSON. */
export interface StopoutReportsTable {
  id: Generated<number>;
  user_id: number;
  created_at: number;
  report: string;
}

/** An order: prices in points, money in micro-units, lots in 10⁻⁴ lots (DESIGN §5–6). */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  is_demo: number;
  instrument_id: number;
  /** 1 buy, 2 sell. */
  side: number;
  /** 0 pending, 1 holding, 3 closed, 4 cancelled. */
  status: number;
  /** market, buy_limit, buy_stop, sell_limit, sell_stop, buy_stop_limit, sell_stop_limit (migration 037). */
  kind: string;
  lots: number;
  leverage: number;
  /** The price asked for: a pending order's level, the quote at submission for a market order. */
  order_price: number;
  /** Fill price; 0 while pending. */
  open_price: number;
  /** Exit price; 0 while open. */
  close_price: number;
  /** 0 = none. */
  stop_loss: number;
  take_profit: number;
  margin: number;
  fee: number;
  /** Realised P/L once closed. */
  profit: number;
  /** 0 while open; ClosedType otherwise. */
  closed_type: number;
  created_at: number;
  opened_at: number;
  closed_at: number;
  /** Trailing stop distance in points; 0 = none (migration 019). */
  trailing_distance: Generated<number>;
  /** A pending order's expiry, unix seconds; 0 = until cancelled. */
  expire_at: Generated<number>;
  /** Overnight financing charged so far, micros (0 until swaps are charged). */
  swap: Generated<number>;
  /** The position a partial close was taken from; 0 = none. */
  parent_id: Generated<number>;
  /** The fill's execution receipt (JSON, see trading/receipt.ts); null while pending or before migration 019. */
  receipt: string | null;
  /** Commission charged against this row, micros (migration 032): the open side on a position, a closing side on the row that closed it. */
  commission: Generated<number>;
  /** A stop limit's limit in points, placed once its stop (`order_price`) triggers; 0 for other orders (migration 037). */
  stop_limit_price: Generated<number>;
  /** The provider's position this copy follows (migration 038); 0 for every other order. */
  copy_of: Generated<number>;
}

export type OrderRow = Selectable<OrdersTable>;

export interface CategoriesTable {
  id: number;
  code: string;
  sort: number;
  /** Names in the 14 languages, a JSON object keyed by language code. */
  names_json: string;
}

export interface InstrumentsTable {
  id: number;
  code: string;
  show_code: string;
  category_id: number;
  base: string;
  quote: string;
  precision: number;
  contract_size: number;
  lot_step: string;
  min_lots: string;
  max_lots: string;
  spread_points: number;
  fee_rate: string;
  margin_mode: number;
  leverages_json: string;
  /** MarketHours as JSON: time zone, weekly sessions, rollover. */
  hours_json: string;
  start_price: string;
  enabled: number;
  sort: number;
  /** 1: new orders refused, closing allowed (migration 014). */
  close_only: Generated<number>;
  /** USD per lot per night, exact decimal text (DESIGN §12). */
  swap_long: Generated<string>;
  swap_short: Generated<string>;
  /** Weekday 0–6 (0 = Sunday) whose rollover charges three nights. */
  swap_triple_day: Generated<number>;
  /** Published pricing, `fixed` or `markup` (migration 027, DESIGN §14). */
  pricing: Generated<PricingMode>;
  /** `markup`: points added to each side of the source's quote. */
  markup_points: Generated<number>;
  /** 'none' | 'all' | 'net' (migration 031, DESIGN §14). */
  hedge_mode: Generated<string>;
  /** Net mode's least difference, lots as exact decimal text. */
  hedge_threshold_lots: Generated<string>;
  /** Points beyond the client's fill price a hedge's limit accepts. */
  hedge_tolerance: Generated<number>;
  /** Names by language code as JSON, given when staff created it (migration 036); null for the seeded ones. */
  names_json: string | null;
}

/** One order sent to the hedging LP (migration 031): quantities and prices as exact decimal text. */
export interface HedgeOrdersTable {
  id: Generated<number>;
  cl_ord_id: string;
  instrument_id: number;
  symbol: string;
  lp_symbol: string;
  mode: string;
  side: number;
  qty: string;
  limit_price: string;
  /** pending | new | partial | filled | cancelled | rejected | unknown. */
  status: string;
  filled_qty: Generated<string>;
  avg_price: Generated<string>;
  last_qty: string | null;
  last_price: string | null;
  lp_order_id: string | null;
  reason: string | null;
  client_order_id: number;
  client_fill: string;
  client_price: string;
  created_at: number;
  updated_at: number;
}

export type HedgeOrderRow = Selectable<HedgeOrdersTable>;

/** The house's position at the hedging LP per instrument (migration 031): base units, signed exact text. */
export interface HedgePositionsTable {
  instrument_id: number;
  symbol: string;
  qty: string;
  updated_at: number;
}

/** Candles in integer points; `time` is the bar's open time in unix seconds. */
export interface CandlesTable {
  instrument_id: number;
  period: string;
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A trader's favourite instrument (migration 020): the markets list's watchlist, in the order it was built. */
export interface FavouritesTable {
  user_id: number;
  instrument_id: number;
  added_at: number;
}

/** A trader's chart layout on one instrument (migration 034): indicators and drawings as JSON text. */
export interface ChartLayoutsTable {
  user_id: number;
  instrument_id: number;
  layout_json: string;
  updated_at: number;
}

/** The engine's fencing token (migration 018): one row, bumped by each new engine leader (PostgreSQL only). */
export interface EngineLeaseTable {
  id: number;
  epoch: number;
  /** The leader's node id (random per process start). */
  node: string;
  acquired_at: number;
}

/** One position charged at one rollover (migration 021): the primary key (order, rollover) charges a night once. */
export interface SwapChargesTable {
  order_id: number;
  /** The rollover's New York trade date, YYYY-MM-DD. */
  rollover: string;
  user_id: number;
  nights: number;
  /** Micros, signed (negative: charged to the trader). */
  amount: number;
  created_at: number;
}

/** A rollover the engine has finished (migration 021). */
export interface SwapRolloversTable {
  rollover: string;
  at: number;
  charged: number;
  done_at: number;
}

/** An account type (migration 032, DESIGN §16): the terms a trader's account follows. Flags 0/1; money in micros. */
export interface AccountTypesTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** Points added to each side of the published quote. */
  spread_markup: number;
  /** USD micros per lot per side. */
  commission_per_lot: number;
  fee_on_margin: number;
  /** null: no cap. */
  max_leverage: number | null;
  margin_call_level: number;
  stop_out_level: number;
  free_margin_mode: string;
  swap_free: number;
  pending_margin: string;
  is_default: number;
  is_public: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export type AccountTypeRow = Selectable<AccountTypesTable>;
