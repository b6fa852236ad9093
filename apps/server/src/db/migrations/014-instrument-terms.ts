import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.ts';

/**
 * Issue 18 point 6: the instrument terms the back office adds. `close_only` (new orders refused, closing allowed) and
 * the overnight financing staff set per instrument (DESIGN §12: USD per lot per night as exact decimal text, and the
 * weekday 0–6 whose rollover charges three nights; charging them is the trading issue's). Indexes for the audit log's
 * filters (staff member, action, dates).
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('instruments')
    .addColumn('close_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('instruments')
    .addColumn('swap_long', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .execute();
  await db.schema
    .alterTable('instruments')
    .addColumn('swap_short', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .execute();
  await db.schema
    .alterTable('instruments')
    .addColumn('swap_triple_day', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_staff').on('audit_log').columns(['staff_id', 'id']).execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
}
