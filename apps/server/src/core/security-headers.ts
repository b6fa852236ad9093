import { createHash } from 'node:crypto';
import fs from 'node:fs';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet would set, computed once. @fastify/helmet builds a new helmet middleware (re-parsing
 * every CSP directive) on each request, which cost ~35 µs per call; our headers are static (no nonces), so they are
 * captured at start from helmet itself and set as a plain header map.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of the given HTML files, so those scripts, and only they, may
 * run under `script-src 'self'`. Files that do not exist are skipped (a server started without a built front end).
 */
export function inlineScriptHashes(files: readonly string[]): string[] {
  const hashes = new Set<string>();
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g))
      hashes.add(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  }
  return [...hashes];
}
