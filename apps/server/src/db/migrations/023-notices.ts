import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * In-app notices and web push (issue 21 points 1 and 2): every notice a trader was given (written in the transaction
 * of the event it reports, so a rolled-back event leaves none), the browsers subscribed to web push, the kinds each
 * trader wants pushed, and the server's VAPID key pair (one row, generated on first start by whichever node inserts it
 * first; every node reads the same).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('notices'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    /** The figures the text is built from, as JSON (rendered in the reader's language when read). */
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema.createIndex('notices_user_idx').on('notices').columns(['user_id', 'id']).execute();

  await idColumn(db.schema.createTable('push_subscriptions'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
    .addColumn('auth', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('push_prefs')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    /** The kinds pushed, comma-separated (no row: every kind). */
    .addColumn('kinds', 'varchar(200)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('push_vapid')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('public_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('private_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
