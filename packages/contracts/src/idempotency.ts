/**
 * Idempotency of the calls that create or move something (DESIGN §10; `idempotent` in a call's contract). The client
 * sends one key per user action in this header; a repeat of the key with the same parameters within the window
 * replays the first answer, with other parameters it is refused.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 1–255 visible ASCII characters (no spaces or control characters): a UUID fits, so does any opaque token. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** How long the first answer to a key is kept and replayed. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The parameter left out of the comparison of two requests: a cache-buster timestamp the app adds to GETs. */
export const IDEMPOTENCY_IGNORED_PARAMS: readonly string[] = ['t'];
