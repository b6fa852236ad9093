import { createHmac, timingSafeEqual } from 'node:crypto';
import { API } from '@tradepad/contracts';

/**
 * Signed, expiring links to uploaded images. An <img> cannot send the session token, so a private image is served
 * to whoever holds a link the server signed a few minutes ago (DESIGN §7); the owner and staff get such links.
 */

/** How long a link lives by default, and the longest a browser may cache what it fetched (ms). */
export const FILE_LINK_TTL_MS = 15 * 60_000;

const SIG_RE = /^[0-9a-f]{64}$/;
const EXPIRES_RE = /^\d{1,15}$/;

/** Hex HMAC-SHA256 of `name:expires` (expires in unix ms). */
export function fileLinkSignature(secret: Buffer, name: string, expires: number): string {
  return createHmac('sha256', secret).update(`${name}:${expires}`).digest('hex');
}

/** `/api/files/<name>?expires=<unix ms>&sig=<hex>`. */
export function signFileLink(secret: Buffer, name: string, expires: number): string {
  return `${API.files}/${name}?expires=${expires}&sig=${fileLinkSignature(secret, name, expires)}`;
}

/**
 * Whether a link's `expires` and `sig` (as they came in the query string) were signed with `secret` for `name`
 * and `now` (unix ms) is still before `expires`. Compares in constant time.
 */
export function isFileLinkValid(secret: Buffer, name: string, expires: unknown, sig: unknown, now: number): boolean {
  if (typeof expires !== 'string' || !EXPIRES_RE.test(expires)) return false;
  if (typeof sig !== 'string' || !SIG_RE.test(sig)) return false;
  const at = Number(expires);
  if (now >= at) return false;
  const expected = Buffer.from(fileLinkSignature(secret, name, at), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
}
