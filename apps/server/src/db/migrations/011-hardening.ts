import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.ts';

/**
 * Issue 17 (trust): the socket peer kept beside the validated client address of sessions, codes and the audit log;
 * where the secret of an outbox message is, so it can be masked; proof images found by content.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  // The address the TCP connection came from, whatever a trusted proxy forwarded ('' for rows written before).
  for (const table of ['sessions', 'verification_codes', 'audit_log'])
    await db.schema
      .alterTable(table)
      .addColumn('peer_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
  // The code a kept mail or SMS carries, so every reader but a super admin who reveals it sees it masked.
  await db.schema.alterTable('outbox').addColumn('secret', 'varchar(32)').execute();
  // Duplicate deposit proofs: the same image content (sha256 of the re-encoded bytes) looked up by hash.
  await db.schema.createIndex('uploads_sha256_idx').on('uploads').column('sha256').execute();
}
