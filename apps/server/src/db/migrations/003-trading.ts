import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/** Orders: pending, holding, closed and cancelled (DESIGN §5). Prices in points, money in micro-units, lots in 10⁻⁴. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('orders'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('is_demo', 'integer', (c) => c.notNull())
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('lots', 'bigint', (c) => c.notNull())
    .addColumn('leverage', 'integer', (c) => c.notNull())
    .addColumn('order_price', 'bigint', (c) => c.notNull())
    .addColumn('open_price', 'bigint', (c) => c.notNull())
    .addColumn('close_price', 'bigint', (c) => c.notNull())
    .addColumn('stop_loss', 'bigint', (c) => c.notNull())
    .addColumn('take_profit', 'bigint', (c) => c.notNull())
    .addColumn('margin', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('profit', 'bigint', (c) => c.notNull())
    .addColumn('closed_type', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_status_idx').on('orders').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status']).execute();
}
