import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { runPeriodically } from './periodic.ts';
import {
  CODE_OK,
  CODE_REFUSED,
  IDEMPOTENCY_IGNORED_PARAMS,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_WINDOW_MS,
  type Envelope,
  type Lang,
} from '@tradepad/contracts';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.ts';
import type { MessageKey } from '../i18n/messages.en.ts';
import { translate } from '../i18n/translate.ts';
import type { Clock } from '../ports/clock.ts';
import { AppError, refuse, refuseWith, RESEND } from './errors.ts';

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
 *   Except an engine call's key (DESIGN §15, "idempotency across failover"), which is settled instead: see
 *   {@link KeyTicket} and `settle`.
 * - Keys are kept 24 h (IDEMPOTENCY_WINDOW_MS): older rows are swept hourly, and an expired key is a new one.
 */

/** A stored key: the fingerprint of the request that claimed it and, once it finished, its answer (JSON text). */
export interface IdempotencyRecord {
  fingerprint: string;
  response: string | null;
  created_at: number;
  claim: string | null;
  settle_at: number | null;
  engine_ran: number | null;
}

/** Where keys are kept: the database, so they survive a restart and hold across nodes. */
export interface IdempotencyStore {
  /**
   * Claims `key` in `scope` with a pending row, atomically (INSERT … ON CONFLICT DO NOTHING on the unique pair). True
   * when this caller claimed it.
   */
  claim(row: {
    scope: string;
    key: string;
    fingerprint: string;
    call: string;
    now: number;
    claim: string;
    settleAt: number | null;
  }): Promise<boolean>;
  find(scope: string, key: string): Promise<IdempotencyRecord | undefined>;
  /** Stores the answer of a claimed key, if still pending under this claim. */
  complete(scope: string, key: string, claim: string, response: string, now: number): Promise<void>;
  /** Removes a pending key under this claim whose call failed unexpectedly, so a retry runs again. */
  release(scope: string, key: string, claim: string): Promise<void>;
  /**
   * Removes a pending key under this claim only if the engine never stamped it (`engine_ran` null): true when removed,
   * which proves its call's effect never committed and never will (the stamp would find no row).
   */
  releaseUnrun(claim: string): Promise<boolean>;
  /**
   * The engine writer's stamp, inside its transaction: sets `engine_ran` on these claims' keys; answers the claims whose
   * key is gone (released), whose effect must then not be written.
   */
  stamp(trx: Tx, claims: readonly string[], now: number): Promise<Set<string>>;
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

export type Claim = { kind: 'claimed'; claim: string } | { kind: 'replay'; response: string };

/**
 * An engine call's key as it travels with its command (DESIGN §15, idempotency across failover). The router opens it
 * around an idempotent call's handler ({@link keyTickets}); `EngineCommands` forwards it with the command, and the
 * leader runs the command inside it again; the engine's `TradeWriter` takes it from there and stamps the key's row
 * (`engine_ran`, by its `claim`) in the very transaction that writes the call's effect. Hence:
 *
 * - stamped ⇒ the effect committed: the key is never released; its answer is stored by whoever has it (the leader as
 *   it answers, the caller's router), and past the settling time a stamped key without an answer is answered "check
 *   your orders" (stored, so replayed): never a second order;
 * - not stamped ⇒ the effect did not commit. A conditional delete (`releaseUnrun`) then settles the race with the
 *   writer on the row itself: after the delete the stamp finds no row and the writer refuses the job (nothing
 *   written, "try again"), so the key is released and a retry runs once. Clocks and deadlines need not agree for this
 *   to hold; they only decide when a key is settled: by its caller when the answer did not come back within the
 *   deadline plus its grace, or by anyone once `settle_at` (claim + deadline + 5 s) passed, if the caller died.
 */
export interface KeyTicket {
  scope: string;
  key: string;
  /** The claim's identity: the stamp, the answer and a release apply to this claim only. */
  claim: string;
  /** The caller's language and its success message, so the leader can store the answer the caller would. */
  lang: Lang;
  done: MessageKey;
  /** Set once the call answered: a job queued later from its context (a timer made during it) is not its effect. */
  over?: boolean;
}

/** The key ticket of the call being handled, if it is an engine call's (async context, see KeyTicket). */
export const keyTickets = new AsyncLocalStorage<KeyTicket>();

/** The current call's ticket, while the call is not over. */
export function currentTicket(): KeyTicket | undefined {
  const t = keyTickets.getStore();
  return t && !t.over ? t : undefined;
}

/** A key's stored answer, found while settling: the router sends it as is (as a replay). */
export class StoredAnswer extends Error {
  constructor(readonly response: string) {
    super('stored answer');
    this.name = 'StoredAnswer';
  }
}

/** How long a stamped key waits for its answer past the caller's wait before it is answered "check your orders". */
const ANSWER_GRACE_MS = 3_000;

export class Idempotency {
  private stopSweeping: (() => void) | undefined;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly clock: Clock,
    /** How long a repeat waits for the first request's answer before it is refused as "in progress". */
    private readonly waitMs = 10_000,
    /** An engine call's key may be settled by anyone this long after its claim (COMMAND_DEADLINE_MS + 5 s). */
    private readonly engineSettleMs = 7_000,
  ) {}

