import type { Selectable } from 'kysely';
import type { Db, DbKind, Tx } from '../../db/database.ts';
import { pageOf, type Page, type PageRequest } from '../../db/paging.ts';
import type { NoticesTable, PushSubscriptionsTable } from '../../db/schema.ts';

export type NoticeRow = Selectable<NoticesTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/** Notices per multi-row insert (5 values each: 1,000 parameters). */
const INSERT_ROWS = 200;
/** Ids per `in (…)` list. */
const IN_LIST = 500;

/** The only SQL of the notices and web push. */
export class NoticesRepository {
  constructor(
    private readonly db: Db,
    private readonly kind: DbKind,
  ) {}

  async insert(trx: Tx | Db, row: { user_id: number; kind: string; data_json: string; created_at: number }): Promise<number> {
    const r = await trx
      .insertInto('notices')
      .values({ ...row, read_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(r.id);
  }

  /**
   * Many notices in multi-row statements (a copy fan-out's, issue 34); answers the rows stored (in no promised order:
   * each carries its own user, kind and figures).
   */
  async insertMany(
    trx: Tx,
    rows: ReadonlyArray<{ user_id: number; kind: string; data_json: string; created_at: number }>,
  ): Promise<Array<Pick<NoticeRow, 'id' | 'user_id' | 'kind' | 'data_json' | 'created_at'>>> {
    const out: Array<Pick<NoticeRow, 'id' | 'user_id' | 'kind' | 'data_json' | 'created_at'>> = [];
    for (let i = 0; i < rows.length; i += INSERT_ROWS) {
      const part = rows.slice(i, i + INSERT_ROWS).map((r) => ({ ...r, read_at: null }));
      out.push(
        ...(await trx
          .insertInto('notices')
          .values(part)
          .returning(['id', 'user_id', 'kind', 'data_json', 'created_at'])
          .execute()),
      );
    }
    return out;
  }

  one(id: number): Promise<NoticeRow | undefined> {
    return this.db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  page(userId: number, p: PageRequest): Promise<Page<NoticeRow>> {
    return pageOf(this.db.selectFrom('notices').where('user_id', '=', userId), (q) => q.selectAll().orderBy('id', 'desc'), p);
  }

  async unread(userId: number): Promise<number> {
    const r = await this.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The unread count of each of `userIds` that has any (a batch's delivery). */
  async unreadOf(userIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (let i = 0; i < userIds.length; i += IN_LIST) {
      const rows = await this.db
        .selectFrom('notices')
        .select('user_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', 'in', userIds.slice(i, i + IN_LIST))
        .where('read_at', 'is', null)
        .groupBy('user_id')
        .execute();
      for (const r of rows) out.set(Number(r.user_id), Number(r.n));
    }
    return out;
  }

  /** Marks the user's notice `id` (or all of theirs) read; another user's id changes nothing. */
  async markRead(userId: number, id: number | undefined, at: number): Promise<void> {
    let q = this.db.updateTable('notices').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
    if (id !== undefined) q = q.where('id', '=', id);
    await q.execute();
  }

  /**
   * Deletes up to `limit` notices made before `before` (unix ms), oldest first, in one statement (a short lock, however
   * many are due). Returns how many went.
   */
  async sweep(before: number, limit: number): Promise<number> {
    const r = await this.db
      .deleteFrom('notices')
      .where('id', 'in', (eb) =>
        eb.selectFrom('notices').select('id').where('created_at', '<', before).orderBy('created_at').limit(limit),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  // Web push.

  /** Inserts the key pair unless one exists (of racing first starts, one insert wins), then reads the one stored. */
  async vapidKeys(candidate: { public_key: string; private_key: string }, at: number) {
    await this.db
      .insertInto('push_vapid')
      .values({ id: 1, ...candidate, created_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return this.db.selectFrom('push_vapid').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirstOrThrow();
  }

  /**
   * Stores a subscription for the user: the same endpoint again from the same user is updated; a new one only while
   * the user has fewer than `max`. An endpoint belongs to one user at a time: another user takes it over only by
   * presenting the same keys (the browser's own subscription, as after signing in as someone else on it), never by
   * naming its address alone ('taken'). The user's row is locked first (PostgreSQL; SQLite runs one write
   * transaction at a time), so concurrent subscribes cannot pass the limit together.
   */
  async subscribe(
    row: { user_id: number; endpoint: string; p256dh: string; auth: string; created_at: number },
    max: number,
  ): Promise<'stored' | 'full' | 'taken'> {
    return this.db.transaction().execute(async (trx) => {
      if (this.kind === 'postgres')
        await trx.selectFrom('users').select('id').where('id', '=', row.user_id).forUpdate().executeTakeFirst();
      const existing = await trx
        .selectFrom('push_subscriptions')
        .select(['id', 'user_id', 'p256dh', 'auth'])
        .where('endpoint', '=', row.endpoint)
        .executeTakeFirst();
      if (existing) {
        if (Number(existing.user_id) !== row.user_id) {
          if (existing.p256dh !== row.p256dh || existing.auth !== row.auth) return 'taken';
          const n = await this.countIn(trx, row.user_id);
          if (n >= max) return 'full';
        }
        await trx
          .updateTable('push_subscriptions')
          .set({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, created_at: row.created_at })
          .where('id', '=', existing.id)
          .execute();
        return 'stored';
      }
      if ((await this.countIn(trx, row.user_id)) >= max) return 'full';
      await trx
        .insertInto('push_subscriptions')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('endpoint')
            .doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, created_at: row.created_at }),
        )
        .execute();
      return 'stored';
    });
  }

  private async countIn(trx: Tx, userId: number): Promise<number> {
    const r = await trx
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
  }

  /** The push service said the subscription is gone (404/410). */
  async removeSubscription(id: number): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  subscriptions(userId: number): Promise<PushSubscriptionRow[]> {
    return this.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  /** The subscriptions of any of `userIds` (a batch's delivery: most users have none). */
  async subscriptionsOf(userIds: readonly number[]): Promise<PushSubscriptionRow[]> {
    const out: PushSubscriptionRow[] = [];
    for (let i = 0; i < userIds.length; i += IN_LIST)
      out.push(
        ...(await this.db
          .selectFrom('push_subscriptions')
          .selectAll()
          .where('user_id', 'in', userIds.slice(i, i + IN_LIST))
          .orderBy('id')
          .execute()),
      );
    return out;
  }

  async prefs(userId: number): Promise<string | undefined> {
    const r = await this.db.selectFrom('push_prefs').select('kinds').where('user_id', '=', userId).executeTakeFirst();
    return r?.kinds;
  }

  async setPrefs(userId: number, kinds: string): Promise<void> {
    await this.db
      .insertInto('push_prefs')
      .values({ user_id: userId, kinds })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ kinds }))
      .execute();
  }

  /** The user's language (the last they signed in with), for a push's text. */
  async userLang(userId: number): Promise<string | undefined> {
    const r = await this.db.selectFrom('users').select('lang').where('id', '=', userId).executeTakeFirst();
    return r?.lang ?? undefined;
  }
}
