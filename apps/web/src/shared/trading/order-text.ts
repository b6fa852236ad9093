import { ORDER_BUY, STATUS_CANCELLED, STATUS_PENDING, type OrderView } from '@tradepad/contracts/trading/constants';

/**
 * The words for an order, as i18n keys, shared by the ticket's success popup and the order screen: its side, its
 * kind (market, or which pending kind) and, once closed, why.
 */
export const sideKey = (order: Pick<OrderView, 'OrderType'>): string =>
  order.OrderType === ORDER_BUY ? 'trading.buy' : 'trading.sell';

export function kindKey(order: Pick<OrderView, 'Kind' | 'Status'>): string {
  if (order.Kind) return `trading.kind.${order.Kind}`;
  return order.Status === STATUS_PENDING ? 'trading.pending' : 'trading.market';
}

/** Why a history row ended: cancelled, or closed by the user, a stop-out, take-profit, stop-loss or the back office. */
export function endKey(order: Pick<OrderView, 'Status' | 'ClosedType'>): string {
  if (order.Status === STATUS_CANCELLED) return 'orders.cancelled';
  return order.ClosedType >= 1 && order.ClosedType <= 6 ? `orders.closedBy.c${order.ClosedType}` : 'orders.closed';
}

/** The price an order stands at: its fill price once open, else the price it waits for. */
export const entryPriceOf = (order: Pick<OrderView, 'Price' | 'OriginPrice'>): number =>
  order.Price > 0 ? order.Price : order.OriginPrice;

/**
 * The price a row shows after the arrow: where the order closed (history) or the market now; null for a cancelled
 * order, which never filled and has no such price (History read "93,500.00 → 0.00"), and for no price at all.
 */
export function exitPriceOf(order: Pick<OrderView, 'Status'>, current: number): number | null {
  return order.Status === STATUS_CANCELLED || !(current > 0) ? null : current;
}

/** A cancelled order: it shows its order price and "cancelled", no close price and no P/L of 0.00. */
export const isCancelled = (order: Pick<OrderView, 'Status'>): boolean => order.Status === STATUS_CANCELLED;

/** The tone class of a signed decimal amount ("-12.30" falls, "4.10" rises, "0.00" is flat). */
export function plTone(amount: string): 'tone-up' | 'tone-down' | 'tone-flat' {
  const n = Number(amount);
  if (!Number.isFinite(n) || n === 0) return 'tone-flat';
  return n > 0 ? 'tone-up' : 'tone-down';
}

/** A signed amount: "+12.30" for a gain, the formatted value as is otherwise. */
export const signed = (amount: string, formatted: string): string => (Number(amount) > 0 ? `+${formatted}` : formatted);
