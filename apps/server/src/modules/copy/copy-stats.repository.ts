import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { FOLLOWING } from './copy.repository.ts';

/**
 * Ledger entry types that move a balance without being trading performance: money in and out, staff adjustments,
 * demo funding, and copy trading's own transfers and fees (a provider's fees earned are income, not returns).
 */
export const FLOW_ENTRY_TYPES = [
  'deposit',
  'withdraw_lock',
  'withdraw_release',
  'withdraw_paid',
  'adjust_correction',
  'adjust_bonus',
  'adjust_compensation',
  'credit',
  'demo_funding',
  'demo_reset',
  'copy_funded',
  'copy_returned',
  'performance_fee',
  'management_fee',
] as const;

/** The balance a strategy's record is drawn from: cash, margin held and swaps accrued (MT5's balance with swaps). */
const RECORD_KINDS = ['cash', 'margin', 'swap'] as const;

const num = (v: unknown): number => Number(v ?? 0);

/** The statistics' SQL: a provider's balance movements and closed orders (the engine's records), and what follows them. */
export class CopyStatsRepository {
  constructor(private readonly db: Db) {}

  /** The provider's balance before `since`, and every movement of it from `since` on (type, time, signed amount). */
  async movements(providerId: number, since: number) {
    const owner = `user:${providerId}`;
    const [before, rows] = await Promise.all([
      this.db
        .selectFrom('postings as p')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
        .select((eb) => eb.fn.sum<number>('p.amount').as('amount'))
        .where('a.owner', '=', owner)
        .where('a.kind', 'in', RECORD_KINDS)
        .where('e.created_at', '<', since)
        .executeTakeFirst(),
      this.db
        .selectFrom('postings as p')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
        .select(['e.type', 'e.created_at', (eb) => eb.fn.sum<number>('p.amount').as('amount')])
        .where('a.owner', '=', owner)
        .where('a.kind', 'in', RECORD_KINDS)
        .where('e.created_at', '>=', since)
        .groupBy(['e.id', 'e.type', 'e.created_at'])
        .execute(),
    ]);
    return {
      opening: num(before?.amount),
      rows: rows.map((r) => ({ type: r.type, at: num(r.created_at), amount: num(r.amount) })),
    };
  }

  /** The provider's own closed orders since `since`: how many, how many won, their P/L (micros). */
  async closed(providerId: number, since: number): Promise<{ n: number; wins: number; profit: number }> {
    const r = await this.db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(sql<number>`case when profit > 0 then 1 else 0 end`).as('wins'),
        eb.fn.sum<number>('profit').as('profit'),
      ])
      .where('user_id', '=', providerId)
      .where('status', '=', 3)
      .where('closed_at', '>=', since)
      .executeTakeFirst();
    return { n: num(r?.n), wins: num(r?.wins), profit: num(r?.profit) };
  }

  /** Cash, margin, swaps and credit of the provider and of the copy accounts following the strategy now (micros). */
  async equity(strategyId: number, providerId: number): Promise<number> {
    const owners = await this.db
      .selectFrom('copy_follows')
      .select('account_user_id')
      .where('strategy_id', '=', strategyId)
      .where('status', '=', FOLLOWING)
      .execute();
    const list = [providerId, ...owners.map((o) => Number(o.account_user_id))].map((u) => `user:${u}`);
    const r = await this.db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.sum<number>('balance').as('balance'))
      .where('owner', 'in', list)
      .where('kind', 'in', [...RECORD_KINDS, 'credit'])
      .executeTakeFirst();
    return num(r?.balance);
  }

  /** The leverage and instrument each provider uses most (the rank list's `multiple` and `code`). */
  async mostUsed(providerId: number): Promise<{ leverage: number; instrumentId: number }> {
    const top = async (column: 'leverage' | 'instrument_id') => {
      const r = await this.db
        .selectFrom('orders')
        .select([column, (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', providerId)
        .where('status', '=', 3)
        .groupBy(column)
        .orderBy('n', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r ? num((r as Record<string, unknown>)[column]) : 0;
    };
    const [leverage, instrumentId] = await Promise.all([top('leverage'), top('instrument_id')]);
    return { leverage, instrumentId };
  }
}
