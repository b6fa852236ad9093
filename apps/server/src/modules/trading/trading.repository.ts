import type { Db, DbKind, Tx } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';
import type { OrderRow, OrdersTable } from '../../db/schema.ts';
import type { Updateable } from 'kysely';
import { RawQuery } from '../../db/raw-query.ts';

export type NewOrderRow = Omit<OrderRow, 'id'>;

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
] as const satisfies ReadonlyArray<keyof NewOrderRow>;
export type OrderPatch = Updateable<OrdersTable>;

/** Orders and the ledger views of the trading screens: the only SQL of the trading module. */
export class TradingRepository {
  private readonly insert: RawQuery<{ id: number }>;

  constructor(
    private readonly db: Db,
    kind: DbKind,
  ) {
    this.insert = new RawQuery(
      kind,
      `insert into orders (${ORDER_COLUMNS.join(', ')}) values (${ORDER_COLUMNS.map(() => '?').join(', ')}) returning id`,
    );
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
   * Compare-and-set on an order's status: applies `patch` only if the order is still in `from`. False means another
   * path (a user close, a trigger, a stop-out) settled it first: the caller must write nothing else.
   */
  async transition(trx: Tx, id: number, from: number, patch: OrderPatch): Promise<boolean> {
    const r = await trx.updateTable('orders').set(patch).where('id', '=', id).where('status', '=', from).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Stop-loss and take-profit of an order that is still pending or holding. */
  async setStops(trx: Tx, id: number, stopLoss: number, takeProfit: number): Promise<boolean> {
    const r = await trx
      .updateTable('orders')
      .set({ stop_loss: stopLoss, take_profit: takeProfit })
      .where('id', '=', id)
      .where('status', 'in', [0, 1])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
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

  /** Realised P/L of all of a user's closed orders. */
  async realisedTotal(userId: number): Promise<number> {
    const r = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('profit').as('total'))
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
}
