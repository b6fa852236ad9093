import { sql, type SqlBool } from 'kysely';
import type { Db, DbKind, Tx } from '../../db/database.ts';
import { pageOf, pageOfIds, type Page, type PageRequest } from '../../db/paging.ts';
import type { UserRow } from '../../db/schema.ts';

/** A user as the back office lists them, before money is formatted. */
export interface UserListRow {
  id: number;
  uid: string;
  email: string | null;
  phone: string | null;
  is_demo: number;
  status: number;
  trading_enabled: number;
  country: string | null;
  created_at: number;
}

/** The columns a list or an export reads of each user. */
const LIST_COLUMNS = ['id', 'uid', 'email', 'phone', 'is_demo', 'status', 'trading_enabled', 'country', 'created_at'] as const;

/** The users list's filters (DESIGN §16); times in unix ms, both bounds inclusive. */
export interface UserFilter {
  q: string;
  country?: string | undefined;
  kycStatus?: number | undefined;
  accountTypeId?: number | undefined;
  isDemo?: boolean | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export interface AdjustmentRow {
  id: number;
  user_id: number;
  user_account: string;
  amount: number;
  kind: string;
  reason: string;
  status: number;
  remark: string;
  created_by: number;
  created_by_email: string;
  created_at: number;
  reviewed_by: number | null;
  reviewed_at: number | null;
  /** Which balance it moves: 'cash', or 'credit' (a bonus since migration 035). */
  balance: string;
}

/** Adjustment statuses: waiting for a second staff member, credited, rejected. */
export const ADJUSTMENT_WAITING = 0;
export const ADJUSTMENT_CREDITED = 1;
export const ADJUSTMENT_REJECTED = 2;

/** A search matching more users than this counts them with a query of its own. */
const SEARCH_CAP = 1000;

/** How many rows of each history a profile shows (the most recent). */
export const PROFILE_ROWS = 20;

/** `%q%` for LIKE, its wildcards and the escape character taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The back office's reads of a user and its history (the users, sessions, devices, real-name, ledger, orders and
 * wallet tables, read only), and the writes this module owns: the user's sign-in and trading switches, staff notes
 * and balance adjustments.
 */
export class UsersRepository {
  constructor(
    private readonly db: Db,
    private readonly kind: DbKind = 'sqlite',
  ) {}

  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /**
   * A page of users matching the filters, newest first (ids grow with sign-up time). `q` matches any part of the
   * e-mail, phone, uid, invite code or a real name, case-insensitively (ASCII on SQLite's LIKE; ILIKE on PostgreSQL), in
   * the narrow `user_search` table the triggers of migration 012 keep. With `q`, one pass finds up to SEARCH_CAP
   * matching ids, which gives the total and the page at once; only a broader query needs a count of its own.
   */
  async search(f: UserFilter, page: PageRequest): Promise<Page<UserListRow>> {
    const offset = (page.page - 1) * page.limit;
    const found = this.filtered(f);
    let ids: number[];
    let total: number;
    const first =
      f.q === ''
        ? undefined
        : await found
            .select('u.id')
            .orderBy('u.id', 'desc')
            .limit(SEARCH_CAP + 1)
            .execute();
    if (first && first.length <= SEARCH_CAP) {
      total = first.length;
      ids = first.slice(offset, offset + page.limit).map((r) => Number(r.id));
    } else {
      const [rows, count] = await Promise.all([
        found.select('u.id').orderBy('u.id', 'desc').limit(page.limit).offset(offset).execute(),
        found.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      ids = rows.map((r) => Number(r.id));
      total = Number(count.n);
    }
    if (ids.length === 0) return { rows: [], total };
    const rows = await this.db.selectFrom('users').select(LIST_COLUMNS).where('id', 'in', ids).orderBy('id', 'desc').execute();
    return { rows, total };
  }

  /** Up to `size` users of the same filters with an id below `before`, newest first (an export's batch). */
  batch(f: UserFilter, before: number | undefined, size: number): Promise<UserListRow[]> {
    let q = this.filtered(f);
    if (before !== undefined) q = q.where('u.id', '<', before);
    return q
      .select(LIST_COLUMNS.map((c) => `u.${c}` as const))
      .orderBy('u.id', 'desc')
      .limit(size)
      .execute();
  }

  /**
   * The users the filters keep (DESIGN §16): text, country, newest real-name status, account type, real or demo,
   * sign-up time; never a copy account.
   */
  private filtered(f: UserFilter) {
    // Copy accounts (issue 34) are a follower's money, not people: never listed, exported or counted.
    let base = this.db.selectFrom('users as u').where('u.copy_owner_id', 'is', null);
    if (f.q !== '') {
      const match = sql<SqlBool>`text ${sql.raw(this.kind === 'postgres' ? 'ilike' : 'like')} ${containing(f.q)} escape '\\'`;
      base = base.where('u.id', 'in', this.db.selectFrom('user_search').select('user_id').where(match));
    }
    if (f.country !== undefined) base = base.where('u.country', '=', f.country);
    if (f.accountTypeId !== undefined) {
      // A user without a type is in the default one (modules/account-types).
      const typeOf = sql<number>`coalesce(u.account_type_id, (select t.id from account_types t where t.is_default = 1))`;
      base = base.where(typeOf, '=', f.accountTypeId);
    }
    if (f.isDemo !== undefined) base = base.where('u.is_demo', '=', f.isDemo ? 1 : 0);
    if (f.from !== undefined) base = base.where('u.created_at', '>=', f.from);
    if (f.to !== undefined) base = base.where('u.created_at', '<=', f.to);
    if (f.kycStatus !== undefined) {
      const newest = sql<number>`coalesce((select k.status from kyc_applications k where k.user_id = u.id order by k.id desc limit 1), 0)`;
      base = base.where(newest, '=', f.kycStatus);
    }
    return base;
  }

  user(id: number, db: Db | Tx = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Cash and locked balances (micros, exact) of these users, from the ledger's cached account balances. */
  async balances(userIds: readonly number[]): Promise<Map<number, { cash: bigint; locked: bigint }>> {
    const out = new Map<number, { cash: bigint; locked: bigint }>();
    if (userIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('ledger_accounts')
      .select(['owner', 'kind', 'balance'])
      .where(
        'owner',
        'in',
        userIds.map((id) => `user:${id}`),
      )
      .where('kind', 'in', ['cash', 'locked'])
      .execute();
    for (const r of rows) {
      const id = Number(r.owner.slice(5));
      const b = out.get(id) ?? { cash: 0n, locked: 0n };
      if (r.kind === 'cash') b.cash = BigInt(r.balance);
      else b.locked = BigInt(r.balance);
      out.set(id, b);
    }
    return out;
  }

  /** Each user's newest real-name application status (0 when none). */
  async kycStatuses(userIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (userIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('kyc_applications')
      .select(['user_id', 'status', 'id'])
      .where('user_id', 'in', userIds)
      .orderBy('id', 'asc')
      .execute();
    for (const r of rows) out.set(Number(r.user_id), r.status);
    return out;
  }

  latestKyc(userId: number) {
    return this.db
      .selectFrom('kyc_applications')
      .select(['id', 'name', 'card_id', 'front_name', 'reverse_name', 'status', 'remark', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  sessions(userId: number) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'revoked_at', 'ip', 'peer_ip', 'user_agent'])
      .where('actor', '=', 'user')
      .where('actor_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(PROFILE_ROWS)
      .execute();
  }

  devices(userId: number) {
    return this.db
      .selectFrom('user_devices')
      .select(['device_key', 'first_seen_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(PROFILE_ROWS)
      .execute();
  }

  invitees(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'uid', 'email', 'phone', 'created_at'])
      .where('invited_by', '=', userId)
      .orderBy('id', 'desc')
      .limit(PROFILE_ROWS)
      .execute();
  }

  /** The newest entries that moved the user's cash, with the signed change of each (as `forexChange` lists them). */
  cashEntries(userId: number) {
    return (
      this.db
        .selectFrom('journal_entries as e')
        .innerJoin('postings as p', 'p.entry_id', 'e.id')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .where('e.user_id', '=', userId)
        .where('a.owner', '=', `user:${userId}`)
        // The cash, and the credit (issue 32: a bonus in or out); an entry moves one of them, so one row each.
        .where('a.kind', 'in', ['cash', 'credit'])
        .select(['e.id', 'e.type', 'e.memo_key', 'e.ref_id', 'e.ref_type', 'e.created_at', 'p.amount'])
        .orderBy('e.id', 'desc')
        .limit(PROFILE_ROWS)
        .execute()
    );
  }

  orders(userId: number) {
    return this.db
      .selectFrom('orders as o')
      .leftJoin('instruments as i', 'i.id', 'o.instrument_id')
      .select(['o.id', 'i.code', 'o.side', 'o.lots', 'o.status', 'o.margin', 'o.profit', 'o.created_at'])
      .where('o.user_id', '=', userId)
      .orderBy('o.id', 'desc')
      .limit(PROFILE_ROWS)
      .execute();
  }

  deposits(userId: number) {
    return this.db
      .selectFrom('deposits')
      .select(['id', 'amount', 'currency_code', 'protocol_code', 'usd_amount', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(PROFILE_ROWS)
      .execute();
  }

  withdrawals(userId: number) {
    return this.db
      .selectFrom('withdrawals')
      .select(['id', 'amount', 'code', 'protocol', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(PROFILE_ROWS)
      .execute();
  }

  // Writes

  /** Sets the sign-in status (1 active, 2 disabled) and the trading switch inside `trx`. */
  async setStatus(trx: Tx, userId: number, change: { status: number; trading_enabled: number }, at: number): Promise<void> {
    await trx
      .updateTable('users')
      .set({ status: change.status, trading_enabled: change.trading_enabled, updated_at: at })
      .where('id', '=', userId)
      .execute();
  }

  notes(userId: number) {
    return this.db
      .selectFrom('user_notes as n')
      .leftJoin('staff as s', 's.id', 'n.staff_id')
      .select(['n.id', 'n.staff_id', 's.email as staff_email', 'n.text', 'n.created_at'])
      .where('n.user_id', '=', userId)
      .orderBy('n.id', 'desc')
      .limit(PROFILE_ROWS)
      .execute();
  }

  async insertNote(trx: Tx, n: { userId: number; staffId: number; text: string; at: number }): Promise<number> {
    const { id } = await trx
      .insertInto('user_notes')
      .values({ user_id: n.userId, staff_id: n.staffId, text: n.text, created_at: n.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async insertAdjustment(
    trx: Tx,
    a: {
      userId: number;
      amount: number;
      kind: string;
      balance: 'cash' | 'credit';
      reason: string;
      status: number;
      staffId: number;
      at: number;
    },
  ): Promise<number> {
    const { id } = await trx
      .insertInto('balance_adjustments')
      .values({
        user_id: a.userId,
        amount: a.amount,
        kind: a.kind,
        balance: a.balance,
        reason: a.reason,
        status: a.status,
        created_by: a.staffId,
        created_at: a.at,
        // Credited at once: its author is its reviewer.
        reviewed_by: a.status === ADJUSTMENT_CREDITED ? a.staffId : null,
        reviewed_at: a.status === ADJUSTMENT_CREDITED ? a.at : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /**
   * Holds the author's and the user's rows for the rest of the transaction (PostgreSQL; SQLite has one writer at a
   * time), so that adjustments by one author, or to one user, are summed and decided one after another: the running
   * totals below never miss a concurrent adjustment. Always the staff row first, then the user's.
   */
  async lockForAdjustment(trx: Tx, authorId: number, userId: number): Promise<void> {
    if (this.kind !== 'postgres') return;
    await trx.selectFrom('staff').select('id').where('id', '=', authorId).forUpdate().execute();
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }

  /**
   * The USD (micros, either sign counted) one author credited alone since `since`: adjustments credited at once,
   * without a second staff member (their author is their reviewer), to one user or of some kinds.
   */
  async creditedAlone(
    trx: Tx,
    f: { authorId: number; since: number; userId?: number; kinds?: readonly string[] },
  ): Promise<bigint> {
    let q = trx
      .selectFrom('balance_adjustments')
      .select(sql<number | string | null>`sum(abs(amount))`.as('total'))
      .where('created_by', '=', f.authorId)
      .where('created_at', '>=', f.since)
      .where('status', '=', ADJUSTMENT_CREDITED)
      .whereRef('reviewed_by', '=', 'created_by');
    if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
    if (f.kinds) q = q.where('kind', 'in', [...f.kinds]);
    const row = await q.executeTakeFirst();
    return BigInt(row?.total ?? 0);
  }

  /** Who authored the credits (positive adjustments credited) the user received since `since`. */
  async creditors(userId: number, since: number, db: Db | Tx = this.db): Promise<number[]> {
    const rows = await db
      .selectFrom('balance_adjustments')
      .select('created_by')
      .distinct()
      .where('user_id', '=', userId)
      .where('status', '=', ADJUSTMENT_CREDITED)
      .where('amount', '>', 0)
      .where('reviewed_at', '>=', since)
      .execute();
    return rows.map((r) => Number(r.created_by));
  }

  /**
   * Decides a waiting adjustment: compare-and-set from waiting, and (`notBy`, approvals) never by its author. True when
   * this call changed it; of two racing decisions exactly one does.
   */
  async decideAdjustment(
    trx: Tx,
    id: number,
    d: { status: number; remark: string; staffId: number; at: number; notBy?: number | undefined },
  ): Promise<boolean> {
    let q = trx
      .updateTable('balance_adjustments')
      .set({ status: d.status, remark: d.remark, reviewed_by: d.staffId, reviewed_at: d.at })
      .where('id', '=', id)
      .where('status', '=', ADJUSTMENT_WAITING);
    if (d.notBy !== undefined) q = q.where('created_by', '<>', d.notBy);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  private adjustmentQuery(db: Db | Tx) {
    return db
      .selectFrom('balance_adjustments as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .leftJoin('staff as s', 's.id', 'b.created_by')
      .select([
        'b.id',
        'b.user_id',
        sql<string>`coalesce(u.email, u.phone, u.uid)`.as('user_account'),
        'b.amount',
        'b.kind',
        'b.reason',
        'b.status',
        'b.remark',
        'b.created_by',
        sql<string>`coalesce(s.email, '')`.as('created_by_email'),
        'b.created_at',
        'b.reviewed_by',
        'b.reviewed_at',
        'b.balance',
      ]);
  }

  adjustment(id: number, db: Db | Tx = this.db): Promise<AdjustmentRow | undefined> {
    return this.adjustmentQuery(db).where('b.id', '=', id).executeTakeFirst();
  }

  async adjustments(f: { status?: number | undefined; userId?: number | undefined } & PageRequest): Promise<Page<AdjustmentRow>> {
    let base = this.db.selectFrom('balance_adjustments as b');
    if (f.status !== undefined) base = base.where('b.status', '=', f.status);
    if (f.userId !== undefined) base = base.where('b.user_id', '=', f.userId);
    const ids = await pageOf(base, (b) => b.select('b.id').orderBy('b.id', 'desc'), f);
    return pageOfIds(ids, (list) => this.adjustmentQuery(this.db).where('b.id', 'in', list).orderBy('b.id', 'desc').execute());
  }
}
