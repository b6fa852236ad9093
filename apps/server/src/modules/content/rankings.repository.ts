import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** One listed user's closed real orders: how many, how many won, and the sums of profit and margin (micro-units). */
export interface Totals {
  user_id: number;
  n: number;
  wins: number;
  profit: number;
  margin: number;
}

/** The rankings' SQL: aggregates over closed real orders of the users who opted in, and the opt-in itself. */
export class RankingsRepository {
  constructor(private readonly db: Db) {}

  /** Real (never demo) users who opted in to be listed. */
  listedUsers() {
    return this.db.selectFrom('users').select(['id', 'uid']).where('rank_opt_in', '=', 1).where('is_demo', '=', 0).execute();
  }

  async setOptIn(userId: number, optIn: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ rank_opt_in: optIn ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }

  /** Closed real orders per user of the listed users, since `since` (or ever). */
  async totals(since: number | undefined): Promise<Totals[]> {
    let q = this.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .where('o.status', '=', 3)
      .where('o.is_demo', '=', 0)
      .where('u.rank_opt_in', '=', 1);
    if (since !== undefined) q = q.where('o.closed_at', '>=', since);
    const rows = await q
      .select((eb) => [
        'o.user_id',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(sql<number>`case when o.profit > 0 then 1 else 0 end`).as('wins'),
        eb.fn.sum<number>('o.profit').as('profit'),
        eb.fn.sum<number>('o.margin').as('margin'),
      ])
      .groupBy('o.user_id')
      .execute();
    return rows.map((r) => ({
      user_id: Number(r.user_id),
      n: Number(r.n),
      wins: Number(r.wins),
      profit: Number(r.profit),
      margin: Number(r.margin),
    }));
  }

  /** Each listed user's most frequent value of a column over their closed real orders. */
  async mostUsed(column: 'leverage' | 'instrument_id'): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .where('o.status', '=', 3)
      .where('o.is_demo', '=', 0)
      .where('u.rank_opt_in', '=', 1)
      .select((eb) => ['o.user_id', `o.${column} as value`, eb.fn.countAll<number>().as('n')])
      .groupBy(['o.user_id', `o.${column}`])
      .execute();
    const best = new Map<number, { value: number; n: number }>();
    for (const r of rows) {
      const user = Number(r.user_id);
      const n = Number(r.n);
      const current = best.get(user);
      if (!current || n > current.n) best.set(user, { value: Number(r.value), n });
    }
    return new Map([...best].map(([user, b]) => [user, b.value]));
  }
}
