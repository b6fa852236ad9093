import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { runPeriodically } from './periodic.ts';
import { IDEMPOTENCY_IGNORED_PARAMS, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_WINDOW_MS, type Envelope } from '@tradepad/contracts';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../ports/clock.ts';
import { refuse } from './errors.ts';

/**
 * Idempotency of the calls that create or move something (DESIGN §10; the `idempotent` flag of a call's contract,
 * applied by the router in one place). How it works:
 *
 * - The key is claimed atomically before the handler runs: one INSERT of a pending row under a unique
 *   (scope, key) constraint. Exactly one of any number of concurrent requests with the same key wins and runs the
 *   handler; the database decides, so it holds across nodes, and it survives a restart.
 * - The others WAIT for the winner's answer (polling the row, up to `waitMs`) and replay it, so a double tap or an
 *   automatic retry that overtakes the first request still gets the real answer (same ids) instead of an error. Past
 *   `waitMs` they are refused with `err.idempotency_in_progress` ("still being processed"), never executed.
 * - A repeat with other parameters (another call, another `:id`, other fields; `t` aside) is refused with
 *   `err.idempotency_key_reused`, whether the first is done or still running.
 * - What is stored and replayed: success answers, and refusals (code 0). A refusal is the answer to that user action
 *   (insufficient balance, market closed, already reviewed): replaying it means a retry of the same action can never
 *   turn into an order or a withdrawal later, under conditions the user did not see when they tapped; a new tap
 *   (a new key) is evaluated afresh. Unexpected errors (500), and a session that ends mid-call (999), are NOT stored:
 *   the pending row is removed, so a retry with the same key runs again and can succeed.
 * - A pending row whose process died mid-call is not taken over (the handler may have committed before the crash,
 *   and running it again could make a second order): the key answers "still being processed" until it expires.
 * - Keys are kept 24 h (IDEMPOTENCY_WINDOW_MS): older rows are swept hourly, and an expired key is a new one.
 */

/** A stored key: the fingerprint of the request that claimed it and, once it finished, its answer (JSON text). */
export interface IdempotencyRecord {
  fingerprint: string;
  response: string | null;
  created_at: number;
}

/** Where keys are kept: the database, so they survive a restart and hold across nodes. */
export interface IdempotencyStore {
  /**
   * Claims `key` in `scope` with a pending row, atomically (INSERT … ON CONFLICT DO NOTHING on the unique pair). True
   * when this caller claimed it.
   */
  claim(row: { scope: string; key: string; fingerprint: string; call: string; now: number }): Promise<boolean>;
  find(scope: string, key: string): Promise<IdempotencyRecord | undefined>;
  /** Stores the answer of a claimed key. */
  complete(scope: string, key: string, response: string, now: number): Promise<void>;
  /** Removes a claimed key whose call failed unexpectedly, so a retry runs again. */
  release(scope: string, key: string): Promise<void>;
  /** Removes the pair's row if it was created before `before` (a key past its window). */
  expire(scope: string, key: string, before: number): Promise<void>;
  /** Removes rows created before `before`; returns how many. */
  sweep(before: number): Promise<number>;
}

/** The key of a request to an idempotent call: undefined without the header; a malformed one is refused. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) throw refuse('err.idempotency_key_invalid');
  return raw;
}

/**
 * What makes two requests "the same" for a key: the call, its `:id`, and the parameters as sent (query and body
 * merged, as the router parses them), with `t` (a cache-buster) left out. Keys are compared in sorted order and
 * scalars as text, so a form post and a JSON post of the same values match. Only the hash is stored (parameters may
 * hold codes or addresses).
 */
export function requestFingerprint(call: string, id: number, query: unknown, body: unknown): string {
  const merged: Record<string, unknown> = { ...asRecord(query), ...asRecord(body) };
  for (const ignored of IDEMPOTENCY_IGNORED_PARAMS) delete merged[ignored];
  return createHash('sha256')
    .update(JSON.stringify([call, id, canonical(merged)]))
    .digest('hex');
}

function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** A value with object keys sorted and scalars as strings (undefined left out, null kept). */
function canonical(v: unknown): unknown {
  if (v === null) return null;
  if (Array.isArray(v)) return v.map(canonical);
  if (typeof v === 'object') {
    const out: Array<[string, unknown]> = [];
    for (const k of Object.keys(v as object).sort()) {
      const inner = (v as Record<string, unknown>)[k];
      if (inner !== undefined) out.push([k, canonical(inner)]);
    }
    return out;
  }
  return String(v);
}

/** A key is kept for 24 h from its first request: rows created before this are past their window. */
const expiredBefore = (now: number) => now - IDEMPOTENCY_WINDOW_MS + 1;

export type Claim = { kind: 'claimed' } | { kind: 'replay'; response: string };

export class Idempotency {
  private stopSweeping: (() => void) | undefined;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly clock: Clock,
    /** How long a repeat waits for the first request's answer before it is refused as "in progress". */
    private readonly waitMs = 10_000,
  ) {}

  /** Claims the key, or returns the answer to replay; refuses a key reused with other parameters or still running. */
  async begin(scope: string, key: string, fingerprint: string, call: string): Promise<Claim> {
    // Real time, not the clock port: a test's hand-moved clock must not make a waiter wait forever.
    const deadline = performance.now() + this.waitMs;
    let pause = 5;
    for (;;) {
      const now = this.clock.now();
      if (await this.store.claim({ scope, key, fingerprint, call, now })) return { kind: 'claimed' };
      const row = await this.store.find(scope, key);
      if (row && row.created_at < expiredBefore(now)) {
        // A key past its window (not swept yet) is a new key: its old row goes, and the claim is raced again.
        await this.store.expire(scope, key, expiredBefore(now));
        continue;
      }
      if (row && row.fingerprint !== fingerprint) throw refuse('err.idempotency_key_reused');
      if (row?.response != null) return { kind: 'replay', response: row.response };
      // Pending (or released by a failed first call between the two statements: claim again).
      if (performance.now() >= deadline) throw refuse('err.idempotency_in_progress');
      if (row) {
        await sleep(pause);
        pause = Math.min(pause * 2, 100);
      }
    }
  }

  /** Stores the answer of a claimed key (a success or a refusal envelope), to be replayed as is. */
  finish(scope: string, key: string, answer: Envelope<unknown>): Promise<void> {
    return this.store.complete(scope, key, JSON.stringify(answer), this.clock.now());
  }

  /** The call failed unexpectedly: forget the key, so a retry runs again. */
  abandon(scope: string, key: string): Promise<void> {
    return this.store.release(scope, key);
  }

  /** Removes keys past the window. */
  sweep(): Promise<number> {
    return this.store.sweep(expiredBefore(this.clock.now()));
  }

  /** Sweeps now, then every `everyMs` (hourly by default) until `stop`. */
  start(onError: (err: unknown) => void, everyMs = 60 * 60 * 1000): void {
    this.stopSweeping = runPeriodically(() => this.sweep(), everyMs, onError);
  }

  stop(): void {
    this.stopSweeping?.();
    this.stopSweeping = undefined;
  }
}
