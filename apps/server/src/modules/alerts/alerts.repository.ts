import type { Db, Tx } from '../../db/database.ts';
import { pageOf, type Page, type PageRequest } from '../../db/paging.ts';
import type { PriceAlertRow } from '../../db/schema.ts';

/** The only SQL of price alerts (issue 20 point 7, migration 022). */
export class AlertsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Takes one of the user's active-alert slots: one upsert that raises the count and tests the limit in the same
   * statement (the row is locked while it is updated, so of any number of concurrent creates at most `max` pass).
   * False when the user already has `max`; then nothing was written.
   */
  async takeSlot(trx: Tx, userId: number, max: number): Promise<boolean> {
    const r = await trx
      .insertInto('alert_counts')
      .values({ user_id: userId, active: 1 })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet((eb) => ({ active: eb('alert_counts.active', '+', 1) }))
          .where('alert_counts.active', '<', max),
      )
      .returning('active')
      .executeTakeFirst();
    return r !== undefined;
  }

  async insert(
    trx: Tx,
    row: { user_id: number; instrument_id: number; condition: string; price: string; created_at: number },
  ): Promise<PriceAlertRow> {
    return trx
      .insertInto('price_alerts')
      .values({ ...row, state: 'active', fired_bid: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Fires an active alert: one conditional UPDATE (state active → fired), so however many ticks or nodes try, one
   * succeeds; the owner's active count goes down in the same transaction. The fired row, or undefined when it was no
   * longer active (fired or deleted already).
   */
  async fire(trx: Tx, id: number, bid: string, at: number): Promise<PriceAlertRow | undefined> {
    const row = await trx
      .updateTable('price_alerts')
      .set({ state: 'fired', fired_at: at, fired_bid: bid })
      .where('id', '=', id)
      .where('state', '=', 'active')
      .returningAll()
      .executeTakeFirst();
    if (row) await this.release(trx, row.user_id);
    return row;
  }

  /**
   * Deletes one of the user's alerts: an active one (its slot freed in the same transaction) or a fired one. The state
   * it had, or undefined when the user has no such alert.
   */
  async delete(trx: Tx, userId: number, id: number): Promise<'active' | 'fired' | undefined> {
    const active = await trx
      .updateTable('price_alerts')
      .set({ state: 'deleted' })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('state', '=', 'active')
      .executeTakeFirst();
    if (Number(active.numUpdatedRows) === 1) {
      await this.release(trx, userId);
      return 'active';
    }
    const fired = await trx
      .updateTable('price_alerts')
      .set({ state: 'deleted' })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('state', '=', 'fired')
      .executeTakeFirst();
    return Number(fired.numUpdatedRows) === 1 ? 'fired' : undefined;
  }

  /** Every active alert, for the engine's books (start and failover). */
  active(): Promise<Array<Pick<PriceAlertRow, 'id' | 'user_id' | 'instrument_id' | 'condition' | 'price'>>> {
    return this.db
      .selectFrom('price_alerts')
      .select(['id', 'user_id', 'instrument_id', 'condition', 'price'])
      .where('state', '=', 'active')
      .orderBy('id')
      .execute();
  }

  /** The user's alerts that are not deleted (or those in `state`), newest first. */
  page(userId: number, state: 'active' | 'fired' | undefined, p: PageRequest): Promise<Page<PriceAlertRow>> {
    let base = this.db.selectFrom('price_alerts').where('user_id', '=', userId);
    base = state ? base.where('state', '=', state) : base.where('state', 'in', ['active', 'fired']);
    return pageOf(base, (q) => q.selectAll().orderBy('id', 'desc'), p);
  }

  /** The user's active alert count as kept by `takeSlot` (tests compare it with the rows). */
  async activeCount(userId: number): Promise<number> {
    const r = await this.db.selectFrom('alert_counts').select('active').where('user_id', '=', userId).executeTakeFirst();
    return Number(r?.active ?? 0);
  }

  private async release(trx: Tx, userId: number): Promise<void> {
    await trx
      .updateTable('alert_counts')
      .set((eb) => ({ active: eb('active', '-', 1) }))
      .where('user_id', '=', userId)
      .where('active', '>', 0)
      .execute();
  }
}
