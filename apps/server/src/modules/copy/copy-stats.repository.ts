import { sql, type RawBuilder } from 'kysely';
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

/** Strategies per statement: keeps every `in (…)` list well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

const num = (v: unknown): number => Number(v ?? 0);
const owner = (userId: number) => `user:${userId}`;

/** What the statistics need of a strategy: whose record, and since when. */
export interface StrategyRef {
  id: number;
  provider_id: number;
  created_at: number;
}

/** A provider's balance movement: one journal entry's net effect on the record (micros). */
export interface Movement {
  type: string;
  at: number;
  amount: number;
}

/** Closed orders of a provider since its strategy opened, and those of them inside the recent window. */
export interface ClosedTotals {
  n: number;
  wins: number;
  profit: number;
  recent: { n: number; wins: number; profit: number };
}

/** Splits `items` into runs of at most CHUNK and merges what `read` answers for each into one map. */
async function chunked<T, K, V>(items: readonly T[], read: (part: T[]) => Promise<Array<[K, V]>>): Promise<Map<K, V>> {
  const out = new Map<K, V>();
  for (let i = 0; i < items.length; i += CHUNK) for (const [k, v] of await read(items.slice(i, i + CHUNK))) out.set(k, v);
  return out;
}

/**
 * The statistics' SQL: the providers' balance movements and closed orders (the engine's records), and what follows
 * them. Every read takes a batch of strategies and answers per strategy id, in a fixed number of statements whatever
 * the batch's size (a page of the console, the whole public list), never one statement per strategy.
 */
