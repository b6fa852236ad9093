import type { Insertable, Selectable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { KycApplicationsTable } from '../../db/schema.ts';
import { pageOf, type Page } from '../../db/paging.ts';
import { accountName, type QueueFilter, type WithUser } from '../../db/review-queue.ts';
import { KYC_APPROVED, KYC_MORE_INFO, KYC_WAITING } from '@tradepad/contracts';

export type KycRow = Selectable<KycApplicationsTable>;

/** The real-name queue's filters: besides status and user, a document found expired or expiring soon. */
export interface KycQueueFilter extends QueueFilter {
  expiry?: 'expired' | 'soon' | undefined;
  /** Today and the end of "soon", `YYYY-MM-DD` (UTC). */
  today: string;
  soonUntil: string;
}

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

  /**
   * Waiting (1), or approved with a document found expired, → more information needed (4) with staff's message, only
   * from those states: of two racing reviews one wins.
   */
  async askMore(trx: Tx, id: number, change: { message: string; staffId: number; at: number }): Promise<boolean> {
    const r = await trx
      .updateTable('kyc_applications')
      .set({ status: KYC_MORE_INFO, remark: change.message, reviewed_at: change.at, reviewed_by: change.staffId })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('status', '=', KYC_WAITING), eb.and([eb('status', '=', KYC_APPROVED), eb('expired_at', 'is not', null)])]),
      )
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  queue(f: KycQueueFilter): Promise<Page<WithUser<KycRow>>> {
    let base = this.db.selectFrom('kyc_applications as k').innerJoin('users as u', 'u.id', 'k.user_id');
    if (f.status !== undefined) base = base.where('k.status', '=', f.status);
    if (f.userId !== undefined) base = base.where('k.user_id', '=', f.userId);
    if (f.expiry === 'expired') base = base.where('k.expired_at', 'is not', null);
    if (f.expiry === 'soon')
      base = base
        .where('k.status', '=', KYC_APPROVED)
        .where('k.expired_at', 'is', null)
        .where('k.doc_expiry', '>=', f.today)
        .where('k.doc_expiry', '<=', f.soonUntil);
    return pageOf(base, (q) => q.selectAll('k').select(accountName).orderBy('k.id', 'desc'), f);
  }

  /** The earlier applications of these users (for each row of a page, those before it), newest first. */
  async earlierOf(userIds: number[]): Promise<KycRow[]> {
    if (userIds.length === 0) return [];
    return this.db.selectFrom('kyc_applications').selectAll().where('user_id', 'in', userIds).orderBy('id', 'desc').execute();
  }

  /**
   * Approved applications with a document expiring on or before `until` that the daily check has not finished with:
   * not yet found expired. A batch, oldest expiry first.
   */
  expiring(until: string, limit: number, afterId: number): Promise<KycRow[]> {
    return this.db
      .selectFrom('kyc_applications')
      .selectAll()
      .where('status', '=', KYC_APPROVED)
      .where('doc_expiry', 'is not', null)
      .where('doc_expiry', '<=', until)
      .where('expired_at', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Records a reminder as told, once: false when another run (another node, a retry) told it first. */
  async markReminded(trx: Tx, id: number, days: 30 | 7, at: number): Promise<boolean> {
    const column = days === 30 ? 'reminded_30_at' : 'reminded_7_at';
    const r = await trx
      .updateTable('kyc_applications')
      .set({ [column]: at })
      .where('id', '=', id)
      .where(column, 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Marks an approved application's document expired, once. */
  async markExpired(id: number, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('kyc_applications')
      .set({ expired_at: at })
      .where('id', '=', id)
      .where('expired_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
