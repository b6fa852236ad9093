import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { DAY_MS } from '../../core/time.ts';

/** Journal entry types of staff balance adjustments (`balanceAdjusted` in `ledger-entries.ts`: `adjust_<kind>`). */
export const ADJUSTMENT_ENTRY_TYPES: readonly string[] = ['adjust_correction', 'adjust_bonus', 'adjust_compensation'];

/** The house accounts the report reads, each as it is named in the ledger (DESIGN §6). */
const HOUSE_KINDS = ['deposits', 'withdrawals', 'fees', 'trading', 'writeoffs'] as const;
type HouseKind = (typeof HOUSE_KINDS)[number];

/** One UTC day's sums of postings, in micros, as the ledger holds them (house-side signs). */
export interface DaySums {
  /** Days since the epoch (UTC). */
  day: number;
  house: Partial<Record<HouseKind, bigint>>;
  /** Sum of real users' cash postings in adjustment entries (credits positive). */
  adjustments: bigint;
}

const big = (v: unknown): bigint => BigInt(typeof v === 'number' ? Math.trunc(v) : String(v ?? 0));

/** The reports' SQL: sums of ledger postings per UTC day over the house accounts and the adjustments. */
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  /** Sums per day for `[fromMs, toMs)`; days without movements are left out. */
  async daySums(fromMs: number, toMs: number): Promise<DaySums[]> {
    // A literal: a bound number is a float in SQLite, and the division must be the integer one.
    const day = sql<number>`e.created_at / ${sql.lit(DAY_MS)}`;
    const house = await this.db
      .selectFrom('postings as p')
      .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select([day.as('day'), 'a.kind as kind', (eb) => eb.fn.sum<number | string>('p.amount').as('total')])
      .where('a.owner', '=', 'house')
      .where('a.kind', 'in', HOUSE_KINDS)
      .where('e.created_at', '>=', fromMs)
      .where('e.created_at', '<', toMs)
      .groupBy([day, 'a.kind'])
      .execute();
    const adjustments =
      ADJUSTMENT_ENTRY_TYPES.length === 0
        ? []
        : await this.db
            .selectFrom('postings as p')
            .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
            .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
            .innerJoin('users as u', 'u.id', 'a.user_id')
            .select([day.as('day'), (eb) => eb.fn.sum<number | string>('p.amount').as('total')])
            .where('e.type', 'in', ADJUSTMENT_ENTRY_TYPES)
            .where('a.kind', '=', 'cash')
            .where('u.is_demo', '=', 0)
            .where('e.created_at', '>=', fromMs)
            .where('e.created_at', '<', toMs)
            .groupBy(day)
            .execute();
    const byDay = new Map<number, DaySums>();
    const at = (d: number) => {
      let s = byDay.get(d);
      if (!s) byDay.set(d, (s = { day: d, house: {}, adjustments: 0n }));
      return s;
    };
    for (const r of house) at(Number(r.day)).house[r.kind as HouseKind] = big(r.total);
    for (const r of adjustments) at(Number(r.day)).adjustments = big(r.total);
    return [...byDay.values()].sort((a, b) => a.day - b.day);
  }
}
