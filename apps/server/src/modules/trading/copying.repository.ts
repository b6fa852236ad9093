import type { Insertable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { CopyEventsTable } from '../../db/schema.ts';

export type NewCopyEventRow = Insertable<CopyEventsTable>;

/** Who a copy account's copies are told to: its follow, strategy and follower (copy_follows, migration 038). */
export interface FollowRef {
  followId: number;
  strategyId: number;
  followerId: number;
}

/** Rows per multi-row insert: 10 columns each stays far below SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/**
 * The engine's SQL for copy trading (issue 34): the copy events it writes with each copy, skip or change, the stops it
 * copies onto a provider's copies, and the follows its copy accounts belong to. The copy module owns these tables'
 * other rows and calls; the engine writes only these, inside its own transactions.
 */
export class CopyingRepository {
  constructor(private readonly db: Db) {}

  /** Writes copy events, many rows per statement (a provider's fill may reach a thousand followers). */
  async insertEvents(trx: Tx, rows: readonly NewCopyEventRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto('copy_events')
        .values(rows.slice(i, i + CHUNK))
        .execute();
  }

  /** Sets a provider position's stops on its copies still holding, in one statement; answers how many it changed. */
  async setCopyStops(trx: Tx, providerOrderId: number, stopLoss: number, takeProfit: number, trailing: number): Promise<number> {
    const r = await trx
      .updateTable('orders')
      .set({ stop_loss: stopLoss, take_profit: takeProfit, trailing_distance: trailing })
      .where('copy_of', '=', providerOrderId)
      .where('status', '=', 1)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** The follows of copy accounts (a copy account belongs to exactly one follow). */
  async followRefs(accountUserIds: readonly number[]): Promise<Map<number, FollowRef>> {
    const found = new Map<number, FollowRef>();
    for (let i = 0; i < accountUserIds.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom('copy_follows')
        .select(['id', 'strategy_id', 'follower_id', 'account_user_id'])
        .where('account_user_id', 'in', accountUserIds.slice(i, i + CHUNK))
        .execute();
      for (const r of rows)
        found.set(Number(r.account_user_id), {
          followId: Number(r.id),
          strategyId: Number(r.strategy_id),
          followerId: Number(r.follower_id),
        });
    }
    return found;
  }
}
