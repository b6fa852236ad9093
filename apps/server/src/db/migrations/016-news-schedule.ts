import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.ts';

/**
 * Issue 18 point 7: scheduled publishing. `publish_at` (unix ms) is when a published article appears to traders; the
 * trader's calls read `published = 1 AND publish_at <= now`, so no background job is needed. Articles published
 * before this migration appeared when they were created. The index serves the trader's list (category, published,
 * newest appearance first).
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('news').addColumn('publish_at', 'bigint').execute();
  await sql`UPDATE news SET publish_at = created_at WHERE published = 1`.execute(db);
  await db.schema.createIndex('news_visible_idx').on('news').columns(['category_id', 'published', 'publish_at']).execute();
}
