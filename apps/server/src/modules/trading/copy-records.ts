import type { CopyPushMessage, CopySkipReason } from '@tradepad/contracts';
import { formatLots, pointsToPrice, type Lots } from '@tradepad/domain';
import type { FollowRef, NewCopyEventRow } from './copying.repository.ts';
import type { EngineInstrument } from './live-types.ts';

/** What a copy event records (copy_events.event): the COPY push tells fill, close (whole or part) and skip. */
export type CopyEventKind = 'fill' | 'close' | 'partial' | 'stops' | 'skip';

/** One copy, skip or change, as the engine records it with the provider's own transaction and tells it after. */
export interface CopyRecord {
  ref: FollowRef;
  inst: EngineInstrument;
  providerOrderId: number;
  /** The copy's order (a partial close's History row); 0 for a skip. */
  orderId: number;
  event: CopyEventKind;
  /** The provider's price, points. */
  price: number;
  lots: Lots;
  reason: CopySkipReason | '';
}

/** A skip's message key (translated in the server's and the app's messages). */
export const skipKey = (reason: CopySkipReason): string => `copy.skip.${reason}`;

/** The copy_events row of a record. */
export function eventRow(r: CopyRecord, at: number): NewCopyEventRow {
  return {
    follow_id: r.ref.followId,
    strategy_id: r.ref.strategyId,
    follower_id: r.ref.followerId,
    provider_order_id: r.providerOrderId,
    order_id: r.orderId,
    event: r.event,
    price: r.price,
    lots: Number(r.lots),
    reason: r.reason === '' ? '' : skipKey(r.reason),
    created_at: at,
  };
}

/** The follower's `COPY` push of a record; none for a change of stops. */
export function copyMessage(r: CopyRecord): CopyPushMessage | undefined {
  if (r.event === 'stops') return undefined;
  const precision = r.inst.row.precision;
  return {
    type: 'COPY',
    strategy_id: r.ref.strategyId,
    event: r.event === 'partial' ? 'close' : r.event,
    order_id: r.orderId,
    price: pointsToPrice(r.price, precision).toFixed(precision),
    lots: formatLots(r.lots),
    reason: r.reason === '' ? '' : skipKey(r.reason),
  };
}
