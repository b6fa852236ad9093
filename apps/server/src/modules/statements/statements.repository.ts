import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A closed order as the statement lists it (money in micros, prices in points, lots in 10⁻⁴ lots). */
export interface StatementTradeRow {
  id: number;
  parent_id: number;
  code: string;
  precision: number;
  side: number;
  lots: number;
  open_price: number;
  close_price: number;
  opened_at: number;
  closed_at: number;
  profit: bigint;
  fee: bigint;
  swap: bigint;
  /** The account type's commission charged on the row (DESIGN §16). */
  commission: bigint;
}

/** A journal entry that moved the cash outside trading; `amount` signed as the user's money moved, `fee` withdrawal fees. */
export interface StatementFundsRow {
  id: number;
  type: string;
  ref_id: string;
  memo_key: string;
  created_at: number;
  amount: bigint;
  fee: bigint;
}

/**
 * The ledger entry types a statement lists beside trades: deposits credited, withdrawals paid out (a request only
 * holds the amount; a rejection gives it back), staff adjustments, negative balance write-offs and demo funding.
 */
export const FUNDS_ENTRY_TYPES = [
  'deposit',
  'withdraw_paid',
  'adjust_correction',
  'adjust_bonus',
  'adjust_compensation',
  'credit',
  'writeoff',
  'demo_funding',
  'demo_reset',
  // Copy trading (issue 34): into and back from a copy account, and the fees (paid by the follower, earned by the provider).
  'copy_funded',
  'copy_returned',
  'performance_fee',
  'management_fee',
] as const;

/** Copy fees: the follower's entries (their copy account pays), shown to the provider too (their cash earns). */
const COPY_FEE_TYPES = ['performance_fee', 'management_fee'] as const;

const big = (v: unknown): bigint => BigInt(typeof v === 'number' ? Math.trunc(v) : String(v ?? 0));

/** The statement's SQL: a user's closed orders and non-trading cash movements in `[start, end)` (unix ms). */
export class StatementsRepository {
  constructor(private readonly db: Db) {}

  /** Closed orders by close time, oldest first; at most `limit`. */
  async trades(userId: number, start: number, end: number, limit: number): Promise<StatementTradeRow[]> {
    const rows = await this.db
      .selectFrom('orders as o')
      .innerJoin('instruments as i', 'i.id', 'o.instrument_id')
      .select([
        'o.id',
        'o.parent_id',
        'i.show_code as code',
        'i.precision',
        'o.side',
        'o.lots',
        'o.open_price',
        'o.close_price',
        'o.opened_at',
        'o.closed_at',
        'o.profit',
        'o.fee',
        'o.swap',
        'o.commission',
      ])
      .where('o.user_id', '=', userId)
      .where('o.status', '=', 3)
      .where('o.closed_at', '>=', start)
      .where('o.closed_at', '<', end)
      .orderBy('o.closed_at')
      .orderBy('o.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      parent_id: Number(r.parent_id),
      code: r.code,
      precision: Number(r.precision),
      side: Number(r.side),
      lots: Number(r.lots),
      open_price: Number(r.open_price),
      close_price: Number(r.close_price),
      opened_at: Number(r.opened_at),
      closed_at: Number(r.closed_at),
      profit: big(r.profit),
      fee: big(r.fee),
      swap: big(r.swap),
      commission: big(r.commission),
    }));
  }

  /**
   * Deposits, paid withdrawals and adjustments, oldest first; at most `limit`. The amount is the user's side of the
   * entry (cash, or for a withdrawal paid the locked amount leaving, or for a bonus the credit), the fee the house's fee posting.
   */
  async funds(userId: number, start: number, end: number, limit: number): Promise<StatementFundsRow[]> {
    const owner = `user:${userId}`;
    // The entries are found through the postings of the user's accounts and of their copy accounts' cash (a fee paid
    // leaves there): journal entries have no index by user (migration 040).
    const copyOwners = (
      await this.db.selectFrom('copy_follows').select('account_user_id').where('follower_id', '=', userId).execute()
    ).map((f) => `user:${f.account_user_id}`);
    const rows = await this.db
      .selectFrom('journal_entries as e')
      .innerJoin('postings as p', 'p.entry_id', 'e.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['e.id', 'e.type', 'e.ref_id', 'e.memo_key', 'e.created_at'])
      .select(
        sql<
          string | number
        >`sum(case when a.owner = ${owner} and a.kind in ('cash', 'locked', 'credit') then p.amount else 0 end)`.as('amount'),
      )
      .select(sql<string | number>`sum(case when a.owner = 'house' and a.kind = 'fees' then p.amount else 0 end)`.as('fee'))
      // A copy fee the user paid leaves their copy account (another user's row), not their own cash.
      .select(
        sql<string | number>`sum(case when e.user_id = ${userId} and e.type in ('performance_fee', 'management_fee')
          and a.owner <> ${owner} and a.owner <> 'house' and p.amount < 0 then p.amount else 0 end)`.as('paid'),
      )
      .where((eb) =>
        eb.or([
          eb('e.user_id', '=', userId),
          eb.and([
            eb('e.type', 'in', COPY_FEE_TYPES),
            eb.exists(
              eb
                .selectFrom('postings as q')
                .innerJoin('ledger_accounts as b', 'b.id', 'q.account_id')
                .select('q.id')
                .whereRef('q.entry_id', '=', 'e.id')
                .where('b.owner', '=', owner)
                .where('b.kind', '=', 'cash'),
            ),
          ]),
        ]),
      )
      .where('e.id', 'in', (eb) =>
        eb
          .selectFrom('postings as t')
          .innerJoin('ledger_accounts as c', 'c.id', 't.account_id')
          .select('t.entry_id')
          .where((w) =>
            w.or([
              w('c.owner', '=', owner),
              ...(copyOwners.length === 0 ? [] : [w.and([w('c.owner', 'in', copyOwners), w('c.kind', '=', 'cash')])]),
            ]),
          ),
      )
      .where('e.type', 'in', FUNDS_ENTRY_TYPES)
      .where('e.created_at', '>=', start)
      .where('e.created_at', '<', end)
      .groupBy(['e.id', 'e.type', 'e.ref_id', 'e.memo_key', 'e.created_at'])
      .orderBy('e.created_at')
      .orderBy('e.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      type: r.type,
      ref_id: r.ref_id,
      memo_key: r.memo_key,
      created_at: Number(r.created_at),
      amount: big(r.amount) + big(r.paid),
      fee: big(r.fee),
    }));
  }
}
