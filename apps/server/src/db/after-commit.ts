import type { Db, Tx } from './database.ts';

/**
 * Effects that follow the commit (CONVENTIONS §14): code inside a transaction queues what must happen once its writes
 * are durable (in-memory state, pushes), and the code that owns the transaction runs the queue after the commit and
 * drops it on a rollback. A transaction that was not opened through {@link transaction} (or the TradeWriter) has no
 * queue, and queuing on it throws: a write whose effects could be lost is refused rather than silently kept.
 */
export type Effect = () => void;

const queues = new WeakMap<Tx, Effect[]>();

/** Queues `effect` to run after `trx` commits; it never runs if `trx` rolls back. */
export function afterCommit(trx: Tx, effect: Effect): void {
  const queue = queues.get(trx);
  if (!queue) throw new Error('afterCommit: the transaction was not opened through transaction() or the TradeWriter');
  queue.push(effect);
}

/** Opens the queue of a transaction the caller owns; it runs the returned array with {@link runEffects} after the commit. */
export function trackEffects(trx: Tx): Effect[] {
  const queue: Effect[] = [];
  queues.set(trx, queue);
  return queue;
}

/**
 * Runs committed effects in the order they were queued. An effect that throws does not undo the commit nor stop the
 * others; its error is reported as a process warning (effects are in-memory updates that are not expected to fail).
 */
export function runEffects(effects: readonly Effect[]): void {
  for (const effect of effects) {
    try {
      effect();
    } catch (err) {
      process.emitWarning(err instanceof Error ? err : new Error(String(err)), 'AfterCommitEffectFailed');
    }
  }
}

/** `db.transaction().execute(fn)`, then the effects `fn` queued, once the commit has succeeded. */
export async function transaction<T>(db: Db, fn: (trx: Tx) => Promise<T>): Promise<T> {
  let effects: Effect[] = [];
  const result = await db.transaction().execute((trx) => {
    effects = trackEffects(trx);
    return fn(trx);
  });
  runEffects(effects);
  return result;
}
