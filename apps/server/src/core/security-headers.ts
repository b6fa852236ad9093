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
