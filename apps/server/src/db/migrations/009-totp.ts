import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * Two-factor sign-in (TOTP, RFC 6238; DESIGN §10): one factor per trader or staff member (`kind` 'user' | 'staff'),
 * a pending secret between setup and enable, the last time step used (no replay), the wrong-code counter of the
 * current window (counted and tested in one statement), and the traders' single-use recovery codes, hashed.
 * (The unused `staff.totp_secret` column of 001 stays as it is.)
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('totp_factors'), ctx)
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('secret', 'varchar(128)')
    .addColumn('pending_secret', 'varchar(128)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_step', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts_since', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('totp_factors_owner_uq', ['kind', 'owner_id'])
    .execute();
  await idColumn(db.schema.createTable('totp_recovery_codes'), ctx)
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('totp_recovery_owner_idx').on('totp_recovery_codes').columns(['kind', 'owner_id']).execute();
}
