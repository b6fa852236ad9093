import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * The support chat (issue 18, DESIGN §13): every message of every trader's thread, and one row per thread with what
 * the inbox sorts and marks by (the last message, the staff's unread count) and the trader's per-minute message
 * counter (a fixed window counted and tested in one statement, so the limit holds across nodes).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('support_messages'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    /** 0 the trader wrote it, 1 a staff member. */
    .addColumn('from_staff', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'bigint')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('image_name', 'varchar(128)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_messages_user_idx').on('support_messages').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('support_threads')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('last_from_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_text', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('staff_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('rate_window_start', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('support_threads_updated_idx').on('support_threads').column('updated_at').execute();
}
