import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { refuse, TryAgain } from '../../core/errors.ts';
import { keyTickets } from '../../core/idempotency.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/database.ts';
import { openTempDurableSqlite } from '../../db/durable-sqlite.testing.ts';
import { TradeWriter, type GroupOutcome, type JobGroup } from './trade-writer.ts';

describe('TradeWriter', () => {
  const opened: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of opened.splice(0)) await close();
  });

  async function open(fence?: (trx: Tx) => Promise<void>) {
    const { db, close } = openTempDurableSqlite<unknown>('tp-writer-');
    opened.push(close);
    await sql`create table t (v integer not null unique)`.execute(db);
    const writer = new TradeWriter(db as unknown as Db, undefined, { fence });
    const values = async () => (await sql<{ v: number }>`select v from t order by v`.execute(db)).rows.map((r) => r.v);
    return { writer, values };
  }

  const insert = (trx: Tx, v: number) => sql`insert into t (v) values (${v})`.execute(trx);

  it('commits a batch of jobs that check before writing without savepoints; a refusal leaves no trace', async () => {
    const { writer, values } = await open();
    const runs: number[] = [];
    const job = (v: number, refused = false) =>
      writer.run(
        async (trx) => {
          runs.push(v);
          if (refused) throw refuse('err.insufficient_margin');
          await insert(trx, v);
          return v;
        },
        { checksFirst: true },
      );
    const results = await Promise.allSettled([job(1), job(2, true), job(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ key: 'err.insufficient_margin' });
    expect(await values()).toEqual([1, 3]);
    expect(runs).toEqual([1, 2, 3]);
    expect(writer.stats).toEqual({ batches: 1, jobs: 3, retries: 0 });
  });

  it('runs the batch again with a savepoint per job when a job fails after writing: only that job is undone', async () => {
    const { writer, values } = await open();
    const runs: number[] = [];
    const job = (v: number) =>
      writer.run(
        async (trx) => {
          runs.push(v);
          await insert(trx, v);
          // An unexpected error after a write (here a duplicate key): not a refusal.
          if (v === 2) await insert(trx, 1);
          return v;
        },
        { checksFirst: true },
      );
    const results = await Promise.allSettled([job(1), job(2), job(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(await values()).toEqual([1, 3]);
    // First pass stopped at job 2 and was rolled back; the retry ran all three again.
    expect(runs).toEqual([1, 2, 1, 2, 3]);
    expect(writer.stats).toEqual({ batches: 1, jobs: 3, retries: 1 });
  });

  it('undoes a job without checksFirst through its savepoint, whatever it throws', async () => {
    const { writer, values } = await open();
    const job = (v: number, fail: boolean) =>
      writer.run(async (trx) => {
        await insert(trx, v);
        if (fail) throw refuse('err.order_closed');
        return v;
      });
    const results = await Promise.allSettled([job(1, false), job(2, true), job(3, false)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await values()).toEqual([1, 3]);
    expect(writer.stats.retries).toBe(0);
  });

  it('runs the effects of committed jobs once, after the commit and before their promises settle', async () => {
    const { writer } = await open();
    const effects: string[] = [];
    const job = (v: number, opts: { checksFirst?: boolean; failAfterWrite?: boolean; refuse?: boolean } = {}) =>
      writer
        .run(
          async (trx) => {
            await insert(trx, v);
            afterCommit(trx, () => effects.push(`effect ${v}`));
            if (opts.failAfterWrite) await insert(trx, v); // a duplicate key: the batch is run again with savepoints
            if (opts.refuse) throw refuse('err.order_closed');
            return v;
          },
          { checksFirst: opts.checksFirst ?? false },
        )
        .then((r) => effects.push(`resolved ${r}`));
    await Promise.allSettled([
      job(1, { checksFirst: true }),
      job(2, { checksFirst: true, failAfterWrite: true }),
      job(3, { refuse: true }),
      job(4, { checksFirst: true }),
    ]);
    // Job 1 ran twice (the first pass was rolled back) but its effect runs once; 2 and 3 were undone.
    expect(effects).toEqual(['effect 1', 'effect 4', 'resolved 1', 'resolved 4']);
    expect(writer.stats.retries).toBe(1);
  });

  /**
   * A group as the order placement is: refuses odd values before writing anything, writes the others one by one (so a
   * failure in the middle comes after some of the run's writes), and records each call's items.
   */
  function insertsGroup(calls: number[][]): JobGroup<number, number> {
    return {
      async run(trx, items) {
        calls.push([...items]);
        const out: Array<GroupOutcome<number>> = items.map((v) =>
          v % 2 === 1 ? { ok: false, err: refuse('err.insufficient_margin') } : { ok: true, value: v * 10 },
        );
        for (const v of items) {
          if (v % 2 === 1) continue;
          await insert(trx, v);
          afterCommit(trx, () => calls.push([-v]));
          if (v === 66) await insert(trx, v); // an unexpected error (a duplicate key) after the run's first writes
        }
        return out;
      },
    };
  }

  it('runs consecutive items of a group in one call, split by other jobs; a refused item leaves no trace', async () => {
    const { writer, values } = await open();
    const calls: number[][] = [];
    const group = insertsGroup(calls);
    const results = await Promise.allSettled([
      writer.runIn(group, 2),
      writer.runIn(group, 3),
      writer.runIn(group, 4),
      writer.run(async (trx) => {
        await insert(trx, 5);
        return 5;
      }),
      writer.runIn(group, 6),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as { key: string }).key))).toEqual([
      20,
      'err.insufficient_margin',
      40,
      5,
      60,
    ]);
    // Two runs of the group (the plain job between them keeps the arrival order), then the effects after the commit.
    expect(calls).toEqual([[2, 3, 4], [6], [-2], [-4], [-6]]);
    expect(await values()).toEqual([2, 4, 5, 6]);
    expect(writer.stats).toEqual({ batches: 1, jobs: 5, retries: 0 });
  });

  it('runs the batch again with each item of a failed group alone in a savepoint: only the failing item is undone', async () => {
    const { writer, values } = await open();
    const calls: number[][] = [];
    const group = insertsGroup(calls);
    const results = await Promise.allSettled([8, 7, 66, 10].map((v) => writer.runIn(group, v)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ key: 'err.insufficient_margin' });
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(await values()).toEqual([8, 10]);
    // The whole run once (rolled back after 8 and 66 were written), then each item alone; effects of committed items once.
    expect(calls).toEqual([[8, 7, 66, 10], [8], [7], [66], [10], [-8], [-10]]);
    expect(writer.stats).toEqual({ batches: 1, jobs: 4, retries: 1 });
  });

  it('runs a lone item of a group as a lone job: a refusal rejects it with nothing written', async () => {
    const { writer, values } = await open();
    const group = insertsGroup([]);
    await expect(writer.runIn(group, 9)).rejects.toMatchObject({ key: 'err.insufficient_margin' });
    expect(await writer.runIn(group, 12)).toBe(120);
    expect(await values()).toEqual([12]);
  });

  it('fails a lone job with nothing written', async () => {
    const { writer, values } = await open();
    await expect(
      writer.run(
        async (trx) => {
          await insert(trx, 7);
          throw new Error('boom');
        },
        { checksFirst: true },
      ),
    ).rejects.toThrow('boom');
    expect(await values()).toEqual([]);
  });

  it('runs the fence first in every batch: a refused fence writes nothing of the batch (issue 19 fencing)', async () => {
    let fenced = false;
    const seen: number[] = [];
    const { writer, values } = await open(async (trx) => {
      seen.push((await sql<{ n: number }>`select count(*) as n from t`.execute(trx)).rows[0]!.n);
      if (fenced) throw refuse('err.engine_unavailable');
    });
    await Promise.all([writer.run((trx) => insert(trx, 1)), writer.run((trx) => insert(trx, 2))]);
    fenced = true;
    const results = await Promise.allSettled([writer.run((trx) => insert(trx, 3)), writer.run((trx) => insert(trx, 4))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await values()).toEqual([1, 2]);
    // Once per batch transaction, before its jobs.
    expect(seen).toEqual([0, 2]);
  });

  it('stamps the keys of the calls it writes in their transaction, and refuses the jobs whose key was released', async () => {
    const { db, close } = openTempDurableSqlite<unknown>('tp-writer-');
    opened.push(close);
    await sql`create table t (v integer not null unique)`.execute(db);
    const stamped: string[][] = [];
    const writer = new TradeWriter(db as unknown as Db, undefined, {
      stamp: async (_trx, claims) => {
        stamped.push([...claims]);
        return new Set(claims.filter((c) => c === 'released'));
      },
    });
    const job = (v: number, claim?: string) => {
      const run = () => writer.run(async (trx) => (await insert(trx, v), v), { checksFirst: true });
      return claim ? keyTickets.run({ scope: 'user:1', key: claim, claim, lang: 'en', done: 'ok' }, run) : run();
    };
    const results = await Promise.allSettled([job(1, 'kept'), job(2, 'released'), job(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(TryAgain);
    expect(stamped).toEqual([['kept', 'released']]);
    expect((await sql<{ v: number }>`select v from t order by v`.execute(db)).rows.map((r) => r.v)).toEqual([1, 3]);
  });
});
