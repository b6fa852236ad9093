import { formatQty, parseQty, type HedgeStatus } from '@tradepad/domain';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { pageOf, type Page, type PageRequest } from '../../db/paging.ts';
import type { HedgeOrderRow, HedgeOrdersTable } from '../../db/schema.ts';

/** The statuses a report may still change (`unknown` too: a late answer resolves it). */
export const OPEN_STATUSES = ['pending', 'new', 'partial', 'unknown'] as const satisfies readonly HedgeStatus[];

/** What an execution report (or our own judgement) changes on a stored order. */
export interface HedgeOrderChange {
  status: HedgeStatus;
  /** CumQty (14), exact text; undefined keeps the stored one. */
  filledQty?: string | undefined;
  avgPrice?: string | undefined;
  lastQty?: string | undefined;
  lastPrice?: string | undefined;
  lpOrderId?: string | undefined;
  reason?: string | null | undefined;
}

/** A signed quantity stored as text ('-150000.5'). */
const signedQty = (text: string): bigint => (text.startsWith('-') ? -parseQty(text.slice(1)) : parseQty(text));

/** Hedge orders and the house's position at the LP: the SQL of the hedging module. */
export class HedgeRepository {
  constructor(private readonly db: Db) {}

  /** Stores an order before it is sent; the ClOrdID's unique index refuses a second use. Answers its id. */
  async insert(row: Insertable<HedgeOrdersTable>): Promise<number> {
    const r = await this.db.insertInto('hedge_orders').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  byClOrdId(clOrdId: string): Promise<HedgeOrderRow | undefined> {
    return this.db.selectFrom('hedge_orders').selectAll().where('cl_ord_id', '=', clOrdId).executeTakeFirst();
  }

  /** Orders without a final report (a restart or reconnect asks about them). */
  unfinished(): Promise<HedgeOrderRow[]> {
    return this.db.selectFrom('hedge_orders').selectAll().where('status', 'in', OPEN_STATUSES).orderBy('id').execute();
  }

  /**
   * Applies a change to an order that has no final report yet, and moves the instrument's position by what the
   * change adds to its filled quantity, in one transaction. Answers the row after the change, or undefined when the
   * order is unknown or already final (a late duplicate report changes nothing).
   */
  async apply(clOrdId: string, change: HedgeOrderChange, at: number): Promise<HedgeOrderRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('hedge_orders')
        .selectAll()
        .where('cl_ord_id', '=', clOrdId)
        .where('status', 'in', OPEN_STATUSES)
        .executeTakeFirst();
      if (!row) return undefined;
      const before = parseQty(row.filled_qty);
      // CumQty never goes back: a report out of order keeps the larger.
      const given = change.filledQty === undefined ? before : parseQty(change.filledQty);
      const filled = given > before ? given : before;
      const next = {
        status: change.status,
        filled_qty: formatQty(filled),
        avg_price: change.avgPrice ?? row.avg_price,
        last_qty: change.lastQty ?? row.last_qty,
        last_price: change.lastPrice ?? row.last_price,
        lp_order_id: change.lpOrderId ?? row.lp_order_id,
        reason: change.reason === undefined ? row.reason : change.reason,
        updated_at: at,
      };
      const r = await trx
        .updateTable('hedge_orders')
        .set(next)
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .where('filled_qty', '=', row.filled_qty)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return undefined;
      const delta = filled - before;
      if (delta !== 0n) {
        await trx
          .insertInto('hedge_positions')
          .values({ instrument_id: row.instrument_id, symbol: row.symbol, qty: '0', updated_at: at })
          .onConflict((oc) => oc.column('instrument_id').doNothing())
          .execute();
        const pos = await trx
          .selectFrom('hedge_positions')
          .select('qty')
          .where('instrument_id', '=', row.instrument_id)
          .executeTakeFirstOrThrow();
        const qty = signedQty(pos.qty) + (row.side === 1 ? delta : -delta);
        await trx
          .updateTable('hedge_positions')
          .set({ qty: formatQty(qty), updated_at: at })
          .where('instrument_id', '=', row.instrument_id)
          .execute();
      }
      return { ...row, ...next };
    });
  }

  /** The house's filled position at the LP per instrument (base units, signed). */
  async positions(): Promise<Map<number, { symbol: string; qty: bigint }>> {
    const rows = await this.db.selectFrom('hedge_positions').selectAll().execute();
    return new Map(rows.map((r) => [Number(r.instrument_id), { symbol: r.symbol, qty: signedQty(r.qty) }]));
  }

  /** The blotter: newest first, optionally one status. */
  page(p: PageRequest & { status?: HedgeStatus | undefined }): Promise<Page<HedgeOrderRow>> {
    let base = this.db.selectFrom('hedge_orders');
    if (p.status) base = base.where('status', '=', p.status);
    return pageOf(base, (q) => q.selectAll().orderBy('id', 'desc'), p);
  }
}
