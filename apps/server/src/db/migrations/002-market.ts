import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.ts';

/** Categories, instruments and candles. */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('names_json', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('instruments')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('show_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('base', 'varchar(8)', (c) => c.notNull())
    .addColumn('quote', 'varchar(8)', (c) => c.notNull())
    .addColumn('precision', 'integer', (c) => c.notNull())
    .addColumn('contract_size', 'integer', (c) => c.notNull())
    .addColumn('lot_step', 'varchar(16)', (c) => c.notNull())
    .addColumn('min_lots', 'varchar(16)', (c) => c.notNull())
    .addColumn('max_lots', 'varchar(16)', (c) => c.notNull())
    .addColumn('spread_points', 'integer', (c) => c.notNull())
    .addColumn('fee_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('margin_mode', 'integer', (c) => c.notNull())
    .addColumn('leverages_json', 'text', (c) => c.notNull())
    .addColumn('hours_json', 'text', (c) => c.notNull())
    .addColumn('start_price', 'varchar(24)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('candles')
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('open', 'bigint', (c) => c.notNull())
    .addColumn('high', 'bigint', (c) => c.notNull())
    .addColumn('low', 'bigint', (c) => c.notNull())
    .addColumn('close', 'bigint', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('candles_pk', ['instrument_id', 'period', 'time'])
    .execute();
}
