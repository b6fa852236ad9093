import type { Kysely } from 'kysely';

/**
 * Idempotency across an engine failover (DESIGN §15). A key's claim gets an identity of its own (`claim`), so a late
 * first request can never store an answer into, or release, a later claim of the same key; an engine call's key gets
 * `settle_at` (real unix ms: its command's deadline plus 5 s), after which anyone may settle it; and the engine's writer
 * stamps `engine_ran` in the same transaction as the call's effect. So a pending key without the stamp is one whose
 * effect never committed, and deleting it (conditionally, on the row) makes a late commit impossible: the stamp would
 * find no row and the writer refuses the job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('claim', 'varchar(36)').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('settle_at', 'bigint').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('engine_ran', 'bigint').execute();
  await db.schema.createIndex('idempotency_keys_claim_idx').on('idempotency_keys').column('claim').unique().execute();
}
