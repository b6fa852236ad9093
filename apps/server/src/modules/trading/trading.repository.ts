import type { Db, DbKind, Tx } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';
import type { OrderRow, OrdersTable } from '../../db/schema.ts';
import { accountName } from '../../db/review-queue.ts';
import { sql, type Updateable } from 'kysely';
import { RawQuery } from '../../db/raw-query.ts';

export type NewOrderRow = Omit<OrderRow, 'id'>;

/**
 * SQLite writes this many orders and more in multi-row statements of SQLITE_ROWS rows (28 parameters a row): a copy
 * fan-out; a group commit of client orders stays on the cached one-row statement, cheaper at a few dozen rows.
 */
const SQLITE_MANY_FROM = 200;
const SQLITE_ROWS = 30;
/** Orders closed per statement on SQLite (7 parameters a row, see closeHoldings). */
const SQLITE_CLOSE_ROWS = 150;

const ORDER_COLUMNS = [
  'user_id',
  'is_demo',
  'instrument_id',
  'side',
  'status',
  'kind',
  'lots',
  'leverage',
  'order_price',
  'open_price',
  'close_price',
  'stop_loss',
  'take_profit',
  'margin',
  'fee',
  'profit',
  'closed_type',
  'created_at',
  'opened_at',
  'closed_at',
  'trailing_distance',
  'expire_at',
  'swap',
  'parent_id',
  'receipt',
  'commission',
  'stop_limit_price',
  'copy_of',
] as const satisfies ReadonlyArray<keyof NewOrderRow>;
export type OrderPatch = Updateable<OrdersTable>;

/** What the desk lists beside an order's own columns: its instrument's code and, for a copy, its strategy's name. */
const DESK_COLUMNS = ['i.code as code', 'cs.name as strategy_name'] as const;

/** The desk's filters: holding (1) or pending (0), an instrument's code, a trader, lots at least (storage units). */
export interface DeskFilter {
  status: number;
  code?: string | undefined;
  userId?: number | undefined;
  minLots?: number | undefined;
}

/** Orders and the ledger views of the trading screens: the only SQL of the trading module. */
export class TradingRepository {
  private readonly insert: RawQuery<{ id: number }>;
  /** PostgreSQL only: many orders in one statement (see insertOrders). */
  private readonly insertMany?: RawQuery<{ id: number }>;
  /** SQLite: multi-row inserts of orders by row count (at most SQLITE_ROWS; see insertOrders). */
  private readonly insertRows = new Map<number, RawQuery<{ id: number }>>();
  /** A holding order's close (see closeHolding): a provider's close runs it for each of its copies too. */
  private readonly close: RawQuery<{ swap: number | string }>;
  /** PostgreSQL only: many holding orders closed in one statement (see closeHoldings). */
  private readonly closeMany?: RawQuery<{ id: number | string; swap: number | string }>;
  /** SQLite: closes of several orders in one statement, by row count (at most SQLITE_CLOSE_ROWS; see closeHoldings). */
  private readonly closeRows = new Map<number, RawQuery<{ id: number | string; swap: number | string }>>();

  constructor(
    private readonly db: Db,
    readonly kind: DbKind,
  ) {
    this.insert = new RawQuery(
      kind,
      `insert into orders (${ORDER_COLUMNS.join(', ')}) values (${ORDER_COLUMNS.map(() => '?').join(', ')}) returning id`,
    );
    this.close = new RawQuery(
      kind,
      'update orders set status = ?, close_price = ?, profit = ?, closed_type = ?, closed_at = ?, ' +
        'commission = commission + ? where id = ? and status = 1 returning swap',
    );
    if (kind === 'postgres') {
      // The rows as one JSON array typed by the table itself (a column added later needs no change here); ids are
      // drawn in the order of the rows (`order by ordinality`), so the ids returned, sorted, are the rows' in order.
      const columns = ORDER_COLUMNS.join(', ');
      this.insertMany = new RawQuery(
        kind,
        `insert into orders (${columns}) select ${columns} from json_populate_recordset(null::orders, cast(? as json)) ` +
          'with ordinality order by ordinality returning id',
      );
      this.closeMany = new RawQuery(
        kind,
        'update orders o set status = ?, closed_type = ?, closed_at = ?, close_price = v.close_price, profit = v.profit, ' +
          'commission = o.commission + v.commission ' +
          'from unnest(cast(? as bigint[]), cast(? as bigint[]), cast(? as bigint[]), cast(? as bigint[])) ' +
          'as v(id, close_price, profit, commission) where o.id = v.id and o.status = 1 returning o.id, o.swap',
      );
    }
  }

