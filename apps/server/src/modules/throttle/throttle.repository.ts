import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The limits' counters (table `rate_counters`): the SQL of the throttle module. */
export class ThrottleRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one event for `key` and answers the count in the same statement, so however many requests arrive at once
   * (on one node or many) each sees its own number. A window starts at its first event and lasts `windowMs`; the event
   * that brings the count to `lockAt` (0: never) moves the window's end to `lockUntil` instead.
   */
  async hit(
    key: string,
    now: number,
    windowMs: number,
    lockAt: number,
    lockUntil: number,
  ): Promise<{ count: number; expiresAt: number }> {
    const fresh = lockAt === 1 ? lockUntil : now + windowMs;
    const at = sql`cast(${now} as bigint)`;
    const r = await sql<{ count: number | string; expires_at: number | string }>`
      insert into rate_counters (key, count, window_start, expires_at)
      values (${key}, 1, ${at}, cast(${fresh} as bigint))
      on conflict (key) do update set
        count = case when rate_counters.expires_at <= ${at} then 1 else rate_counters.count + 1 end,
        window_start = case when rate_counters.expires_at <= ${at} then ${at} else rate_counters.window_start end,
        expires_at = case
          when rate_counters.expires_at <= ${at} then cast(${fresh} as bigint)
          when rate_counters.count + 1 = cast(${lockAt} as integer) then cast(${lockUntil} as bigint)
          else rate_counters.expires_at end
      returning count, expires_at`.execute(this.db);
    const row = r.rows[0]!;
    return { count: Number(row.count), expiresAt: Number(row.expires_at) };
  }

  /** The live count of `key` (0 when it has none or its window is over). */
  async peek(key: string, now: number): Promise<{ count: number; expiresAt: number }> {
    const row = await this.db
      .selectFrom('rate_counters')
      .select(['count', 'expires_at'])
      .where('key', '=', key)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row ? { count: Number(row.count), expiresAt: Number(row.expires_at) } : { count: 0, expiresAt: now };
  }

  /** Uncounts one event of each live `key` (one that turned out not to be what the limit counts). */
  async giveBack(keys: string[], now: number): Promise<void> {
    if (!keys.length) return;
    await this.db
      .updateTable('rate_counters')
      .set({ count: sql`count - 1` })
      .where('key', 'in', keys)
      .where('count', '>', 0)
      .where('expires_at', '>', now)
      .execute();
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length) await this.db.deleteFrom('rate_counters').where('key', 'in', keys).execute();
  }

  /** Removes counters whose window is over; returns how many. */
  async sweep(now: number): Promise<number> {
    const r = await this.db.deleteFrom('rate_counters').where('expires_at', '<=', now).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
