import { CODE_REFUSED, CODE_SESSION_EXPIRED } from '@tradepad/contracts';
import type { MessageKey } from '../i18n/messages.en.ts';
import type { Actor } from './access.ts';
import type { MessageParams } from '../i18n/translate.ts';

/**
 * A refusal the user should read: a message key translated by the one error handler into the request's language,
 * answered as `{code, msg, data: null}` with HTTP 200 (DESIGN §3).
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly code: number = CODE_REFUSED,
    /** The refusal's `data` (null unless the client must act on it, e.g. `{"totp_required": true}`). */
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const refuse = (key: MessageKey, params?: MessageParams): AppError => new AppError(key, params);

/** A refusal (code 0) whose `data` tells the client what to do next, such as `{"totp_required": true}`. */
export const refuseWith = (key: MessageKey, data: unknown): AppError => new AppError(key, {}, CODE_REFUSED, data);

/**
 * A staff attempt refused for the caller's role or by a rule of the action (issue 29 point 6, DESIGN §16 "Insiders"):
 * answered like any refusal, and audited by the router as `<object>.<verb>.denied` outside the refused transaction,
 * so the attempt leaves a row even though nothing changed. `actor` is given where the router does not know the caller
 * yet (the guard's role check).
 */
export class Denied extends AppError {
  constructor(
    key: MessageKey,
    params: MessageParams = {},
    readonly actor?: Actor,
  ) {
    super(key, params);
    this.name = 'Denied';
  }
}

/** Refuses a staff attempt and has it audited as denied (see {@link Denied}). */
export const deny = (key: MessageKey, params?: MessageParams, actor?: Actor): Denied => new Denied(key, params, actor);

export const sessionExpired = (): AppError => new AppError('err.session_expired', {}, CODE_SESSION_EXPIRED);

/**
 * What a refusal's `data` says when the same request, with the same Idempotency-Key, may be sent again: nothing was
 * done and the key was not kept (or its first call still runs). Every other refusal is the key's answer for good: the
 * same key replays it, so a client reads this flag, never the message's words ("try again in a moment" is also the
 * text of a stored refusal, such as no current price).
 */
export const RESEND = { retry: true } as const;

/**
 * A trading command the engine leader did not answer (issue 19 point 3): no leader reachable, a failover under way, or
 * the command's deadline passed. `executed` says what is known: 'no' (refused before the engine ran it, e.g. no
 * channel to the leader, or the leader dropped it past its deadline): a retry with the same Idempotency-Key runs
 * again, and the answer says so ({@link RESEND}); 'unknown' (the answer did not come back in time): the key stays
 * pending, so a retry can never make a second order.
 */
export class TryAgain extends AppError {
  constructor(readonly executed: 'no' | 'unknown') {
    super(
      executed === 'no' ? 'err.engine_unavailable' : 'err.engine_unconfirmed',
      {},
      CODE_REFUSED,
      executed === 'no' ? RESEND : null,
    );
    this.name = 'TryAgain';
  }
}
