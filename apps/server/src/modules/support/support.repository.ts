import type { Insertable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { pageOf, type Page, type PageRequest } from '../../db/paging.ts';
import { accountName } from '../../db/review-queue.ts';
import type { SupportMessagesTable } from '../../db/schema.ts';

/** A message as the thread views read it: the row and, for a staff reply, its author's name. */
export interface SupportMessageRow {
  id: number;
  user_id: number;
  from_staff: number;
  text: string;
  image_name: string | null;
  created_at: number;
  staff_name: string | null;
}

/** A thread of the inbox with its trader. */
export interface SupportThreadRow {
  user_id: number;
  last_from_staff: number;
  last_text: string;
  staff_unread: number;
  updated_at: number;
  email: string | null;
  phone: string | null;
  is_demo: number;
  user_account: string;
}

export interface ThreadFilter extends PageRequest {
  /** true: the trader spoke last (waiting for an answer); false: a staff member did. */
  lastFromStaff?: boolean;
}

/** The only SQL of the support chat. */
export class SupportRepository {
  constructor(private readonly db: Db) {}

  /** The trader behind a thread: whether they exist, and how staff name them. */
  account(userId: number): Promise<{ id: number; user_account: string } | undefined> {
    return this.db.selectFrom('users as u').select(['u.id', accountName]).where('u.id', '=', userId).executeTakeFirst();
  }

  /** Creates the thread's row the first time anyone writes in it. */
  async ensureThread(trx: Tx, userId: number, at: number): Promise<void> {
    await trx
      .insertInto('support_threads')
      .values({
        user_id: userId,
        last_from_staff: 0,
        last_text: '',
        staff_unread: 0,
        updated_at: at,
        rate_window_start: 0,
        rate_count: 0,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /**
   * Counts one message against the trader's fixed one-minute window and tests the limit in the same statement (the
   * row is locked while it is updated): of concurrent sends, at most `limit` per window pass. False when over.
   */
  async takeRateSlot(trx: Tx, userId: number, at: number, limit: number, windowMs: number): Promise<boolean> {
    const expired = at - windowMs;
    const r = await trx
      .updateTable('support_threads')
      .set((eb) => ({
        rate_count: eb
          .case()
          .when('rate_window_start', '<=', expired)
          .then(1)
          .else(eb('rate_count', '+', 1))
          .end(),
        rate_window_start: eb.case().when('rate_window_start', '<=', expired).then(at).else(eb.ref('rate_window_start')).end(),
      }))
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('rate_window_start', '<=', expired), eb('rate_count', '<', limit)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async insertMessage(trx: Tx, row: Insertable<SupportMessagesTable>): Promise<number> {
    const r = await trx.insertInto('support_messages').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  /** After a trader's message: the thread waits for an answer and has one more unread message. */
  async userWrote(trx: Tx, userId: number, lastText: string, at: number): Promise<void> {
    await trx
      .updateTable('support_threads')
      .set((eb) => ({ last_from_staff: 0, last_text: lastText, staff_unread: eb('staff_unread', '+', 1), updated_at: at }))
      .where('user_id', '=', userId)
      .execute();
  }

  /** After a staff reply: answered, and read (whoever answers has read it). */
  async staffWrote(trx: Tx, userId: number, lastText: string, at: number): Promise<void> {
    await trx
      .updateTable('support_threads')
      .set({ last_from_staff: 1, last_text: lastText, staff_unread: 0, updated_at: at })
      .where('user_id', '=', userId)
      .execute();
  }

  /** A staff member opened the thread. */
  async markRead(userId: number): Promise<void> {
    await this.db
      .updateTable('support_threads')
      .set({ staff_unread: 0 })
      .where('user_id', '=', userId)
      .where('staff_unread', '>', 0)
      .execute();
  }

  /** One message by id, as the views read it. */
  message(db: Db | Tx, id: number): Promise<SupportMessageRow | undefined> {
    return this.messagesQuery(db).where('m.id', '=', id).executeTakeFirst();
  }

  /** A page of one trader's thread, newest first. */
  messages(userId: number, p: PageRequest): Promise<Page<SupportMessageRow>> {
    const base = this.db.selectFrom('support_messages as m').where('m.user_id', '=', userId);
    return pageOf(
      base,
      (q) =>
        q
          .leftJoin('staff as s', 's.id', 'm.staff_id')
          .select(['m.id', 'm.user_id', 'm.from_staff', 'm.text', 'm.image_name', 'm.created_at', 's.name as staff_name'])
          .orderBy('m.id', 'desc'),
      p,
    );
  }

  /** The inbox: threads with the newest activity first, optionally only those waiting for an answer (or answered). */
  threads(f: ThreadFilter): Promise<Page<SupportThreadRow>> {
    let base = this.db.selectFrom('support_threads as t').innerJoin('users as u', 'u.id', 't.user_id');
    if (f.lastFromStaff !== undefined) base = base.where('t.last_from_staff', '=', f.lastFromStaff ? 1 : 0);
    return pageOf(
      base,
      (q) =>
        q
          .select([
            't.user_id',
            't.last_from_staff',
            't.last_text',
            't.staff_unread',
            't.updated_at',
            'u.email',
            'u.phone',
            'u.is_demo',
            accountName,
          ])
          .orderBy('t.updated_at', 'desc')
          .orderBy('t.user_id', 'desc'),
      f,
    );
  }

  private messagesQuery(db: Db | Tx) {
    return db
      .selectFrom('support_messages as m')
      .leftJoin('staff as s', 's.id', 'm.staff_id')
      .select(['m.id', 'm.user_id', 'm.from_staff', 'm.text', 'm.image_name', 'm.created_at', 's.name as staff_name']);
  }
}
