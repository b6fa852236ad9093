import type { Kysely } from 'kysely';

/**
 * Named order types (issue 33 point 2, DESIGN §17): a stop limit's limit price in points, placed as a pending limit
 * once its stop (`order_price`) triggers; 0 for every other order. Its kinds (`buy_stop_limit`, `sell_stop_limit`) live
 * in the existing `kind` column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('stop_limit_price', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
