import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (19 MiB, 2 passes), as DESIGN §7 asks. */
const ARGON2 = { algorithm: 2 as Algorithm /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of a password nobody has, to spend the same time on unknown accounts as on known ones. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A session token: 256 random bits, URL-safe. Only its sha256 is stored. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** A 6-digit verification code, uniformly drawn. */
export const newVerificationCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Random text from an alphabet without look-alike characters (no 0/O, 1/I/L). */
export function randomCode(length: number, alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(0, alphabet.length)];
  return out;
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
