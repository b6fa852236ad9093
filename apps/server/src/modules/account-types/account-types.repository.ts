import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { AccountTypeRow, AccountTypesTable } from '../../db/schema.ts';

/** What a new or changed type's row holds (everything but its id and times). */
export type AccountTypeValues = Omit<AccountTypesTable, 'id' | 'created_at' | 'updated_at'>;

/** The account types' table and the users' `account_type_id` (migration 032): the only SQL of this module. */
export class AccountTypesRepository {
  constructor(private readonly db: Db) {}

  list(db: Db | Tx = this.db): Promise<AccountTypeRow[]> {
    return db.selectFrom('account_types').selectAll().orderBy('sort').orderBy('id').execute();
  }

  byId(db: Db | Tx, id: number): Promise<AccountTypeRow | undefined> {
    return db.selectFrom('account_types').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async nameTaken(db: Db | Tx, name: string, exceptId = 0): Promise<boolean> {
    const row = await db
      .selectFrom('account_types')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(trx: Tx, values: AccountTypeValues, at: number): Promise<number> {
    const row = await trx
      .insertInto('account_types')
      .values({ ...values, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async update(trx: Tx, id: number, values: Partial<AccountTypeValues>, at: number): Promise<void> {
    await trx
      .updateTable('account_types')
      .set({ ...values, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Makes `id` the only default. Users still without a type (rows written before the column was set) are first put in
   * the old default, so a new default applies to new users only.
   */
  async makeDefault(trx: Tx, id: number, at: number): Promise<void> {
    const old = await trx.selectFrom('account_types').select('id').where('is_default', '=', 1).executeTakeFirst();
    if (old) await trx.updateTable('users').set({ account_type_id: old.id }).where('account_type_id', 'is', null).execute();
    await trx.updateTable('account_types').set({ is_default: 0, updated_at: at }).where('id', '!=', id).execute();
    await trx.updateTable('account_types').set({ is_default: 1, updated_at: at }).where('id', '=', id).execute();
  }

  /** The user's type id as stored (null: the default). */
  async userTypeId(db: Db | Tx, userId: number): Promise<number | null> {
    const row = await db.selectFrom('users').select('account_type_id').where('id', '=', userId).executeTakeFirst();
    return row?.account_type_id === undefined || row.account_type_id === null ? null : Number(row.account_type_id);
  }

  /** Sets a user's type; false when the user does not exist. */
  async setUserType(trx: Tx, userId: number, typeId: number, at: number): Promise<boolean> {
    const r = await trx
      .updateTable('users')
      .set({ account_type_id: typeId, updated_at: at })
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Sets a trader's own choice only while they have no pending or holding order: the check and the change are one
   * statement, so an order placed meanwhile makes it fail rather than change the terms under an open position.
   */
  async setUserTypeIfIdle(trx: Tx, userId: number, typeId: number, at: number): Promise<boolean> {
    const r = await trx
      .updateTable('users')
      .set({ account_type_id: typeId, updated_at: at })
      .where('id', '=', userId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('orders')
              .select(sql<number>`1`.as('one'))
              .where('orders.user_id', '=', userId)
              .where('orders.status', 'in', [0, 1]),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
