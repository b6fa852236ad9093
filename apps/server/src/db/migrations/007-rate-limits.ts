import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.ts';

/**
 * Counters of the limits that protect sign-in and sign-up (DESIGN §10): kept in the database so they survive a
 * restart and hold across nodes. One row per limited key (rule and subject); a window starts at its first event and
 * lasts until `expires_at`, then the next event starts a fresh one. Dead rows are swept.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_counters_expiry_idx').on('rate_counters').column('expires_at').execute();
}
