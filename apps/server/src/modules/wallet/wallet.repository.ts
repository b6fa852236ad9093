import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { pageOf, type Page } from '../../db/paging.ts';
import { accountName, type QueueFilter, type WithUser } from '../../db/review-queue.ts';
import type {
  DepositChannelsTable,
  DepositsTable,
  DrawCurrenciesTable,
  DrawMethodsTable,
  WithdrawalsTable,
} from '../../db/schema.ts';

export type DepositChannelRow = Selectable<DepositChannelsTable>;
export type DepositRow = Selectable<DepositsTable>;
export type DrawCurrencyRow = Selectable<DrawCurrenciesTable>;
export type DrawMethodRow = Selectable<DrawMethodsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;

/** The only SQL of the wallet: channels, deposits, withdrawal currencies and methods, withdrawals. */
export class WalletRepository {
  constructor(private readonly db: Db) {}

  // Channels

  channels(type: number, enabledOnly: boolean): Promise<DepositChannelRow[]> {
    let q = this.db.selectFrom('deposit_channels').selectAll().where('type', '=', type);
    if (enabledOnly) q = q.where('enabled', '=', 1);
    return q.orderBy('sort').orderBy('id').execute();
  }

  channel(id: number, db: Db | Tx = this.db): Promise<DepositChannelRow | undefined> {
    return db.selectFrom('deposit_channels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertChannel(row: Insertable<DepositChannelsTable>, db: Db | Tx = this.db): Promise<number> {
    const r = await db.insertInto('deposit_channels').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async updateChannel(id: number, row: Updateable<DepositChannelsTable>, db: Db | Tx = this.db): Promise<void> {
    await db.updateTable('deposit_channels').set(row).where('id', '=', id).execute();
  }

  async countChannels(): Promise<number> {
    const r = await this.db
      .selectFrom('deposit_channels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  drawCurrencies(type: number | undefined, enabledOnly: boolean): Promise<DrawCurrencyRow[]> {
    let q = this.db.selectFrom('draw_currencies').selectAll();
    if (type !== undefined) q = q.where('type', '=', type);
    if (enabledOnly) q = q.where('enabled', '=', 1);
    return q.orderBy('type').orderBy('sort').orderBy('id').execute();
  }

  drawCurrency(id: number): Promise<DrawCurrencyRow | undefined> {
    return this.db.selectFrom('draw_currencies').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertDrawCurrency(row: Insertable<DrawCurrenciesTable>): Promise<number> {
    const r = await this.db.insertInto('draw_currencies').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async updateDrawCurrency(id: number, row: Updateable<DrawCurrenciesTable>): Promise<void> {
    await this.db.updateTable('draw_currencies').set(row).where('id', '=', id).execute();
  }

  // Deposits

  async insertDeposit(trx: Tx, row: Insertable<DepositsTable>): Promise<number> {
    const r = await trx.insertInto('deposits').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  depositByProof(db: Db | Tx, proofName: string): Promise<DepositRow | undefined> {
    return db.selectFrom('deposits').selectAll().where('proof_name', '=', proofName).executeTakeFirst();
  }

  deposit(db: Db | Tx, id: number): Promise<DepositRow | undefined> {
    return db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
  }

  userDeposits(userId: number, type: number | undefined, page: number, limit: number): Promise<Page<DepositRow>> {
    let base = this.db.selectFrom('deposits').where('user_id', '=', userId);
    if (type !== undefined) base = base.where('type', '=', type);
    return pageOf(base, (q) => q.selectAll().orderBy('id', 'desc'), { page, limit });
  }

  depositQueue(f: QueueFilter): Promise<Page<WithUser<DepositRow>>> {
    return pageOf(this.deposits(f), (q) => q.selectAll('d').select(accountName).orderBy('d.id', 'desc'), f);
  }

  /** Up to `size` deposits of the queue's filters with an id below `before`, newest first (an export's batch). */
  depositBatch(
    f: Omit<QueueFilter, 'page' | 'limit'>,
    before: number | undefined,
    size: number,
  ): Promise<WithUser<DepositRow>[]> {
    let q = this.deposits(f);
    if (before !== undefined) q = q.where('d.id', '<', before);
    return q.selectAll('d').select(accountName).orderBy('d.id', 'desc').limit(size).execute();
  }

  private deposits(f: Omit<QueueFilter, 'page' | 'limit'>) {
    let base = this.db.selectFrom('deposits as d').innerJoin('users as u', 'u.id', 'd.user_id');
    if (f.status !== undefined) base = base.where('d.status', '=', f.status);
    if (f.userId !== undefined) base = base.where('d.user_id', '=', f.userId);
    return base;
  }

  /**
   * For each of `depositIds`, the other deposits whose proof image has the same content (the stored image's sha256,
   * whoever uploaded it), oldest first: a proof sent twice is flagged to staff (issue 17).
   */
  async duplicateProofs(depositIds: readonly number[]): Promise<Map<number, number[]>> {
    const found = new Map<number, number[]>();
    if (depositIds.length === 0) return found;
    const rows = await this.db
      .selectFrom('deposits as d')
      .innerJoin('uploads as u', 'u.name', 'd.proof_name')
      .innerJoin('uploads as same', (j) => j.onRef('same.sha256', '=', 'u.sha256').onRef('same.name', '<>', 'u.name'))
      .innerJoin('deposits as o', 'o.proof_name', 'same.name')
      .select(['d.id as id', 'o.id as other'])
      .where('d.id', 'in', [...depositIds])
      .orderBy('o.id')
      .execute();
    for (const r of rows) found.set(r.id, [...(found.get(r.id) ?? []), r.other]);
    return found;
  }

  // Withdrawal methods

  methods(userId: number, type: number, drawId: number | undefined): Promise<DrawMethodRow[]> {
    let q = this.db
      .selectFrom('draw_methods')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('deleted_at', 'is', null);
    if (drawId !== undefined) q = q.where('draw_id', '=', drawId);
    return q.orderBy('id', 'desc').execute();
  }

  /** A live method of this user; undefined for another user's or a deleted one (answered alike). */
  method(userId: number, id: number): Promise<DrawMethodRow | undefined> {
    return this.db
      .selectFrom('draw_methods')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async insertMethod(row: Insertable<DrawMethodsTable>, trx: Tx | Db = this.db): Promise<number> {
    const r = await trx.insertInto('draw_methods').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  /** Soft delete (withdrawals keep their copy of the details); false when it was not this user's live method. */
  async deleteMethod(userId: number, id: number, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('draw_methods')
      .set({ deleted_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  // Withdrawals

  async insertWithdrawal(trx: Tx, row: Insertable<WithdrawalsTable>): Promise<number> {
    const r = await trx.insertInto('withdrawals').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  withdrawal(db: Db | Tx, id: number): Promise<WithdrawalRow | undefined> {
    return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async waitingWithdrawals(trx: Tx, userId: number): Promise<number> {
    const r = await trx
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  userWithdrawals(userId: number, type: number | undefined, page: number, limit: number): Promise<Page<WithdrawalRow>> {
    let base = this.db.selectFrom('withdrawals').where('user_id', '=', userId);
    if (type !== undefined) base = base.where('type', '=', type);
    return pageOf(base, (q) => q.selectAll().orderBy('id', 'desc'), { page, limit });
  }

  withdrawalQueue(f: QueueFilter): Promise<Page<WithUser<WithdrawalRow>>> {
    return pageOf(this.withdrawals(f), (q) => q.selectAll('w').select(accountName).orderBy('w.id', 'desc'), f);
  }

  /** Up to `size` withdrawals of the queue's filters with an id below `before`, newest first (an export's batch). */
  withdrawalBatch(
    f: Omit<QueueFilter, 'page' | 'limit'>,
    before: number | undefined,
    size: number,
  ): Promise<WithUser<WithdrawalRow>[]> {
    let q = this.withdrawals(f);
    if (before !== undefined) q = q.where('w.id', '<', before);
    return q.selectAll('w').select(accountName).orderBy('w.id', 'desc').limit(size).execute();
  }

  private withdrawals(f: Omit<QueueFilter, 'page' | 'limit'>) {
    let base = this.db.selectFrom('withdrawals as w').innerJoin('users as u', 'u.id', 'w.user_id');
    if (f.status !== undefined) base = base.where('w.status', '=', f.status);
    if (f.userId !== undefined) base = base.where('w.user_id', '=', f.userId);
    return base;
  }

  /**
   * The one state change of a deposit or withdrawal: from unreviewed (0) to `status`, only if it is still unreviewed.
   * Runs inside the transaction that moves the money, so exactly one of two racing reviews wins.
   */
  async review(
    trx: Tx,
    table: 'deposits' | 'withdrawals',
    id: number,
    change: { status: number; remark: string; staffId: number; at: number; transferRef?: string },
  ): Promise<boolean> {
    const set = {
      status: change.status,
      remark: change.remark,
      reviewed_at: change.at,
      reviewed_by: change.staffId,
      ...(table === 'withdrawals' && change.transferRef !== undefined ? { transfer_ref: change.transferRef } : {}),
    };
    const r = await trx.updateTable(table).set(set).where('id', '=', id).where('status', '=', 0).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
