import { CompiledQuery } from 'kysely';
import { AppError, TryAgain } from '../../core/errors.ts';
import { currentTicket } from '../../core/idempotency.ts';
import type { Timing } from '../../core/metrics.ts';
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

/** What a group decided for one of its items: its value, or a refusal that wrote nothing of that item. */
export type GroupOutcome<R> = { ok: true; value: R } | { ok: false; err: AppError };

/**
 * Jobs of one kind that the writer runs together: a run of consecutive items of the same group in a batch is one
 * call, so the group can write them with a few multi-row statements instead of several statements per item (each a
 * network round trip on PostgreSQL). `run` answers one outcome per item, in order; it decides every refusal before it
 * writes anything of the refused item and writes nothing for it (as a `checksFirst` job), and sees the writes of the
 * batch's earlier jobs. Anything it throws rolls the batch back; the batch then runs again with a savepoint per job,
 * each item of the group alone (`run(trx, [item])`), so only the item that fails again is undone.
 */
export interface JobGroup<I, R> {
  run(trx: Tx, items: readonly I[]): Promise<Array<GroupOutcome<R>>>;
}

interface Job {
  run: (trx: Tx) => Promise<unknown>;
  checksFirst: boolean;
  /** Set for an item of a group (`run` then runs it alone). */
  group?: { of: JobGroup<unknown, unknown>; item: unknown };
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  /** The Idempotency-Key claim of the call that queued it (an engine call's, see core/idempotency.ts KeyTicket). */
  claim: string | undefined;
}

export interface TradeWriterOptions {
  /**
   * Runs first in every batch transaction (issue 19 point 2): the engine leader's fencing check. It throws to abort the
   * whole batch (nothing of it is written) when this node no longer holds the engine's lease.
   */
  fence?: (trx: Tx) => Promise<void>;
  /** Told each committed batch's transaction time in seconds, begin to commit (`tradepad_db_commit_seconds`). */
  commitSeconds?: Timing;
  /**
   * Stamps, in the batch transaction, the Idempotency-Key claims of the calls whose jobs it runs (DESIGN §15); answers
   * the claims whose key was released meanwhile: their jobs are refused ("try again"), nothing of them written.
   */
  stamp?: (trx: Tx, claims: readonly string[]) => Promise<Set<string>>;
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
 * the effect of the jobs before it. Jobs of a `JobGroup` (new orders) queued next to each other run as one call, which
 * writes them with multi-row statements: on PostgreSQL every statement is a network round trip, and a batch of
 * orders then costs a handful of them instead of several per order.
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
    return this.enqueue({ run: job, checksFirst: opts.checksFirst === true });
  }

  /**
   * Queues `item` for `group` (see JobGroup): it runs with the items of the same group queued next to it, in one call,
   * and settles as a job of its own would.
   */
  runIn<I, R>(group: JobGroup<I, R>, item: I): Promise<R> {
    const alone = async (trx: Tx) => {
      const [outcome] = await group.run(trx, [item]);
      if (!outcome) throw new Error('a job group answered no outcome');
      if (!outcome.ok) throw outcome.err;
      return outcome.value;
    };
    return this.enqueue({ run: alone, checksFirst: true, group: { of: group as JobGroup<unknown, unknown>, item } });
  }

  private enqueue<T>(job: Pick<Job, 'run' | 'checksFirst' | 'group'>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const claim = currentTicket()?.claim;
      this.queue.push({ ...job, resolve: resolve as (v: unknown) => void, reject, claim });
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
    const began = performance.now();
    await this.db.transaction().execute(async (trx) => {
      effects = trackEffects(trx);
      if (this.opts.fence) await this.opts.fence(trx);
      const claims = batch.flatMap((j) => (j.claim ? [j.claim] : []));
      const gone = claims.length > 0 && this.opts.stamp ? await this.opts.stamp(trx, claims) : undefined;
      const refused = (j: Job | undefined) => gone !== undefined && j?.claim !== undefined && gone.has(j.claim);
      for (let i = 0; i < batch.length; i++) {
        const job = batch[i]!;
        const mark = effects.length;
        if (refused(job)) {
          outcomes.push({ ok: false, err: new TryAgain('no') });
          continue;
        }
        if (batch.length === 1) {
          outcomes.push({ ok: true, value: await job.run(trx) });
          continue;
        }
        const group = job.group?.of;
        if (group && !safe) {
          // The run of consecutive items of this group, in one call.
          let end = i + 1;
          while (end < batch.length && batch[end]!.group?.of === group && !refused(batch[end])) end++;
          const items = batch.slice(i, end).map((j) => j.group!.item);
          let decided: Array<GroupOutcome<unknown>>;
          try {
            decided = await group.run(trx, items);
          } catch (err) {
            throw new RetryWithSavepoints('a job group failed', { cause: err });
          }
          if (decided.length !== items.length) throw new Error('a job group answered the wrong number of outcomes');
          outcomes.push(...decided);
          i = end - 1;
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
    // Committed batches only: one rolled back (and retried) is timed by its retry.
    this.opts.commitSeconds?.observe((performance.now() - began) / 1000);
    return { outcomes, effects };
  }
}
