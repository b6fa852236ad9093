import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';

interface Job {
  run: (trx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for the trading engine: every order, fill and settlement is a job run inside a database
 * transaction, and the jobs that arrive while a transaction is being committed share the next one. With durable
 * commits (an fsync each on SQLite) this turns thousands of orders per second into a few hundred commits, while a
 * lone order still commits at once. Each job runs in its own savepoint, so a job that fails (a refusal found inside
 * the transaction, or an error) leaves no trace and the others commit. Jobs run one at a time, in arrival order:
 * the engine is the single writer of orders, so a job always sees the effect of the jobs before it.
 *
 * A job's promise settles only after its transaction commits (or fails): the caller updates its in-memory state
 * after that, never before.
 */
export class TradeWriter {
  private readonly queue: Job[] = [];
  private running: Promise<void> | undefined;
  /** Batches committed and jobs run, for the benchmarks. */
  readonly stats = { batches: 0, jobs: 0 };

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 500,
  ) {}

  run<T>(job: (trx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run: job, resolve: resolve as (v: unknown) => void, reject });
      this.running ??= this.drain().finally(() => (this.running = undefined));
    });
  }

  /** Resolves once every job queued so far has been committed. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Let the jobs queued in this turn of the event loop join the first batch.
    await new Promise((r) => setImmediate(r));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      const outcomes: Array<{ ok: true; value: unknown } | { ok: false; err: unknown }> = [];
      try {
        await this.db.transaction().execute(async (trx) => {
          for (const job of batch) {
            if (batch.length === 1) {
              outcomes.push({ ok: true, value: await job.run(trx) });
              continue;
            }
            await sql`savepoint job`.execute(trx);
            try {
              const value = await job.run(trx);
              await sql`release savepoint job`.execute(trx);
              outcomes.push({ ok: true, value });
            } catch (err) {
              await sql`rollback to savepoint job`.execute(trx);
              await sql`release savepoint job`.execute(trx);
              outcomes.push({ ok: false, err });
            }
          }
        });
      } catch (err) {
        // A lone job failed (its transaction rolled back) or the commit did: nothing of this batch was written.
        for (const job of batch) job.reject(err);
        continue;
      }
      this.stats.batches += 1;
      this.stats.jobs += batch.length;
      batch.forEach((job, i) => {
        const o = outcomes[i]!;
        if (o.ok) job.resolve(o.value);
        else job.reject(o.err);
      });
    }
  }
}
