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
    /** What the refusal carries for the client to act on (`{captcha_required: true}`); null for most. */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const refuse = (key: MessageKey, params?: MessageParams): AppError => new AppError(key, params);

export const sessionExpired = (): AppError => new AppError('err.session_expired', {}, CODE_SESSION_EXPIRED);
