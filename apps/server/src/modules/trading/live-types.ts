import type { STATUS_HOLDING, STATUS_PENDING } from '@tradepad/contracts';
import {
  lots as toLots,
  micros,
  type AccountTerms,
  type Lots,
  type Micros,
  type PendingKind,
  type Side,
  type TradingTerms,
} from '@tradepad/domain';
import type { OrderRow } from '../../db/schema.ts';
import type { Instrument } from '../market/instrument.ts';

/** The live book's shapes (live-book.ts): instruments, orders and accounts as the engine keeps them in memory. */

/** An instrument as the engine uses it: the market row plus its parsed trading terms. */
export interface EngineInstrument {
  row: Instrument;
  terms: TradingTerms;
  /** 10^precision as a float, for the risk screen only. */
  scale: number;
}

/** An order that is pending or holding, as the engine keeps it in memory. */
export interface LiveOrder {
  id: number;
  userId: number;
  demo: boolean;
  inst: EngineInstrument;
  side: Side;
  status: typeof STATUS_PENDING | typeof STATUS_HOLDING;
  kind: 'market' | PendingKind;
  lots: Lots;
  leverage: number;
  orderPrice: number;
  openPrice: number;
  stopLoss: number;
  takeProfit: number;
  margin: Micros;
  fee: Micros;
  createdAt: number;
  openedAt: number;
  /** A trailing stop's distance in points; 0 = none (issue 20). */
  trailingDistance: number;
  /** A pending order's expiry, unix seconds; 0 = until cancelled. */
  expireAt: number;
  /** A stop limit's limit in points (DESIGN §17), placed when its stop triggers; 0 for other orders. */
  stopLimitPrice: number;
  /** The fill's execution receipt as stored (JSON, receipt.ts); null while pending. */
  receipt: string | null;
  /** Overnight financing accrued so far (signed micros; issue 20), part of its floating P/L, settled on close. */
  swap: Micros;
  /** The account type's commission charged on it so far (its opening side; DESIGN §16), for its view. */
  commission: Micros;
  /**
   * Copy trading (issue 34): the provider's position this order copies, 0 for every other order. A copy never fires
   * its own stops: it closes with its provider, at the provider's price (only its own account's stop-out closes it).
   */
  copyOf: number;
  /** A settlement of this order is queued or running: triggers and stop-outs leave it alone. */
  busy: boolean;
  /** Units (lots × contract size) as a float, for the risk screen only. */
  unitsF: number;
}

/** A trader's holding positions in one instrument, summed: P/L = long units × bid − long cost + short cost − short units × ask. */
export interface Exposure {
  inst: EngineInstrument;
  count: number;
  longUnits: number;
  longCost: number;
  shortUnits: number;
  shortCost: number;
}

/** One trader's account as the engine keeps it while they have orders. */
export interface LiveAccount {
  userId: number;
  demo: boolean;
  /** Cash balance (the ledger's cash account), micro-units. */
  cash: Micros;
  /** Credit (the ledger's credit account, issue 32): counted in equity, never spent; see freeMargin. */
  credit: Micros;
  /** Margin held by the pending and holding orders (the ledger's margin account). */
  margin: Micros;
  orders: Map<number, LiveOrder>;
  /** Holding positions summed per instrument, in floats, for the per-tick risk screen (O(instruments held)). */
  exposure: Map<number, Exposure>;
  /** The exposure when there is exactly one (most accounts), for the screen's fast path. */
  single: Exposure | undefined;
  marginCall: boolean;
  /** The swaps accrued on the holding positions (the ledger's swap account), and as a float for the risk screen. */
  swap: Micros;
  swapF: number;
  /** A stop-out of this account is queued or running. */
  stoppingOut: boolean;
  /** `cash` and `margin` as floats, kept in step by setCash/setMargin, for the per-tick risk screen. */
  cashF: number;
  marginF: number;
  /** The account type (DESIGN §16) and its terms, from the types in memory: prices, commission, levels, fees. */
  typeId: number;
  terms: AccountTerms;
}

export function setCash(acc: LiveAccount, cash: Micros, credit = acc.credit): void {
  acc.cash = cash;
  acc.credit = credit;
  acc.cashF = Number(cash + credit);
}

export function setMargin(acc: LiveAccount, margin: Micros): void {
  acc.margin = margin;
  acc.marginF = Number(margin);
}

export interface EngineSettings {
  feeType: number;
  marginCallLevel: number;
  stopOutLevel: number;
}

/** The message key of a refusal to trade an instrument now. */
export type TradingRefusal = 'err.instrument_disabled' | 'err.market_closed' | 'err.quote_stale';

/** An open order as the engine keeps it, from its stored row (the one place the two shapes meet). */
export function liveOrder(inst: EngineInstrument, row: OrderRow): LiveOrder {
  return {
    id: row.id,
    userId: row.user_id,
    demo: row.is_demo === 1,
    inst,
    side: row.side as Side,
    status: row.status as typeof STATUS_PENDING | typeof STATUS_HOLDING,
    kind: row.kind as LiveOrder['kind'],
    lots: toLots(row.lots),
    leverage: row.leverage,
    orderPrice: row.order_price,
    openPrice: row.open_price,
    stopLoss: row.stop_loss,
    takeProfit: row.take_profit,
    margin: micros(row.margin),
    fee: micros(row.fee),
    createdAt: row.created_at,
    openedAt: row.opened_at,
    trailingDistance: Number(row.trailing_distance ?? 0),
    expireAt: Number(row.expire_at ?? 0),
    stopLimitPrice: Number(row.stop_limit_price ?? 0),
    receipt: row.receipt ?? null,
    swap: micros(row.swap ?? 0),
    commission: micros(Number(row.commission ?? 0)),
    copyOf: Number(row.copy_of ?? 0),
    busy: false,
    unitsF: 0,
  };
}
