import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * Issue 29 point 1 (DESIGN §16 "Insiders"): the queue of changes that take effect only once a second staff member
 * approves them (deposit and wire receiving details, the adjustment limits), and an index for the adjustments one
 * author made in the last day, which the cumulative limits sum.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('changes'), ctx)
    /** What it changes: `setting`, `deposit_channel`, `wire_channel`. */
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    /** Which one: the setting keys, the channel's id ('' for a new channel). */
    .addColumn('target', 'varchar(200)', (c) => c.notNull())
    /** The state before the request (JSON; null for a new channel). */
    .addColumn('before_json', 'text')
    /** What takes effect on approval (JSON, already checked when it was asked for). */
    .addColumn('after_json', 'text', (c) => c.notNull())
    /** 0 pending, 1 approved (applied), 2 rejected. */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('changes_status_idx').on('changes').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('balance_adjustments_author_idx')
    .on('balance_adjustments')
    .columns(['created_by', 'created_at'])
    .execute();
}
