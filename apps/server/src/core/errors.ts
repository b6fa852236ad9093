import { CODE_REFUSED, CODE_SESSION_EXPIRED } from '@tradepad/contracts';
import type { MessageKey } from '../i18n/messages.en.ts';
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

export const sessionExpired = (): AppError => new AppError('err.session_expired', {}, CODE_SESSION_EXPIRED);
