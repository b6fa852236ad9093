import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * Copy trading (issue 34, DESIGN §18). `copy_strategies`: one per provider. `copy_follows`: a follower's follow of a
 * strategy, one following at a time per pair (a partial unique index on status 1), with its own copy account: a user
 * row whose `users.copy_owner_id` is the follower (never signs in: no e-mail, phone or password), so the engine keeps
 * its margin, stop-out and P/L apart. `orders.copy_of`: the provider's position a copy follows (0 for every other
 * order). `copy_events`: every copy and skip; `copy_fees`: every fee charged with its basis.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('copy_strategies'), ctx)
    .addColumn('provider_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('performance_fee_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('management_fee_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_investment', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('suspend_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await idColumn(db.schema.createTable('copy_follows'), ctx)
    .addColumn('strategy_id', 'bigint', (c) => c.notNull())
    .addColumn('follower_id', 'bigint', (c) => c.notNull())
    .addColumn('account_user_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('value', 'varchar(30)', (c) => c.notNull())
    .addColumn('equity_stop_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invested', 'bigint', (c) => c.notNull())
    .addColumn('high_water_mark', 'bigint', (c) => c.notNull())
    .addColumn('management_accrued_at', 'bigint', (c) => c.notNull())
    .addColumn('performance_settled_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('end_reason', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('returned', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // One following at a time per strategy and follower; ended follows stay as history.
  await sql`create unique index copy_follows_one_active on copy_follows (strategy_id, follower_id) where status = 1`.execute(db);
  await db.schema.createIndex('copy_follows_follower_idx').on('copy_follows').column('follower_id').execute();
  await idColumn(db.schema.createTable('copy_events'), ctx)
    .addColumn('follow_id', 'bigint', (c) => c.notNull())
    .addColumn('strategy_id', 'bigint', (c) => c.notNull())
    .addColumn('follower_id', 'bigint', (c) => c.notNull())
    .addColumn('provider_order_id', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('event', 'varchar(10)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lots', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('copy_events_follower_idx').on('copy_events').columns(['follower_id', 'id']).execute();
  await db.schema.createIndex('copy_events_follow_idx').on('copy_events').columns(['follow_id', 'id']).execute();
  await idColumn(db.schema.createTable('copy_fees'), ctx)
    .addColumn('follow_id', 'bigint', (c) => c.notNull())
    .addColumn('strategy_id', 'bigint', (c) => c.notNull())
    .addColumn('follower_id', 'bigint', (c) => c.notNull())
    .addColumn('provider_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('basis', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // A period's fee is charged once per follow, whichever node or retry gets there first.
  await db.schema.createIndex('copy_fees_once').on('copy_fees').columns(['follow_id', 'kind', 'period_start']).unique().execute();
  await db.schema.alterTable('users').addColumn('copy_owner_id', 'bigint').execute();
  await db.schema.createIndex('users_copy_owner_idx').on('users').column('copy_owner_id').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('copy_of', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('orders_copy_of_idx').on('orders').column('copy_of').execute();
}
