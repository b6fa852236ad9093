import type { Insertable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { pageOf, type PageRequest } from '../../db/paging.ts';
import type {
  CopyFeesTable,
  CopyFollowRow,
  CopyFollowsTable,
  CopyStrategiesTable,
  CopyStrategyRow,
  UserRow,
} from '../../db/schema.ts';
import { CopyEventsReader, type CopyEventRow } from './copy-events.ts';

/** Strategy statuses as stored (migration 038). */
export const STRATEGY_OPEN = 1;
export const STRATEGY_SUSPENDED = 2;
export const STRATEGY_CLOSED = 3;
/** Follow statuses as stored. */
export const FOLLOWING = 1;
export const ENDED = 2;

const num = (v: unknown): number => Number(v ?? 0);

/** A follow with what the roster and the views need of its strategy. */
export type FollowWithStrategy = CopyFollowRow & {
  provider_id: number;
  strategy_name: string;
  strategy_status: number;
  performance_fee_bp: number;
  management_fee_bp: number;
};

/** Copy trading's SQL (strategies, follows, their copy accounts, events and fees); the only code touching these tables. */
export class CopyRepository {
  private readonly events: CopyEventsReader;

  constructor(private readonly db: Db) {
    this.events = new CopyEventsReader(db);
  }

  // Strategies

  strategyById(id: number, db: Db | Tx = this.db): Promise<CopyStrategyRow | undefined> {
    return db.selectFrom('copy_strategies').selectAll().where('id', '=', id).executeTakeFirst();
  }

  strategyOfProvider(providerId: number, db: Db | Tx = this.db): Promise<CopyStrategyRow | undefined> {
    return db.selectFrom('copy_strategies').selectAll().where('provider_id', '=', providerId).executeTakeFirst();
  }

  async insertStrategy(trx: Tx, row: Insertable<CopyStrategiesTable>): Promise<number> {
    const { id } = await trx.insertInto('copy_strategies').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  }

  /** Compare-and-set of a strategy's status; answers whether it changed. */
  async setStrategyStatus(trx: Tx, id: number, from: number, to: number, reason: string, at: number): Promise<boolean> {
    const r = await trx
      .updateTable('copy_strategies')
      .set({ status: to, suspend_reason: reason, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Strategies not closed, listed publicly when open; oldest first. */
  listedStrategies(): Promise<Array<CopyStrategyRow & { provider_uid: string }>> {
    return this.db
      .selectFrom('copy_strategies as s')
      .innerJoin('users as u', 'u.id', 's.provider_id')
      .selectAll('s')
      .select('u.uid as provider_uid')
      .where('s.status', '=', STRATEGY_OPEN)
      .orderBy('s.id')
      .execute();
  }

  async providerUid(providerId: number): Promise<string> {
    const r = await this.db.selectFrom('users').select('uid').where('id', '=', providerId).executeTakeFirst();
    return r?.uid ?? '';
  }

  /** The console's list: every strategy with its active follows, what they put in and the fees charged. */
  /** A page of the console's strategies, newest first (or the one `id`), with their provider's uid and money. */
  async adminStrategies(status: number | undefined, p: PageRequest, id?: number) {
    let base = this.db.selectFrom('copy_strategies as s').innerJoin('users as u', 'u.id', 's.provider_id');
    if (status !== undefined) base = base.where('s.status', '=', status);
    if (id !== undefined) base = base.where('s.id', '=', id);
    const page = await pageOf(base, (q) => q.selectAll('s').select('u.uid as provider_uid').orderBy('s.id', 'desc'), p);
    const ids = page.rows.map((r) => Number(r.id));
    const [follows, fees] = await Promise.all([this.activeTotals(ids), this.feeTotalsByStrategy(ids)]);
    return {
      total: page.total,
      rows: page.rows.map((r) => ({
        ...r,
        followers: follows.get(Number(r.id))?.n ?? 0,
        invested: follows.get(Number(r.id))?.invested ?? 0,
        fees_earned: fees.get(Number(r.id)) ?? 0,
      })),
    };
  }

  /**
   * Every strategy in `status` (any without one), newest first, with its provider's uid and active follows: what the
   * console pages through when it sorts by a figure. The fees are read for the page shown only.
   */
  async adminStrategiesAll(status: number | undefined) {
    let q = this.db
      .selectFrom('copy_strategies as s')
      .innerJoin('users as u', 'u.id', 's.provider_id')
      .selectAll('s')
      .select('u.uid as provider_uid');
    if (status !== undefined) q = q.where('s.status', '=', status);
    const [rows, follows] = await Promise.all([
      q.orderBy('s.id', 'desc').execute(),
      this.db
        .selectFrom('copy_follows')
        .select(['strategy_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('invested').as('invested')])
        .where('status', '=', FOLLOWING)
        .groupBy('strategy_id')
        .execute(),
    ]);
    const active = new Map(follows.map((f) => [num(f.strategy_id), { n: num(f.n), invested: num(f.invested) }]));
    return rows.map((r) => ({
      ...r,
      followers: active.get(Number(r.id))?.n ?? 0,
      invested: active.get(Number(r.id))?.invested ?? 0,
    }));
  }

  /** Active follows per strategy: how many and what they put in. */
  async activeTotals(strategyIds: readonly number[]): Promise<Map<number, { n: number; invested: number }>> {
    if (strategyIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('copy_follows')
      .select(['strategy_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('invested').as('invested')])
      .where('strategy_id', 'in', [...strategyIds])
      .where('status', '=', FOLLOWING)
      .groupBy('strategy_id')
      .execute();
    return new Map(rows.map((r) => [num(r.strategy_id), { n: num(r.n), invested: num(r.invested) }]));
  }

  /** Fees charged to each strategy's followers (micros). */
  async feeTotalsByStrategy(strategyIds: readonly number[]): Promise<Map<number, number>> {
    if (strategyIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('copy_fees')
      .select(['strategy_id', (eb) => eb.fn.sum<number>('amount').as('amount')])
      .where('strategy_id', 'in', [...strategyIds])
      .groupBy('strategy_id')
      .execute();
    return new Map(rows.map((r) => [num(r.strategy_id), num(r.amount)]));
  }

  // Follows and copy accounts

  /**
   * The copy account of a new follow: a user row of its own, in the follower's account type, language and country,
   * that can never sign in (no e-mail, phone, demo id or password) and is left out of every list of people.
   */
  async insertCopyAccount(trx: Tx, follower: UserRow, uid: string, inviteCode: string, at: number): Promise<number> {
    const { id } = await trx
      .insertInto('users')
      .values({
        uid,
        email: null,
        area_id: null,
        mobile: null,
        phone: null,
        contact_mobile: null,
        password_hash: '!copy',
        is_demo: 0,
        demo_id: null,
        demo_uuid_hash: null,
        invite_code: inviteCode,
        invited_by: null,
        lang: follower.lang,
        status: 1,
        created_at: at,
        updated_at: at,
        country: follower.country,
        account_type_id: follower.account_type_id,
        copy_owner_id: follower.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  async insertFollow(trx: Tx, row: Insertable<CopyFollowsTable>): Promise<number> {
    const { id } = await trx.insertInto('copy_follows').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  }

  activeFollow(strategyId: number, followerId: number, db: Db | Tx = this.db): Promise<CopyFollowRow | undefined> {
    return db
      .selectFrom('copy_follows')
      .selectAll()
      .where('strategy_id', '=', strategyId)
      .where('follower_id', '=', followerId)
      .where('status', '=', FOLLOWING)
      .executeTakeFirst();
  }

  followById(id: number, db: Db | Tx = this.db): Promise<CopyFollowRow | undefined> {
    return db.selectFrom('copy_follows').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private withStrategy(db: Db | Tx) {
    return db
      .selectFrom('copy_follows as f')
      .innerJoin('copy_strategies as s', 's.id', 'f.strategy_id')
      .selectAll('f')
      .select([
        's.provider_id',
        's.name as strategy_name',
        's.status as strategy_status',
        's.performance_fee_bp',
        's.management_fee_bp',
      ]);
  }

  /** Every follow following now, with its strategy (the roster's load and the fee job's round). */
  activeFollows(db: Db | Tx = this.db): Promise<FollowWithStrategy[]> {
    return this.withStrategy(db).where('f.status', '=', FOLLOWING).orderBy('f.id').execute();
  }

  followWithStrategy(id: number, db: Db | Tx = this.db): Promise<FollowWithStrategy | undefined> {
    return this.withStrategy(db).where('f.id', '=', id).executeTakeFirst();
  }

  /** A follower's follows, following first then ended, newest first (at most `limit`). */
  followsOf(followerId: number, limit = 100): Promise<Array<FollowWithStrategy & { provider_uid: string }>> {
    return this.withStrategy(this.db)
      .innerJoin('users as p', 'p.id', 's.provider_id')
      .select('p.uid as provider_uid')
      .where('f.follower_id', '=', followerId)
      .orderBy('f.status')
      .orderBy('f.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The follows of a strategy for the console (filtered by status), newest first, with the follower's uid. */
  adminFollows(strategyId: number, status: number | undefined, p: PageRequest) {
    let base = this.db
      .selectFrom('copy_follows as f')
      .innerJoin('users as u', 'u.id', 'f.follower_id')
      .where('f.strategy_id', '=', strategyId);
    if (status !== undefined) base = base.where('f.status', '=', status);
    return pageOf(base, (q) => q.selectAll('f').select('u.uid as follower_uid').orderBy('f.id', 'desc'), p);
  }

  /** A strategy's active follows for its provider, newest first. */
  providerFollows(strategyId: number) {
    return this.db
      .selectFrom('copy_follows as f')
      .innerJoin('users as u', 'u.id', 'f.follower_id')
      .selectAll('f')
      .select('u.uid as follower_uid')
      .where('f.strategy_id', '=', strategyId)
      .where('f.status', '=', FOLLOWING)
      .orderBy('f.id', 'desc')
      .limit(500)
      .execute();
  }

  /** Ends a follow (compare-and-set on following); answers whether this call ended it. */
  async endFollow(trx: Tx, id: number, reason: string, returned: number, at: number): Promise<boolean> {
    const r = await trx
      .updateTable('copy_follows')
      .set({ status: ENDED, end_reason: reason, returned, ended_at: at })
      .where('id', '=', id)
      .where('status', '=', FOLLOWING)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async setAccrued(trx: Tx, id: number, managementAccruedAt: number): Promise<void> {
    await trx.updateTable('copy_follows').set({ management_accrued_at: managementAccruedAt }).where('id', '=', id).execute();
  }

  async setSettled(trx: Tx, id: number, highWaterMark: number, performanceSettledAt: number): Promise<void> {
    await trx
      .updateTable('copy_follows')
      .set({ high_water_mark: highWaterMark, performance_settled_at: performanceSettledAt })
      .where('id', '=', id)
      .execute();
  }

  // Events and fees

  /** The most recent events of each follow (at most `per` each), newest first (see copy-events.ts). */
  recentEvents(follows: ReadonlyArray<{ id: number; account_user_id: number }>, per = 20): Promise<Map<number, CopyEventRow[]>> {
    return this.events.recent(follows, per);
  }

  /** Inserts a fee unless that period's was charged already (the unique index); answers whether it did. */
  async insertFee(trx: Tx, row: Insertable<CopyFeesTable>): Promise<boolean> {
    const r = await trx
      .insertInto('copy_fees')
      .values(row)
      .onConflict((oc) => oc.columns(['follow_id', 'kind', 'period_start']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Fees charged per follow. */
  async feesByFollow(followIds: readonly number[]): Promise<Map<number, number>> {
    if (followIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('copy_fees')
      .select(['follow_id', (eb) => eb.fn.sum<number>('amount').as('amount')])
      .where('follow_id', 'in', [...followIds])
      .groupBy('follow_id')
      .execute();
    return new Map(rows.map((r) => [num(r.follow_id), num(r.amount)]));
  }

  /** A provider's fees earned by kind. */
  async feesEarned(providerId: number): Promise<{ performance: number; management: number }> {
    const rows = await this.db
      .selectFrom('copy_fees')
      .select(['kind', (eb) => eb.fn.sum<number>('amount').as('amount')])
      .where('provider_id', '=', providerId)
      .groupBy('kind')
      .execute();
    const of = (k: string) => num(rows.find((r) => r.kind === k)?.amount);
    return { performance: of('performance'), management: of('management') };
  }

  adminFees(f: { strategyId?: number | undefined; kind?: string | undefined }, p: PageRequest) {
    let base = this.db
      .selectFrom('copy_fees as c')
      .innerJoin('copy_strategies as s', 's.id', 'c.strategy_id')
      .innerJoin('users as fu', 'fu.id', 'c.follower_id')
      .innerJoin('users as pu', 'pu.id', 'c.provider_id');
    if (f.strategyId !== undefined) base = base.where('c.strategy_id', '=', f.strategyId);
    if (f.kind !== undefined) base = base.where('c.kind', '=', f.kind);
    return pageOf(
      base,
      (q) =>
        q
          .selectAll('c')
          .select(['s.name as strategy_name', 'fu.uid as follower_uid', 'pu.uid as provider_uid'])
          .orderBy('c.id', 'desc'),
      p,
    );
  }
}
