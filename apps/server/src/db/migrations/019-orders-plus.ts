import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * Richer orders (issue 20, DESIGN §12): a trailing stop's distance (points, 0 none), a pending order's expiry (unix
 * seconds, 0 until cancelled), overnight financing charged so far (micros, 0 until swaps are charged), the position a
 * partial close came from, and the execution receipt of the fill (JSON, points and ms). And one report per stop-out:
 * the levels at the trigger and the orders cancelled and closed, in the order it acted.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('trailing_distance', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('expire_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('swap', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('parent_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('receipt', 'text').execute();

  await idColumn(db.schema.createTable('stopout_reports'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** The report itself (levels, figures and the ordered actions), JSON. */
    .addColumn('report', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stopout_reports_user_idx').on('stopout_reports').columns(['user_id', 'created_at']).execute();
}
