import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.ts';

/**
 * Published pricing per instrument (issue 31 point 1, DESIGN §14). `pricing`: `fixed` (the default, as every
 * instrument priced before: bid = the source's mid − spread/2 rounded down, ask = bid + spread) or `markup` (the
 * source's own bid and ask, each moved out by `markup_points`). Staff change both on the instruments page.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('instruments')
    .addColumn('pricing', 'varchar(10)', (c) => c.notNull().defaultTo('fixed'))
    .execute();
  await db.schema
    .alterTable('instruments')
    .addColumn('markup_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
