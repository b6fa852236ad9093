import type { FillTrigger } from '@tradepad/contracts';
import { formatLots, formatMoney, pointsToPrice, type Micros } from '@tradepad/domain';
import type { Tx } from '../../db/database.ts';
import type { AccountPushes } from './account-pushes.ts';
import type { LiveOrder } from './live-book.ts';

/**
 * The notice of a stop limit whose stop was reached (DESIGN §17), written in the transaction that turns it into its
 * limit: the trader learns the order now waits at `limit` (and the app reads its pending orders again).
 */
export function recordStopLimitNotice(pushes: AccountPushes, trx: Tx, o: LiveOrder, stop: number, limit: number): Promise<void> {
  const precision = o.inst.row.precision;
  return pushes.notices.record(trx, o.userId, 'fill', {
    trigger: 'stop_limit',
    order_id: o.id,
    symbol: o.inst.row.show_code,
    side: o.side,
    lots: formatLots(o.lots),
    stop: pointsToPrice(stop, precision).toFixed(precision),
    price: pointsToPrice(limit, precision).toFixed(precision),
    profit: null,
  });
}

/** The notice of a fill by a trigger (issue 21), written in the fill's transaction: a pending order's or a close's. */
export function recordFillNotice(
  pushes: AccountPushes,
  trx: Tx,
  o: LiveOrder,
  trigger: FillTrigger,
  price: number,
  profit: Micros | undefined,
): Promise<void> {
  const precision = o.inst.row.precision;
  return pushes.notices.record(trx, o.userId, 'fill', {
    trigger,
    order_id: o.id,
    // The instrument as the app names it ("BTC/USD", not "BTCUSD"), as the alerts' notices do.
    symbol: o.inst.row.show_code,
    side: o.side,
    lots: formatLots(o.lots),
    price: pointsToPrice(price, precision).toFixed(precision),
    profit: profit === undefined ? null : formatMoney(profit, 2),
  });
}
