import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { STORED_EVENTS } from '../trading/copy-records.ts';

/**
 * A follower's list of copies, closes, skips and stop changes (Orders › Copying). Only skips and stop changes are
 * stored as copy_events rows (STORED_EVENTS); a copy's fill, its partial closes and its close are read from the copy
 * account's own orders (issue 34 point 6: a thousand-follower fan-out then writes no event row per copy, and no page of
 * the events' index per follow). Rows of the other kinds written before that remain in copy_events and are not read.
 */

/** One event as the list shows it, with its instrument. */
export interface CopyEventRow {
  /** Unique within a follow's list: `e<copy_events id>`, `f<order id>` (a fill), `c<order id>` (a close or partial). */
  key: string;
  event: string;
  provider_order_id: number;
  order_id: number;
  /** The provider's price, points (a stop change: the stop-loss). */
  price: number;
  lots: number;
  reason: string;
  created_at: number;
  code: string | null;
  precision: number | null;
}

/** What an event is read from in a copy's order row (orders of a copy account; a partial close is a row of its own). */
export interface CopyOrderFacts {
  id: number;
  /** The position a partial close was taken from; 0 for the copy itself. */
  parent_id: number;
  copy_of: number;
  /** 3 once closed. */
  status: number;
  lots: number;
  open_price: number;
  close_price: number;
  opened_at: number;
  closed_at: number;
  code: string | null;
  precision: number | null;
}

const CLOSED = 3;

/**
 * The events a copy account's orders tell: each copy's fill (its size at the open: what is left plus the parts closed
 * since), each partial close, and each close. The parts of a copy must be among `rows` when the copy is (they are
 * written after it, so a window of the newest rows that holds a copy holds its parts).
 */
export function orderEvents<T extends CopyOrderFacts>(rows: readonly T[]): Array<CopyEventRow & { row: T }> {
  const parted = new Map<number, number>();
  for (const r of rows) if (r.parent_id > 0) parted.set(r.parent_id, (parted.get(r.parent_id) ?? 0) + r.lots);
  const out: Array<CopyEventRow & { row: T }> = [];
  for (const r of rows) {
    const at = { provider_order_id: r.copy_of, order_id: r.id, reason: '', code: r.code, precision: r.precision, row: r };
    if (r.parent_id > 0) {
      out.push({ ...at, key: `c${r.id}`, event: 'partial', price: r.close_price, lots: r.lots, created_at: r.closed_at });
      continue;
    }
    const opened = r.lots + (parted.get(r.id) ?? 0);
    out.push({ ...at, key: `f${r.id}`, event: 'fill', price: r.open_price, lots: opened, created_at: r.opened_at });
    if (r.status === CLOSED)
      out.push({ ...at, key: `c${r.id}`, event: 'close', price: r.close_price, lots: r.lots, created_at: r.closed_at });
  }
  return out;
}

/** Newest first; at one moment, a close before its fill and a stored event after the orders' (the order written). */
export function newestFirst(a: CopyEventRow, b: CopyEventRow): number {
  if (a.created_at !== b.created_at) return b.created_at - a.created_at;
  const rank = (e: CopyEventRow) => (e.key[0] === 'e' ? 0 : e.key[0] === 'c' ? 1 : 2);
  return rank(a) - rank(b) || b.order_id - a.order_id || b.key.localeCompare(a.key);
}

const n = (v: unknown): number => Number(v ?? 0);

/**
 * Reads the recent events of follows (at most `per` each, newest first), by follow id: two statements for any number
 * of follows (each ranks its rows per follow or per copy account with `row_number()`), not two per follow.
 */
export class CopyEventsReader {
  constructor(private readonly db: Db) {}

  async recent(follows: ReadonlyArray<{ id: number; account_user_id: number }>, per = 20): Promise<Map<number, CopyEventRow[]>> {
    const out = new Map<number, CopyEventRow[]>(follows.map((f) => [f.id, []]));
    if (follows.length === 0) return out;
    const [stored, orders] = await Promise.all([
      this.stored(
        follows.map((f) => f.id),
        per,
      ),
      this.orders(
        follows.map((f) => f.account_user_id),
        per,
      ),
    ]);
    for (const { follow_id, ...e } of stored) out.get(follow_id)?.push(e);
    const byAccount = new Map<number, CopyOrderFacts[]>();
    for (const o of orders) {
      const list = byAccount.get(o.user_id);
      if (list) list.push(o);
      else byAccount.set(o.user_id, [o]);
    }
    for (const f of follows)
      for (const { row: _row, ...e } of orderEvents(byAccount.get(f.account_user_id) ?? [])) out.get(f.id)!.push(e);
    for (const [id, list] of out) out.set(id, list.sort(newestFirst).slice(0, per));
    return out;
  }

  /** The newest `per` stored events of each follow. */
  private async stored(followIds: readonly number[], per: number): Promise<Array<CopyEventRow & { follow_id: number }>> {
    const ranked = this.db
      .selectFrom('copy_events as e')
      .select(['e.id', 'e.follow_id', 'e.provider_order_id', 'e.order_id', 'e.event', 'e.price', 'e.lots', 'e.reason'])
      .select(['e.created_at', sql<number>`row_number() over (partition by e.follow_id order by e.id desc)`.as('rank')])
      .where('e.follow_id', 'in', [...followIds])
      .where('e.event', 'in', [...STORED_EVENTS]);
    const rows = await this.db
      .selectFrom(ranked.as('e'))
      .leftJoin('orders as o', 'o.id', 'e.provider_order_id')
      .leftJoin('instruments as i', 'i.id', 'o.instrument_id')
      .selectAll('e')
      .select(['i.show_code as code', 'i.precision'])
      .where('e.rank', '<=', per)
      .execute();
    return rows.map((r) => ({
      key: `e${r.id}`,
      follow_id: n(r.follow_id),
      event: r.event,
      provider_order_id: n(r.provider_order_id),
      order_id: n(r.order_id),
      price: n(r.price),
      lots: n(r.lots),
      reason: r.reason,
      created_at: n(r.created_at),
      code: r.code,
      precision: r.precision === null ? null : n(r.precision),
    }));
  }

  /** The newest `per` orders of each copy account (each copy and each part closed of it). */
  private async orders(accountUserIds: readonly number[], per: number): Promise<Array<CopyOrderFacts & { user_id: number }>> {
    const ranked = this.db
      .selectFrom('orders as o')
      .select(['o.id', 'o.user_id', 'o.instrument_id', 'o.parent_id', 'o.copy_of', 'o.status', 'o.lots', 'o.open_price'])
      .select(['o.close_price', 'o.opened_at', 'o.closed_at'])
      .select(sql<number>`row_number() over (partition by o.user_id order by o.id desc)`.as('rank'))
      .where('o.user_id', 'in', [...accountUserIds]);
    const rows = await this.db
      .selectFrom(ranked.as('o'))
      .leftJoin('instruments as i', 'i.id', 'o.instrument_id')
      .selectAll('o')
      .select(['i.show_code as code', 'i.precision'])
      .where('o.rank', '<=', per)
      .execute();
    return rows.map((r) => ({
      id: n(r.id),
      user_id: n(r.user_id),
      parent_id: n(r.parent_id),
      copy_of: n(r.copy_of),
      status: n(r.status),
      lots: n(r.lots),
      open_price: n(r.open_price),
      close_price: n(r.close_price),
      opened_at: n(r.opened_at),
      closed_at: n(r.closed_at),
      code: r.code,
      precision: r.precision === null ? null : n(r.precision),
    }));
  }
}
