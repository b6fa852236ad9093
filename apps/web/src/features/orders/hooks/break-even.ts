import { ORDER_BUY, STATUS_HOLDING, type OrderView } from '@tradepad/contracts/trading/constants';
import { breakEvenOk } from '@tradepad/domain/orders';
import { priceToPoints } from '@tradepad/domain/price';
import type { Side } from '@tradepad/domain/trading';

/**
 * Break-even in one tap (DESIGN §12): what to send to put an open position's stop-loss at its entry, or null when it
 * cannot apply and the button is not offered (issue 33: it was always offered and sent `trailing_distance=0`). It
 * applies to a holding position whose market (`closePrice`: the bid of a buy, the ask of a sell) is beyond the entry
 * in its favour, as the engine demands, whose stop-loss is not at or past the entry already, and that no trailing
 * stop is moving (that stop follows the market itself). Only the stop-loss is sent: the take-profit and any trailing
 * settings stay as they are.
 */
export function breakEvenChange(
  order: Pick<OrderView, 'Id' | 'Status' | 'OrderType' | 'Price' | 'TargetLossPrice' | 'TrailingDistance'>,
  closePrice: number | null | undefined,
  precision: number,
): { id: number; stop_loss_price: string } | null {
  if (order.Status !== STATUS_HOLDING || !(order.Price > 0) || order.TrailingDistance > 0) return null;
  if (closePrice === null || closePrice === undefined || !(closePrice > 0)) return null;
  const side: Side = order.OrderType === ORDER_BUY ? 1 : 2;
  const points = (p: number) => priceToPoints(p.toFixed(precision), precision);
  const entry = points(order.Price);
  const market = points(closePrice);
  if (!breakEvenOk(side, entry, { bid: market, ask: market })) return null;
  const stop = order.TargetLossPrice > 0 ? points(order.TargetLossPrice) : 0;
  if (stop > 0 && (side === 1 ? stop >= entry : stop <= entry)) return null;
  return { id: order.Id, stop_loss_price: order.Price.toFixed(precision) };
}
