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

/**
 * A random version-4 UUID. `crypto.randomUUID` needs a secure context, so a page served over plain http (a broker's
 * test host) gets the same layout from `getRandomValues`.
 */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A new Idempotency-Key: one per user action (a tap, a click on a decision), the same for every retry of it. */
export const newIdempotencyKey = (): string => randomUuid();
