import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * Price alerts (issue 20 point 7, DESIGN §12). An alert is a level, not a crossing: `above` fires on the first bid at
 * or above `price`, `below` on the first bid at or below it. `state` goes `active` → `fired` (once: one conditional
 * UPDATE) or `active`/`fired` → `deleted` (the trader removed it). `price` and `fired_bid` are exact decimal text in
 * the instrument's digits, like the instruments' other prices. `alert_counts` holds each trader's number of active
 * alerts, raised by one upsert that tests the limit in the same statement (so concurrent creates can never pass it)
 * and lowered in the transaction that fires or deletes one.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('price_alerts'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('condition', 'varchar(8)', (c) => c.notNull())
    .addColumn('price', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('fired_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fired_bid', 'varchar(32)')
    .execute();
  await db.schema.createIndex('price_alerts_user_idx').on('price_alerts').columns(['user_id', 'state', 'id']).execute();
  await db.schema.createIndex('price_alerts_state_idx').on('price_alerts').columns(['state']).execute();
  await db.schema
    .createTable('alert_counts')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('active', 'integer', (c) => c.notNull())
    .execute();
}
