import type { CopyPushMessage, CopySkipReason } from '@tradepad/contracts';
import { formatLots, pointsToPrice, type Lots, type Side } from '@tradepad/domain';
import type { CopyTold } from './copying-types.ts';
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
  /** The copy's side where the record knows it (an open); otherwise read from the book when told. */
  side?: Side | undefined;
}

/** A skip's message key (translated in the server's and the app's messages). */
export const skipKey = (reason: CopySkipReason): string => `copy.skip.${reason}`;

/**
 * Whether a record is stored as a copy_events row: skips and stop changes are; a fill, a partial close and a close are
 * read back from the copy's own order rows (copy/copy-events.ts), so a fan-out writes no event row per copy.
 */
export const STORED_EVENTS: readonly CopyEventKind[] = ['skip', 'stops'];
export const isStoredEvent = (r: CopyRecord): boolean => STORED_EVENTS.includes(r.event);

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

/** The follower's notice of a record (a copy opened or skipped), given the copy's side; none for a close or stops. */
export function copyTold(r: CopyRecord, side: Side | undefined): CopyTold | undefined {
  if ((r.event !== 'fill' && r.event !== 'skip') || side === undefined) return undefined;
  const precision = r.inst.row.precision;
  return {
    followerId: r.ref.followerId,
    strategyId: r.ref.strategyId,
    event: r.event,
    orderId: r.orderId,
    symbol: r.inst.row.show_code,
    side,
    lots: formatLots(r.lots),
    price: pointsToPrice(r.price, precision).toFixed(precision),
    reason: r.reason,
  };
}
