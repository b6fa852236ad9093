import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/** News and announcements (text per language, sanitised HTML), and the rankings opt-in. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('news'), ctx)
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('logo', 'varchar(300)', (c) => c.notNull())
    // {"en": {"title", "desc", "content"}, "hk": {...}, ...}: content already sanitised.
    .addColumn('text_json', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull())
    // Set for seeded articles, so each is seeded once and staff edits survive restarts.
    .addColumn('seed_key', 'varchar(64)', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_list_idx').on('news').columns(['category_id', 'published', 'created_at']).execute();
  await db.schema
    .alterTable('users')
    .addColumn('rank_opt_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
