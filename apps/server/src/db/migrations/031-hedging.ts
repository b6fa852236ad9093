import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * Hedging (issue 31, DESIGN §14). Instruments gain how they are hedged: `hedge_mode` ('none', 'all', 'net'),
 * `hedge_threshold_lots` (net mode's least difference, exact decimal text of lots) and `hedge_tolerance` (points
 * beyond the client's fill price a hedge's limit accepts). `hedge_orders`: one row per order sent to the hedging LP,
 * written before it is sent (its ClOrdID unique, so never reused), then updated from the LP's execution reports.
 * Quantities are exact decimal text of base units, prices decimal text at the instrument's precision (as FIX carries
 * them); nothing passes through a binary float. `hedge_positions`: the filled quantities summed per instrument, kept in the
 * transaction that records each report.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('instruments')
    .addColumn('hedge_mode', 'varchar(8)', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('instruments')
    .addColumn('hedge_threshold_lots', 'varchar(32)', (c) => c.notNull().defaultTo('0'))
    .execute();
  await db.schema
    .alterTable('instruments')
    .addColumn('hedge_tolerance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await idColumn(db.schema.createTable('hedge_orders'), ctx)
    /** FIX ClOrdID (tag 11): unique, so an id is never sent twice. */
    .addColumn('cl_ord_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('instrument_id', 'bigint', (c) => c.notNull())
    /** Our instrument code; `lp_symbol` is what was sent as tag 55. */
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('lp_symbol', 'varchar(64)', (c) => c.notNull())
    /** 'all' or 'net': the rule that sent it. */
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    /** 1 buy, 2 sell. */
    .addColumn('side', 'integer', (c) => c.notNull())
    /** Base units, exact decimal text (tag 38). */
    .addColumn('qty', 'varchar(40)', (c) => c.notNull())
    /** Decimal text at the instrument's precision (tag 44). */
    .addColumn('limit_price', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    /** CumQty (14) and AvgPx (6), exact text; '0' until a fill. */
    .addColumn('filled_qty', 'varchar(40)', (c) => c.notNull().defaultTo('0'))
    .addColumn('avg_price', 'varchar(40)', (c) => c.notNull().defaultTo('0'))
    /** LastQty (32) and LastPx (31) of the latest report; null before one with a fill. */
    .addColumn('last_qty', 'varchar(40)')
    .addColumn('last_price', 'varchar(40)')
    /** The LP's OrderID (37) once known. */
    .addColumn('lp_order_id', 'varchar(64)')
    /** Why it was rejected, cancelled or is unknown (tag 58, or ours). */
    .addColumn('reason', 'varchar(500)')
    /** The client fill it follows: the order (or partial close's part) and the fill's kind. */
    .addColumn('client_order_id', 'bigint', (c) => c.notNull())
    .addColumn('client_fill', 'varchar(16)', (c) => c.notNull())
    /** The client's fill price, decimal text. */
    .addColumn('client_price', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  /** The house's position at the LP per instrument: filled hedge quantities, bought − sold, signed exact text. */
  await db.schema
    .createTable('hedge_positions')
    .addColumn('instrument_id', 'bigint', (c) => c.primaryKey())
    .addColumn('symbol', 'varchar(32)', (c) => c.notNull())
    .addColumn('qty', 'varchar(48)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hedge_orders_status').on('hedge_orders').columns(['status', 'id']).execute();
  await db.schema.createIndex('hedge_orders_instrument').on('hedge_orders').columns(['instrument_id', 'status']).execute();
}
