import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * Account types (issue 32 point 1, DESIGN §16, MT5's groups). `account_types`: the published terms a trader's account
 * follows; one seeded default reproduces every account's terms before it (no markup, no commission, the margin fee,
 * no leverage cap, margin call 100 %, stop-out 50 %, free margin counting losses only, swaps, pending margin reserved),
 * so nothing changes until a broker adds types (its margin-call and stop-out levels are the run-time settings' where
 * staff had changed them: those settings edit the default type's levels from now on). `commission_per_lot` is USD micros per lot per side. `is_public`:
 * listed to traders, who may choose it themselves (staff may put a trader in any type).
 * `users.account_type_id`: every existing user in the default type (null, for rows written by code that predates the
 * column, is read as the default). `orders.commission`: the commission charged against that row (micros; its open
 * side on the position, a closing side on the row that closed it), for statements and receipts.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('account_types'), ctx)
    .addColumn('name', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('spread_markup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('commission_per_lot', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fee_on_margin', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_leverage', 'integer')
    .addColumn('margin_call_level', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('stop_out_level', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('free_margin_mode', 'varchar(20)', (c) => c.notNull().defaultTo('loss_only'))
    .addColumn('swap_free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_margin', 'varchar(10)', (c) => c.notNull().defaultTo('reserve'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  const now = Date.now();
  await sql`insert into account_types (name, description, spread_markup, commission_per_lot, fee_on_margin,
    max_leverage, margin_call_level, stop_out_level, free_margin_mode, swap_free, pending_margin, is_default, is_public,
    sort, created_at, updated_at)
    values ('Standard', '', 0, 0, 1, null,
      coalesce((select cast(value as integer) from settings where key = 'margin_call_level'), 100),
      coalesce((select cast(value as integer) from settings where key = 'stop_out_level'), 50),
      'loss_only', 0, 'reserve', 1, 1, 0, ${now}, ${now})`.execute(db);
  await db.schema.alterTable('users').addColumn('account_type_id', 'bigint').execute();
  await sql`update users set account_type_id = (select id from account_types where is_default = 1)`.execute(db);
  await db.schema.createIndex('users_account_type_idx').on('users').column('account_type_id').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('commission', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
