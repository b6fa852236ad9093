import type { NoticeKind } from '@tradepad/contracts';
import type { Tx } from '../db/database.ts';

/** A notice's figures: plain JSON values (amounts and prices as exact decimal text). */
export type NoticeData = Record<string, string | number | boolean | null>;

/**
 * The in-app notices (issue 21): a modules tells the trader that something happened. `record` writes the notice in
 * the transaction of the event (opened through `transaction()` or the TradeWriter), so it exists only if the event
 * commits; after the commit it is pushed to the user's sockets (`NOTICE`, through the bus: every node) and, where the
 * user opted in for its kind, as a web push. `notify` does the same in a transaction of its own, for events that
 * write nothing (a margin call, a price alert).
 */
export interface NoticeBoard {
  record(trx: Tx, userId: number, kind: NoticeKind, data: NoticeData): Promise<void>;
  notify(userId: number, kind: NoticeKind, data: NoticeData): void;
  /**
   * `notify` for many notices at once (a provider's trade copied to a thousand followers, issue 34): one transaction
   * of their own with multi-row inserts, after the event's commit, and their delivery read in batches. Never waits.
   */
  notifyAll(items: readonly NoticeItem[]): void;
}

/** One notice of a batch (`notifyAll`). */
export interface NoticeItem {
  userId: number;
  kind: NoticeKind;
  data: NoticeData;
}

/** Tells no one (unit specs and modules built without the notices module). */
export const silentNotices: NoticeBoard = { record: async () => {}, notify: () => {}, notifyAll: () => {} };