  /**
   * Claims the key, or returns the answer to replay; refuses a key reused with other parameters or still running.
   * `engine`: the call runs on the engine (its key is settled, never left pending; see KeyTicket).
   */
  async begin(scope: string, key: string, fingerprint: string, call: string, engine = false): Promise<Claim> {
    // Real time, not the clock port: a test's hand-moved clock must not make a waiter wait forever.
    const deadline = performance.now() + this.waitMs;
    let pause = 5;
    for (;;) {
      const now = this.clock.now();
      const claim = randomUUID();
      const settleAt = engine ? Date.now() + this.engineSettleMs : null;
      if (await this.store.claim({ scope, key, fingerprint, call, now, claim, settleAt })) return { kind: 'claimed', claim };
      const row = await this.store.find(scope, key);
      if (row && row.created_at < expiredBefore(now)) {
        // A key past its window (not swept yet) is a new key: its old row goes, and the claim is raced again.
        await this.store.expire(scope, key, expiredBefore(now));
        continue;
      }
      if (row && row.fingerprint !== fingerprint) throw refuse('err.idempotency_key_reused');
      if (row?.response != null) return { kind: 'replay', response: row.response };
      // An engine call's key past its settling time, its caller gone: released if its effect never committed (then
      // claimed again here), else answered "check your orders".
      if (row?.claim && row.settle_at !== null && Date.now() >= row.settle_at) {
        if (await this.store.releaseUnrun(row.claim)) continue;
        if (row.engine_ran !== null && Date.now() >= row.settle_at + ANSWER_GRACE_MS)
          await this.store.complete(scope, key, row.claim, unconfirmed(), this.clock.now());
      }
      // Pending (or released by a failed first call between the two statements: claim again).
      if (performance.now() >= deadline) throw refuseWith('err.idempotency_in_progress', RESEND);
      if (row) {
        await sleep(pause);
        pause = Math.min(pause * 2, 100);
      }
    }
  }

  /** Stores the answer of a claimed key (a success or a refusal envelope), to be replayed as is. */
  finish(scope: string, key: string, claim: string, answer: Envelope<unknown>): Promise<void> {
    return this.store.complete(scope, key, claim, JSON.stringify(answer), this.clock.now());
  }

  /** The call failed unexpectedly: forget the key, so a retry runs again. */
  abandon(scope: string, key: string, claim: string): Promise<void> {
    return this.store.release(scope, key, claim);
  }

  /**
   * The engine leader's answer to a forwarded call, stored by the leader itself (its reply may never reach the caller):
   * the value as the caller's success envelope, or a refusal (code 0) in the caller's language.
   */
  remember(t: KeyTicket, outcome: { value: unknown } | { refusal: AppError }): Promise<void> {
    if ('value' in outcome)
      return this.finish(t.scope, t.key, t.claim, { code: CODE_OK, msg: translate(t.lang, t.done), data: outcome.value });
    const err = outcome.refusal;
    // As the router: only a refusal (code 0) is the call's answer; anything else leaves the key to its caller.
    if (err.code !== CODE_REFUSED) return Promise.resolve();
    return this.finish(t.scope, t.key, t.claim, { code: err.code, msg: translate(t.lang, err.key, err.params), data: err.data });
  }

  /**
   * Settles an engine call whose answer did not come back (the caller waited its deadline plus grace): `released`
   * when its effect never committed (the key is gone, a retry runs once: "try again"); else the answer the leader
   * stored (thrown as {@link StoredAnswer}), waited for a few seconds; else it ran and its answer is lost: "check your
   * orders" is stored and thrown. Never leaves the key pending.
   */
  async settle(t: KeyTicket): Promise<'released'> {
    if (await this.store.releaseUnrun(t.claim)) return 'released';
    const until = performance.now() + ANSWER_GRACE_MS;
    for (;;) {
      const row = await this.store.find(t.scope, t.key);
      if (row?.claim !== t.claim) throw new StoredAnswer(unconfirmed(t.lang));
      if (row.response != null) throw new StoredAnswer(row.response);
      if (performance.now() >= until) {
        const answer = unconfirmed(t.lang);
        await this.store.complete(t.scope, t.key, t.claim, answer, this.clock.now());
        const stored = await this.store.find(t.scope, t.key);
        throw new StoredAnswer(stored?.claim === t.claim && stored.response != null ? stored.response : answer);
      }
      await sleep(100);
    }
  }

  /** The engine writer's stamp of the keys of the calls whose effect this transaction writes (see KeyTicket). */
  stamp(trx: Tx, claims: readonly string[]): Promise<Set<string>> {
    return this.store.stamp(trx, claims, this.clock.now());
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

/** "Check your orders": the answer of an engine call that ran but whose answer was lost (never run again). */
function unconfirmed(lang: Lang = 'en'): string {
  const err = new AppError('err.engine_unconfirmed');
  return JSON.stringify({ code: err.code, msg: translate(lang, err.key, err.params), data: err.data });
}
