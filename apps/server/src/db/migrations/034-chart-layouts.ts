import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.ts';

/**
 * Chart layouts (issue 33 point 4, DESIGN §17): a trader's indicators and drawings on one instrument, kept for every
 * device. One row per user and instrument; `layout_json` is the layout's JSON text (at most 64 KB, checked by the
 * call's contract before it is written), `updated_at` unix milliseconds.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('chart_layouts')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('layout_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chart_layouts_pk', ['user_id', 'instrument_id'])
    .execute();
}
