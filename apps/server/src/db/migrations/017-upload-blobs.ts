import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.ts';

/**
 * Uploaded images kept in the database (issue 19 point 5): on PostgreSQL every node writes and serves the bytes from
 * here, so an image uploaded through one node is served by any other. SQLite (one node) keeps them as files under
 * DATA_DIR/uploads, and this table stays empty there. One row per `uploads` row, written in the same transaction.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('upload_blobs')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('data', ctx.kind === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
}
