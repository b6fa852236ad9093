import { CompiledQuery } from 'kysely';
import { AppError } from '../../core/errors.ts';
import { runEffects, trackEffects, type Effect } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/database.ts';

export interface JobOptions {
  /**
   * The job makes every check that can refuse it before its first write, and refuses only by throwing an AppError
   * (`refuse`): a refusal then leaves nothing to undo, so the job runs without a savepoint of its own (a savepoint and
   * its release are two statements per job). Any other error from such a job may come after a write: the whole batch
   * is rolled back and run again with a savepoint per job.
   */
  checksFirst?: boolean;
}

interface Job {
  run: (trx: Tx) => Promise<unknown>;
  checksFirst: boolean;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export interface TradeWriterOptions {
  /**
   * Runs first in every batch transaction (issue 19 point 2): the engine leader's fencing check. It throws to abort the
   * whole batch (nothing of it is written) when this node no longer holds the engine's lease.
   */
  fence?: (trx: Tx) => Promise<void>;
}

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

/** Thrown inside the batch transaction to roll it back when a job without a savepoint failed after writing. */
class RetryWithSavepoints extends Error {}

// Written once: Kysely would build and compile each of them per job.
const SAVEPOINT = CompiledQuery.raw('savepoint job');
const RELEASE = CompiledQuery.raw('release savepoint job');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint job');

/**
 * Group commit for the trading engine: every order, fill and settlement is a job run inside a database
 * transaction, and the jobs that arrive while a transaction is being committed share the next one. With durable
 * commits (an fsync each on SQLite) this turns thousands of orders per second into a few hundred commits, while a
 * lone order still commits at once. Each job runs in its own savepoint (or, with `checksFirst`, refuses before writing
 * anything), so a job that fails (a refusal found inside the transaction, or an error) leaves no trace and the others
 * commit. Jobs run one at a time, in arrival order: the engine is the single writer of orders, so a job always sees
 * the effect of the jobs before it.
 *
 * A job's promise settles only after its transaction commits (or fails): the caller updates its in-memory state
 * after that, never before. The effects a job queued with `afterCommit` (the ledger's movement reports) run after the
 * commit, just before the jobs' promises settle; those of a job undone by its savepoint, or of a batch rolled back,
 * never run. A job may run more than once (a batch retried after an unexpected error), so it must
 * change nothing outside the transaction but its own locals, and reset those when it starts.
 */
export class TradeWriter {
  private readonly queue: Job[] = [];
  private running: Promise<void> | undefined;
  /** Batches committed, jobs run and batches run again with savepoints, for the benchmarks and tests. */
  readonly stats = { batches: 0, jobs: 0, retries: 0 };

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 500,
    private readonly opts: TradeWriterOptions = {},
  ) {}

  run<T>(job: (trx: Tx) => Promise<T>, opts: JobOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run: job, checksFirst: opts.checksFirst === true, resolve: resolve as (v: unknown) => void, reject });
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
      let outcomes: Outcome[];
      let effects: Effect[];
      try {
        try {
          ({ outcomes, effects } = await this.commit(batch, false));
        } catch (err) {
          if (!(err instanceof RetryWithSavepoints)) throw err;
          this.stats.retries += 1;
          ({ outcomes, effects } = await this.commit(batch, true));
        }
      } catch (err) {
        // A lone job failed (its transaction rolled back) or the commit did: nothing of this batch was written.
        for (const job of batch) job.reject(err);
        continue;
      }
      this.stats.batches += 1;
      this.stats.jobs += batch.length;
      runEffects(effects);
      batch.forEach((job, i) => {
        const o = outcomes[i]!;
        if (o.ok) job.resolve(o.value);
        else job.reject(o.err);
      });
    }
  }

  /** Runs a batch in one transaction; `safe` gives every job a savepoint (the retry after an unexpected error). */
  private async commit(batch: readonly Job[], safe: boolean): Promise<{ outcomes: Outcome[]; effects: Effect[] }> {
    const outcomes: Outcome[] = [];
    let effects: Effect[] = [];
    await this.db.transaction().execute(async (trx) => {
      effects = trackEffects(trx);
      if (this.opts.fence) await this.opts.fence(trx);
      for (const job of batch) {
        const mark = effects.length;
        if (batch.length === 1) {
          outcomes.push({ ok: true, value: await job.run(trx) });
          continue;
        }
        if (job.checksFirst && !safe) {
          try {
            outcomes.push({ ok: true, value: await job.run(trx) });
          } catch (err) {
            // A refusal comes before any write: nothing to undo. Anything else may have written part of the job.
            if (!(err instanceof AppError)) throw new RetryWithSavepoints('a job failed after writing', { cause: err });
            effects.length = mark;
            outcomes.push({ ok: false, err });
          }
          continue;
        }
        await trx.executeQuery(SAVEPOINT);
        try {
          const value = await job.run(trx);
          await trx.executeQuery(RELEASE);
          outcomes.push({ ok: true, value });
        } catch (err) {
          await trx.executeQuery(ROLLBACK_TO);
          await trx.executeQuery(RELEASE);
          // Undone with its savepoint: its effects go too.
          effects.length = mark;
          outcomes.push({ ok: false, err });
        }
      }
    });
    return { outcomes, effects };
  }
}