export class CopyStatsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Per strategy: its provider's balance before the strategy opened (`opening`), and every movement of it since
   * (type, time, signed amount), oldest first.
   */
  async movements(strategies: readonly StrategyRef[]): Promise<Map<number, { opening: number; rows: Movement[] }>> {
    return chunked(strategies, async (part) => {
      const ids = part.map((s) => s.id);
      const base = () =>
        this.db
          .selectFrom('copy_strategies as s')
          .innerJoin('ledger_accounts as a', 'a.user_id', 's.provider_id')
          .innerJoin('postings as p', 'p.account_id', 'a.id')
          .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
          .where('s.id', 'in', ids)
          // The owner names the index; user_id ties each account to its strategy.
          .where(
            'a.owner',
            'in',
            part.map((s) => owner(s.provider_id)),
          )
          .where('a.kind', 'in', RECORD_KINDS);
      const [before, rows] = await Promise.all([
        base()
          .select(['s.id as strategy_id', (eb) => eb.fn.sum<number>('p.amount').as('amount')])
          .whereRef('e.created_at', '<', 's.created_at')
          .groupBy('s.id')
          .execute(),
        base()
          .select([
            's.id as strategy_id',
            'e.id as entry_id',
            'e.type',
            'e.created_at',
            (eb) => eb.fn.sum<number>('p.amount').as('amount'),
          ])
          .whereRef('e.created_at', '>=', 's.created_at')
          .groupBy(['s.id', 'e.id', 'e.type', 'e.created_at'])
          .orderBy('e.id')
          .execute(),
      ]);
      const out = new Map(part.map((s) => [s.id, { opening: 0, rows: [] as Movement[] }]));
      for (const b of before) out.get(num(b.strategy_id))!.opening = num(b.amount);
      for (const r of rows)
        out.get(num(r.strategy_id))!.rows.push({ type: r.type, at: num(r.created_at), amount: num(r.amount) });
      return [...out];
    });
  }

  /**
   * Per strategy: its provider's own orders closed since the strategy opened (how many, how many won, their P/L in
   * micros), and the same for those closed from `recentFrom` (unix ms) on.
   */
  async closed(strategies: readonly StrategyRef[], recentFrom: number): Promise<Map<number, ClosedTotals>> {
    const recent = (v: RawBuilder<number>) =>
      sql<number>`case when ${sql.ref('o.closed_at')} >= ${recentFrom} then ${v} else 0 end`;
    const found = await chunked(strategies, async (part) => {
      const rows = await this.db
        .selectFrom('copy_strategies as s')
        .innerJoin('orders as o', 'o.user_id', 's.provider_id')
        .select((eb) => [
          's.id as strategy_id',
          eb.fn.countAll<number>().as('n'),
          eb.fn.sum<number>(sql<number>`case when ${sql.ref('o.profit')} > 0 then 1 else 0 end`).as('wins'),
          eb.fn.sum<number>('o.profit').as('profit'),
          eb.fn.sum<number>(recent(sql<number>`1`)).as('recent_n'),
          eb.fn.sum<number>(recent(sql<number>`case when ${sql.ref('o.profit')} > 0 then 1 else 0 end`)).as('recent_wins'),
          eb.fn.sum<number>(recent(sql<number>`${sql.ref('o.profit')}`)).as('recent_profit'),
        ])
        .where(
          's.id',
          'in',
          part.map((s) => s.id),
        )
        .where('o.status', '=', 3)
        .whereRef('o.closed_at', '>=', 's.created_at')
        .groupBy('s.id')
        .execute();
      return rows.map((r): [number, ClosedTotals] => [
        num(r.strategy_id),
        {
          n: num(r.n),
          wins: num(r.wins),
          profit: num(r.profit),
          recent: { n: num(r.recent_n), wins: num(r.recent_wins), profit: num(r.recent_profit) },
        },
      ]);
    });
    const none = { n: 0, wins: 0, profit: 0, recent: { n: 0, wins: 0, profit: 0 } };
    return new Map(strategies.map((s) => [s.id, found.get(s.id) ?? none]));
  }

  /** Per strategy: cash, margin, swaps and credit of its provider and of the copy accounts following it now (micros). */
  async equity(strategies: readonly StrategyRef[]): Promise<Map<number, number>> {
    return chunked(strategies, async (part) => {
      const follows = await this.db
        .selectFrom('copy_follows')
        .select(['strategy_id', 'account_user_id'])
        .where(
          'strategy_id',
          'in',
          part.map((s) => s.id),
        )
        .where('status', '=', FOLLOWING)
        .execute();
      const holders = new Map<number, number>(part.map((s) => [s.provider_id, s.id]));
      for (const f of follows) holders.set(num(f.account_user_id), num(f.strategy_id));
      const balances = await chunked([...holders.keys()], async (users) => {
        const rows = await this.db
          .selectFrom('ledger_accounts')
          .select(['user_id', (eb) => eb.fn.sum<number>('balance').as('balance')])
          .where('owner', 'in', users.map(owner))
          .where('kind', 'in', [...RECORD_KINDS, 'credit'])
          .groupBy('user_id')
          .execute();
        return rows.map((r): [number, number] => [num(r.user_id), num(r.balance)]);
      });
      const sums = new Map(part.map((s) => [s.id, 0]));
      for (const [user, strategy] of holders) sums.set(strategy, sums.get(strategy)! + (balances.get(user) ?? 0));
      return [...sums];
    });
  }

  /**
   * Per strategy: the leverage and the instrument its provider's closed orders use most (the rank list's `multiple`
   * and `code`; a tie goes to the lower value, so the answer never depends on the database's order).
   */
  async mostUsed(strategies: readonly StrategyRef[]): Promise<Map<number, { leverage: number; instrumentId: number }>> {
    const top = (column: 'leverage' | 'instrument_id') =>
      chunked(strategies, async (part) => {
        const rows = await this.db
          .selectFrom('copy_strategies as s')
          .innerJoin('orders as o', 'o.user_id', 's.provider_id')
          .select(['s.id as strategy_id', `o.${column} as value`, (eb) => eb.fn.countAll<number>().as('n')])
          .where(
            's.id',
            'in',
            part.map((s) => s.id),
          )
          .where('o.status', '=', 3)
          .groupBy(['s.id', `o.${column}`])
          .execute();
        const best = new Map<number, { value: number; n: number }>();
        for (const r of rows) {
          const [id, value, n] = [num(r.strategy_id), num(r.value), num(r.n)];
          const kept = best.get(id);
          if (!kept || n > kept.n || (n === kept.n && value < kept.value)) best.set(id, { value, n });
        }
        return [...best].map(([id, b]): [number, number] => [id, b.value]);
      });
    const [leverage, instrument] = await Promise.all([top('leverage'), top('instrument_id')]);
    return new Map(strategies.map((s) => [s.id, { leverage: leverage.get(s.id) ?? 0, instrumentId: instrument.get(s.id) ?? 0 }]));
  }
}
