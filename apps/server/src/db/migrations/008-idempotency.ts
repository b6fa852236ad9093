import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * Idempotency keys (DESIGN §10): one row per (scope, key), claimed before the call runs (the unique pair makes the
 * claim atomic across requests and nodes), holding the first answer for 24 h.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('idempotency_keys'), ctx)
    // `user:<id>` or `staff:<id>`: keys are per trader or per staff member.
    .addColumn('scope', 'varchar(40)', (c) => c.notNull())
    .addColumn('idem_key', 'varchar(255)', (c) => c.notNull())
    // sha256 of the call, its :id and its parameters (`t` aside), hex.
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('call', 'varchar(200)', (c) => c.notNull())
    // The first answer's envelope as sent (JSON); null while the first request runs.
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addUniqueConstraint('idempotency_keys_scope_key', ['scope', 'idem_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}
