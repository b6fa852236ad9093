import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.ts';

/**
 * The trader's favourite instruments (issue 20 point 6): the markets list's watchlist, kept for the signed-in user on
 * every device. One row per user and instrument (the primary key makes adding twice a no-op, even at the same time);
 * `added_at` orders the watchlist as it was built.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('favourites')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('instrument_id', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'instrument_id'])
    .execute();
}