  /** Inserts an order (a hand-written statement: it runs for every order, see RawQuery). */
  async insertOrder(trx: Tx, order: NewOrderRow): Promise<number> {
    const { rows } = await this.insert.run(
      trx,
      ORDER_COLUMNS.map((c) => order[c]),
    );
    return Number(rows[0]!.id);
  }

  /**
   * Inserts several orders in order and answers their ids in the same order: one statement on PostgreSQL (each
   * statement is a round trip there), one each on SQLite (in process).
   */
  async insertOrders(trx: Tx, orders: readonly NewOrderRow[]): Promise<number[]> {
    if (!this.insertMany && orders.length >= SQLITE_MANY_FROM) return this.insertOrdersSqlite(trx, orders);
    if (!this.insertMany || orders.length < 2) {
      const ids: number[] = [];
      for (const order of orders) ids.push(await this.insertOrder(trx, order));
      return ids;
    }
    const rows = orders.map((o) => Object.fromEntries(ORDER_COLUMNS.map((c) => [c, o[c]])));
    const { rows: inserted } = await this.insertMany.run(trx, [JSON.stringify(rows)]);
    if (inserted.length !== orders.length) throw new Error('orders were not all inserted');
    return inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  /**
   * Many orders on SQLite (a provider's fill copied to a thousand followers, issue 34): SQLITE_ROWS rows per statement;
   * a statement's rowids ascend in its rows' order, so its ids, sorted, are the rows' in order.
   */
  private async insertOrdersSqlite(trx: Tx, orders: readonly NewOrderRow[]): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < orders.length; i += SQLITE_ROWS) {
      const chunk = orders.slice(i, i + SQLITE_ROWS);
      let q = this.insertRows.get(chunk.length);
      if (!q) {
        const row = `(${ORDER_COLUMNS.map(() => '?').join(', ')})`;
        q = new RawQuery(
          'sqlite',
          `insert into orders (${ORDER_COLUMNS.join(', ')}) values ${Array(chunk.length).fill(row).join(', ')} returning id`,
        );
        this.insertRows.set(chunk.length, q);
      }
      const { rows } = await q.run(
        trx,
        chunk.flatMap((o) => ORDER_COLUMNS.map((c) => o[c])),
      );
      if (rows.length !== chunk.length) throw new Error('orders were not all inserted');
      ids.push(...rows.map((r) => Number(r.id)).sort((a, b) => a - b));
    }
    return ids;
  }

  /**
   * Compare-and-set on an order's status: applies `patch` only if the order is still in `from`. False means another
   * path (a user close, a trigger, a stop-out) settled it first: the caller must write nothing else.
   */
  async transition(trx: Tx, id: number, from: number, patch: OrderPatch): Promise<boolean> {
    const r = await trx.updateTable('orders').set(patch).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Closes a holding order (compare-and-set on its status, as `transition`) and answers the swap accrued on it as
   * stored, in the same statement: the close settles exactly what the rollovers wrote, even one committed in the same
   * batch. Undefined when the order was no longer holding.
   */
  async closeHolding(
    trx: Tx,
    id: number,
    patch: { status: number; close_price: number; profit: number; closed_type: number; closed_at: number },
    commission = 0,
  ): Promise<{ swap: number } | undefined> {
    // Hand-written (see RawQuery): a provider's close runs it for every copy. The closing side of a commission adds to
    // what the row was charged at its open (migration 032).
    const { rows } = await this.close.run(trx, [
      patch.status,
      patch.close_price,
      patch.profit,
      patch.closed_type,
      patch.closed_at,
      commission,
      id,
    ]);
    return rows[0] ? { swap: Number(rows[0].swap) } : undefined;
  }

  /**
   * Closes many holding orders at once (a provider's close takes every copy with it, issue 34), each as `closeHolding`
   * would: compare-and-set on its status, its own price, profit and commission. Answers the swap of each order closed
   * by id; one no longer holding is absent. One statement on PostgreSQL (a statement a copy was a round trip a copy);
   * on SQLite SQLITE_CLOSE_ROWS orders a statement from SQLITE_MANY_FROM, the cached one-row statement below that.
   */
  async closeHoldings(
    trx: Tx,
    rows: ReadonlyArray<{ id: number; close_price: number; profit: number; commission: number }>,
    common: { status: number; closed_type: number; closed_at: number },
  ): Promise<Map<number, number>> {
    const swaps = new Map<number, number>();
    if (this.closeMany && rows.length >= 2) {
      const { rows: closed } = await this.closeMany.run(trx, [
        common.status,
        common.closed_type,
        common.closed_at,
        rows.map((r) => r.id),
        rows.map((r) => r.close_price),
        rows.map((r) => r.profit),
        rows.map((r) => r.commission),
      ]);
      for (const c of closed) swaps.set(Number(c.id), Number(c.swap));
      return swaps;
    }
    if (this.closeMany || rows.length < SQLITE_MANY_FROM) {
      for (const r of rows) {
        const closed = await this.closeHolding(
          trx,
          r.id,
          { ...common, close_price: r.close_price, profit: r.profit },
          r.commission,
        );
        if (closed) swaps.set(r.id, closed.swap);
      }
      return swaps;
    }
    for (let i = 0; i < rows.length; i += SQLITE_CLOSE_ROWS) {
      const chunk = rows.slice(i, i + SQLITE_CLOSE_ROWS);
      const { rows: closed } = await this.closeRowsOf(chunk.length).run(trx, [
        common.status,
        common.closed_type,
        common.closed_at,
        ...chunk.flatMap((r) => [r.id, r.close_price]),
        ...chunk.flatMap((r) => [r.id, r.profit]),
        ...chunk.flatMap((r) => [r.id, r.commission]),
        ...chunk.map((r) => r.id),
      ]);
      for (const c of closed) swaps.set(Number(c.id), Number(c.swap));
    }
    return swaps;
  }

  private closeRowsOf(n: number): RawQuery<{ id: number | string; swap: number | string }> {
    let q = this.closeRows.get(n);
    if (!q) {
      const cases = Array(n).fill('when ? then ?').join(' ');
      q = new RawQuery(
        'sqlite',
        `update orders set status = ?, closed_type = ?, closed_at = ?, close_price = case id ${cases} end, ` +
          `profit = case id ${cases} end, commission = commission + case id ${cases} end ` +
          `where id in (${Array(n).fill('?').join(', ')}) and status = 1 returning id, swap`,
      );
      this.closeRows.set(n, q);
    }
    return q;
  }

  /** Adds a commission charged on a row (a pending order's opening side at its fill; migration 032). */
  async addCommission(trx: Tx, id: number, commission: number): Promise<void> {
    if (commission !== 0)
      await trx
        .updateTable('orders')
        .set({ commission: sql<number>`commission + ${commission}` })
        .where('id', '=', id)
        .execute();
  }

  /** Stop-loss, take-profit and trailing distance of an order that is still pending or holding. */
  async setStops(trx: Tx, id: number, stopLoss: number, takeProfit: number, trailing: number): Promise<boolean> {
    const r = await trx
      .updateTable('orders')
      .set({ stop_loss: stopLoss, take_profit: takeProfit, trailing_distance: trailing })
      .where('id', '=', id)
      .where('status', 'in', [0, 1])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * A partial close's compare-and-set: the position's new size, margin and fee, if it is still holding `lots`; answers
   * its swap as stored (undefined when the compare-and-set failed), which the caller then splits (`setSwap`).
   */
  async shrink(
    trx: Tx,
    id: number,
    lots: number,
    patch: { lots: number; margin: number; fee: number },
  ): Promise<{ swap: number } | undefined> {
    return trx
      .updateTable('orders')
      .set(patch)
      .where('id', '=', id)
      .where('status', '=', 1)
      .where('lots', '=', lots)
      .returning('swap')
      .executeTakeFirst();
  }

  /** A holding order's accrued swap after a partial close took the closed part's share. */
  async setSwap(trx: Tx, id: number, swap: number): Promise<void> {
    await trx.updateTable('orders').set({ swap }).where('id', '=', id).where('status', '=', 1).execute();
  }

  /** Moves a pending order still at `from` points (compare-and-set on its status and price). */
  async reprice(trx: Tx, id: number, from: number, patch: OrderPatch): Promise<boolean> {
    const r = await trx
      .updateTable('orders')
      .set(patch)
      .where('id', '=', id)
      .where('status', '=', 0)
      .where('order_price', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  // Overnight financing (issue 20 point 3)

  /** The newest rollover the engine has finished, if any. */
  lastRolloverDone(): Promise<{ rollover: string; at: number } | undefined> {
    return this.db
      .selectFrom('swap_rollovers')
      .select(['rollover', 'at'])
      .orderBy('rollover', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Records a rollover as finished (a second record of the same one is a no-op). */
  async rolloverDone(trx: Tx, r: { day: string; at: number }, charged: number, now: number): Promise<void> {
    await trx
      .insertInto('swap_rollovers')
      .values({ rollover: r.day, at: r.at, charged, done_at: now })
      .onConflict((oc) => oc.column('rollover').doNothing())
      .execute();
  }

  /**
   * Claims one rollover's charge of each position (the primary key makes each claim once, ever): answers the orders
   * claimed now, without those charged for this rollover before.
   */
  async claimSwaps(
    trx: Tx,
    rollover: string,
    rows: ReadonlyArray<{ orderId: number; userId: number; nights: number; amount: number }>,
    now: number,
  ): Promise<number[]> {
    if (rows.length === 0) return [];
    const claimed = await trx
      .insertInto('swap_charges')
      .values(
        rows.map((r) => ({
          order_id: r.orderId,
          rollover,
          user_id: r.userId,
          nights: r.nights,
          amount: r.amount,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['order_id', 'rollover']).doNothing())
      .returning('order_id')
      .execute();
    return claimed.map((c) => Number(c.order_id));
  }

  /** Adds each amount to its order's accrued swap if it is still holding; answers the orders changed. */
  async addSwaps(trx: Tx, rows: ReadonlyArray<{ id: number; amount: number }>): Promise<number[]> {
    if (rows.length === 0) return [];
    const cases = sql.join(
      rows.map((r) => sql`when cast(${r.id} as bigint) then cast(${r.amount} as bigint)`),
      sql` `,
    );
    const changed = await trx
      .updateTable('orders')
      .set({ swap: sql<number>`swap + case id ${cases} else 0 end` })
      .where('status', '=', 1)
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .returning('id')
      .execute();
    return changed.map((c) => Number(c.id));
  }

  /** Withdraws claims of positions that closed before their charge was written (same transaction). */
  async unclaimSwaps(trx: Tx, rollover: string, orderIds: readonly number[]): Promise<void> {
    if (orderIds.length === 0) return;
    await trx
      .deleteFrom('swap_charges')
      .where('rollover', '=', rollover)
      .where('order_id', 'in', [...orderIds])
      .execute();
  }

  /** Stores a stop-out's report (inside the stop-out's transaction). */
  async insertStopoutReport(trx: Tx, userId: number, at: number, report: string): Promise<void> {
    await trx.insertInto('stopout_reports').values({ user_id: userId, created_at: at, report }).execute();
  }

  /** A page of a user's stop-out reports, newest first. */
  stopoutReports(userId: number, page: number, limit: number) {
    const base = this.db.selectFrom('stopout_reports').where('user_id', '=', userId);
    return pageOf(base, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), { page, limit });
  }

  /** The stop-out report that closed or cancelled one of a user's orders (written at the order's close time). */
  async stopoutReportOf(userId: number, orderId: number) {
    const order = await this.orderOf(userId, orderId);
    if (!order || order.closed_type !== 2) return undefined;
    return this.db
      .selectFrom('stopout_reports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('created_at', '=', order.closed_at)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Every pending and holding order, to rebuild the engine's books at start. */
  openOrders(): Promise<OrderRow[]> {
    return this.db.selectFrom('orders').selectAll().where('status', 'in', [0, 1]).orderBy('id').execute();
  }

  /** One of a user's orders; another user's order reads as missing. */
  orderOf(userId: number, id: number): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  /** A page of a user's orders, newest first; history (3) holds closed and cancelled orders. */
  page(userId: number, status: number, page: number, limit: number): Promise<{ rows: OrderRow[]; total: number }> {
    const statuses = status === 3 ? [3, 4] : [status];
    const base = this.db.selectFrom('orders').where('user_id', '=', userId).where('status', 'in', statuses);
    return pageOf(
      base,
      (q) =>
        q
          .selectAll()
          .orderBy(status === 3 ? 'closed_at' : 'id', 'desc')
          .orderBy('id', 'desc'),
      { page, limit },
    );
  }

  /** Realised P/L of all of a user's closed orders, their swaps included. */
  async realisedTotal(userId: number): Promise<number> {
    const r = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>(eb('profit', '+', eb.ref('swap'))).as('total'))
      .where('user_id', '=', userId)
      .where('status', '=', 3)
      .executeTakeFirst();
    return Number(r?.total ?? 0);
  }

  /** A page of the entries that moved a user's cash, newest first, with the signed change of each. */
  cashEntries(
    userId: number,
    page: number,
    limit: number,
  ): Promise<{
    rows: Array<{
      id: number;
      type: string;
      memo_key: string;
      ref_type: string;
      ref_id: string;
      created_at: number;
      amount: number;
    }>;
    total: number;
  }> {
    const base = this.db
      .selectFrom('journal_entries as e')
      .innerJoin('postings as p', 'p.entry_id', 'e.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .where('e.user_id', '=', userId)
      .where('a.owner', '=', `user:${userId}`)
      .where('a.kind', '=', 'cash');
    return pageOf(
      base,
      (q) =>
        q.select(['e.id', 'e.type', 'e.memo_key', 'e.ref_type', 'e.ref_id', 'e.created_at', 'p.amount']).orderBy('e.id', 'desc'),
      { page, limit },
    );
  }

  // The back office's trading desk and risk page

  /**
   * A page of every trader's open positions (status 1) or pending orders (status 0), newest first, with the owner's
   * account name and the instrument's code; filtered by instrument code, owner and a minimum size (LOT_SCALE units).
   */
  deskPage(f: DeskFilter & { page: number; limit: number }) {
    return pageOf(this.desk(f), (q) => q.selectAll('o').select(DESK_COLUMNS).select(accountName).orderBy('o.id', 'desc'), {
      page: f.page,
      limit: f.limit,
    });
  }

  /** Up to `size` of the desk's orders with an id below `before`, newest first (an export's batch). */
  deskBatch(f: DeskFilter, before: number | undefined, size: number) {
    let q = this.desk(f);
    if (before !== undefined) q = q.where('o.id', '<', before);
    return q.selectAll('o').select(DESK_COLUMNS).select(accountName).orderBy('o.id', 'desc').limit(size).execute();
  }

  private desk(f: DeskFilter) {
    let base = this.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .innerJoin('instruments as i', 'i.id', 'o.instrument_id')
      // A copy's strategy (issue 34): its copy account is one follow's (account_user_id is unique).
      .leftJoin('copy_follows as cf', (j) => j.onRef('cf.account_user_id', '=', 'o.user_id').on('o.copy_of', '>', 0))
      .leftJoin('copy_strategies as cs', 'cs.id', 'cf.strategy_id')
      .where('o.status', '=', f.status);
    if (f.code) base = base.where('i.code', '=', f.code);
    if (f.userId) base = base.where('o.user_id', '=', f.userId);
    if (f.minLots) base = base.where('o.lots', '>=', f.minLots);
    return base;
  }

  /** Any trader's order (the back office). */
  orderById(id: number): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The account names (email, else phone, else uid) of some users. */
  async accountNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users as u')
      .select('u.id')
      .select(accountName)
      .where('u.id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, r.user_account]));
  }

  /** Real traders' realised P/L of the orders they closed since `from` (unix ms), summed per trader. */
  async realisedSince(from: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('orders')
      .select('user_id')
      .select((eb) => eb.fn.sum<number | string>(eb('profit', '+', eb.ref('swap'))).as('total'))
      .where('status', '=', 3)
      .where('is_demo', '=', 0)
      .where('closed_at', '>=', from)
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.total)]));
  }
}
