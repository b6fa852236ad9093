import type { Kysely } from 'kysely';

/**
 * Notices are kept `NOTICE_RETENTION_DAYS` (config): the hourly sweep deletes the older ones by `created_at`, which
 * this index finds without reading the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('notices_created_idx').on('notices').column('created_at').execute();
}
