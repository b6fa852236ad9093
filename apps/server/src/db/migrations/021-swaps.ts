import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { MigrationContext } from '../migration-helpers.ts';

/**
 * Overnight financing (issue 20 point 3, DESIGN §12). `swap_charges`: one row per position and rollover charged, its
 * primary key (order, New York trade date) making a second charge of the same night impossible whoever tries it (a
 * restart, a second leader, a retry): the row is written in the same transaction as the ledger entry and the order's
 * `swap`, so the three exist together or not at all. `swap_rollovers`: the rollovers the engine has finished, so a
 * leader that starts knows which ones it missed.
 *
 * Indices, commodities and crypto roll three nights on Friday (FX on Wednesday, the column's default): rows of those
 * categories still at the untouched defaults (no rates, Wednesday) move to Friday.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('swap_charges')
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    /** The rollover's New York trade date, YYYY-MM-DD. */
    .addColumn('rollover', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('nights', 'integer', (c) => c.notNull())
    /** Micros, signed (negative: charged to the trader). */
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('swap_charges_pk', ['order_id', 'rollover'])
    .execute();
  await db.schema
    .createTable('swap_rollovers')
    .addColumn('rollover', 'varchar(10)', (c) => c.primaryKey())
    /** The rollover's instant, unix ms. */
    .addColumn('at', 'bigint', (c) => c.notNull())
    /** Positions charged (0 for the first rollover a new database counts from). */
    .addColumn('charged', 'integer', (c) => c.notNull())
    .addColumn('done_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`update instruments set swap_triple_day = 5
            where category_id in (2, 3, 4, 5) and swap_triple_day = 3 and swap_long = '0' and swap_short = '0'`.execute(db);
}
