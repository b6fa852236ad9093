import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { sha256 } from '../../core/security.ts';

/**
 * Pure helpers of two-factor sign-in (TOTP, RFC 6238: SHA-1, 30-s steps, 6 digits; DESIGN §10). No database and no
 * clock of their own: the time comes in as unix milliseconds.
 */

export const STEP_SECONDS = 30;
/** Wrong codes evaluated per factor in a window; past it nothing is compared until the window ends. */
export const TOTP_MAX_TRIES = 5;
export const TOTP_WINDOW_MS = 15 * 60_000;

/** A new base32 secret of 160 bits (RFC 4226's recommended length). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// link an authenticator app reads from the QR code. */
export const otpauthUrl = (issuer: string, label: string, secret: string): string =>
  generateURI({ issuer, label, secret, algorithm: 'sha1', digits: 6, period: STEP_SECONDS });

/** Whether a typed code is an authenticator code (6 digits) rather than a recovery code. */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * The time step a 6-digit code belongs to, when it matches `secret` at `nowMs` give or take one step (clock drift
 * between the phone and the server); undefined when it matches none. Replay is the caller's to refuse.
 */
export async function matchingStep(secret: string, code: string, nowMs: number): Promise<number | undefined> {
  if (!isTotpCode(code)) return undefined;
  const r = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: STEP_SECONDS,
    period: STEP_SECONDS,
    digits: 6,
    algorithm: 'sha1',
  });
  return r.valid && 'timeStep' in r ? r.timeStep : undefined;
}

const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `n` recovery codes as shown to the user: `XXXXX-XXXXX` (about 49 bits each), without look-alike characters. */
export function newRecoveryCodes(n: number): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: n }, () => {
    const c = one();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** The stored form of a recovery code: case, spaces and the dash do not matter. */
export const recoveryCodeHash = (code: string): string => sha256(`totp-recovery|${code.replace(/[\s-]/g, '').toUpperCase()}`);

const SEALED = 'v1:';

/**
 * The stored form of a secret: with `key` (TOTP_KEY), AES-256-GCM bound to its owner (`aad`, e.g. `user:12`), as
 * `v1:<base64 of iv, tag, ciphertext>`; without, the secret as it is.
 */
export function sealSecret(secret: string, aad: string, key: Buffer | undefined): string {
  if (!key) return secret;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The secret of a stored form (`sealSecret`'s); throws when it is sealed and the key is missing or another. */
export function openSecret(stored: string, aad: string, key: Buffer | undefined): string {
  if (!stored.startsWith(SEALED)) return stored;
  if (!key) throw new Error('a two-factor secret is encrypted but TOTP_KEY is not set');
  const raw = Buffer.from(stored.slice(SEALED.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
