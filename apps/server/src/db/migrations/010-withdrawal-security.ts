import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * The devices and client addresses each account has signed in from, so a sign-in from a new one is notified
 * (DESIGN §10). `device_key` is `dev:<sha256 of the app's device id>` or `ip:<client address>`.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('user_devices'), ctx)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('device_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('user_devices_user_key', ['user_id', 'device_key'])
    .execute();
}
