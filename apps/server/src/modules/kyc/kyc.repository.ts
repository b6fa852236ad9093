import type { Insertable, Selectable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { KycApplicationsTable } from '../../db/schema.ts';
import { pageOf, type Page } from '../../db/paging.ts';
import { accountName, type QueueFilter, type WithUser } from '../../db/review-queue.ts';

export type KycRow = Selectable<KycApplicationsTable>;

/** The only SQL of real-name verification. */
export class KycRepository {
  constructor(private readonly db: Db) {}

  /** The user's latest application. */
  latest(userId: number): Promise<KycRow | undefined> {
    return this.db
      .selectFrom('kyc_applications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Whether the user has an application in one of these states (inside the transaction that adds one). */
  async userHas(trx: Tx, userId: number, statuses: number[]): Promise<boolean> {
    const r = await trx
      .selectFrom('kyc_applications')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', statuses)
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Whether another user's application with this ID number was approved. */
  async cardApprovedElsewhere(db: Db | Tx, cardId: string, userId: number): Promise<boolean> {
    const r = await db
      .selectFrom('kyc_applications')
      .select('id')
      .where('card_id', '=', cardId)
      .where('status', '=', 2)
      .where('user_id', '!=', userId)
      .limit(1)
      .executeTakeFirst();
    return r !== undefined;
  }

  async insert(trx: Tx, row: Insertable<KycApplicationsTable>): Promise<number> {
    const r = await trx.insertInto('kyc_applications').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  get(db: Db | Tx, id: number): Promise<KycRow | undefined> {
    return db.selectFrom('kyc_applications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Waiting (1) → approved or rejected, only while still waiting: of two racing reviews one wins. */
  async review(trx: Tx, id: number, change: { status: number; remark: string; staffId: number; at: number }): Promise<boolean> {
    const r = await trx
      .updateTable('kyc_applications')
      .set({ status: change.status, remark: change.remark, reviewed_at: change.at, reviewed_by: change.staffId })
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  queue(f: QueueFilter): Promise<Page<WithUser<KycRow>>> {
    let base = this.db.selectFrom('kyc_applications as k').innerJoin('users as u', 'u.id', 'k.user_id');
    if (f.status !== undefined) base = base.where('k.status', '=', f.status);
    if (f.userId !== undefined) base = base.where('k.user_id', '=', f.userId);
    return pageOf(base, (q) => q.selectAll('k').select(accountName).orderBy('k.id', 'desc'), f);
  }
}
