import { formatMoney, type Micros } from '@tradepad/domain';
import type { NoticeBoard, NoticeData, NoticeItem } from '../../ports/notices.ts';
import type { CopyTold } from '../trading/copying-types.ts';

/**
 * The figures of a copy's notice (issue 34): the strategy by name, the instrument as the app names it, the side, the
 * lots and the provider's price; a skip adds its reason (`COPY_SKIP_REASONS`, put in words by the notice's view).
 */
export function copyNoticeData(t: CopyTold, strategy: string): NoticeData {
  const data: NoticeData = {
    strategy_id: t.strategyId,
    strategy,
    symbol: t.symbol,
    side: t.side,
    lots: t.lots,
    price: t.price,
  };
  if (t.event === 'fill') data.order_id = t.orderId;
  else data.reason = t.reason;
  return data;
}

/** A copy's notice for its follower: `copy_fill` for a copy opened, `copy_skip` for one skipped. */
export function copyNotice(t: CopyTold, strategy: string): NoticeItem {
  return { userId: t.followerId, kind: t.event === 'fill' ? 'copy_fill' : 'copy_skip', data: copyNoticeData(t, strategy) };
}

/** The figures of the equity stop's notice: the strategy and what went back to the follower's cash (USD, 2 decimals). */
export function equityStopData(strategyId: number, strategy: string, returned: Micros): NoticeData {
  return { strategy_id: strategyId, strategy, amount: formatMoney(returned, 2) };
}

/**
 * The engine's copies and skips as the followers' notices: a provider's fill copied to a thousand followers is a
 * thousand notices written in one transaction of their own after the provider's commit (NoticeBoard.notifyAll), never
 * in the fan-out's. Strategy names come from the roster's memory; a strategy it has not seen is named by its id.
 */
export function copyNotices(notices: NoticeBoard, name: (strategyId: number) => string | undefined) {
  return (told: readonly CopyTold[]): void => {
    notices.notifyAll(told.map((t) => copyNotice(t, name(t.strategyId) ?? `#${t.strategyId}`)));
  };
}
