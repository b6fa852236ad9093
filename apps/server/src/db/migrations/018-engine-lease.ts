import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The engine's fencing token (issue 19 point 2): one row whose `epoch` a node bumps right after it takes the engine's
 * advisory lock. Every engine write transaction first reads the row (`for share`) and aborts unless the epoch is still
 * its own, so a leader that lost the lock (its connection dropped, its process paused) can never write after a new one
 * took over. On SQLite (one node) the row is never used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('engine_lease')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('epoch', 'bigint', (c) => c.notNull())
    .addColumn('node', 'varchar(64)', (c) => c.notNull())
    .addColumn('acquired_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into engine_lease (id, epoch, node, acquired_at) values (1, 0, '', 0)`.execute(db);
}
