import fs from 'node:fs';
import { z } from 'zod';

/**
 * The FIX files of DESIGN §14, read and checked at start with the rest of the configuration: `FEED=fix:<file>` (and
 * `HEDGE=fix:<file>`, whose `session` has the same shape). A bad file stops the server with a message naming the
 * field. A session's password may instead come from `FIX_PASSWORD_<NAME>` (its name in upper case, `-` as `_`),
 * which wins over the file.
 */
export const fixSessionSchema = z
  .object({
    name: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1-32 letters, digits, _ or -'),
    host: z.string().min(1),
    port: z.number().int().min(1).max(65_535),
    senderCompId: z.string().min(1),
    targetCompId: z.string().min(1),
    username: z.string().min(1).optional(),
    password: z.string().min(1).optional(),
    heartbeatSeconds: z.number().int().min(1).max(300).default(30),
    resetSeqNumOnLogon: z.boolean().default(true),
    tls: z.boolean().default(false),
  })
  .strict();

export type FixSessionEntry = z.infer<typeof fixSessionSchema>;

export const fixFeedFileSchema = z
  .object({
    /** In priority order: the first logged-on session quoting an instrument quotes it. */
    sessions: z
      .array(fixSessionSchema)
      .min(1)
      .refine((s) => new Set(s.map((e) => e.name)).size === s.length, 'session names must be unique'),
    /** Our instrument code → the LP's symbol. */
    symbols: z.record(z.string().regex(/^[A-Za-z0-9._-]{1,20}$/, 'must be an instrument code'), z.string().min(1)),
  })
  .strict();

export type FixFeedFile = z.infer<typeof fixFeedFileSchema>;

/** The environment variable that may hold a session's password. */
export function passwordVariable(sessionName: string): string {
  return `FIX_PASSWORD_${sessionName.toUpperCase().replace(/-/g, '_')}`;
}

/**
 * Reads and checks a feed file; throws an Error naming the file and the first bad fields (`sessions.0.port: …`).
 * `env` supplies the FIX_PASSWORD_<NAME> secrets.
 */
export function readFixFeedFile(file: string, env: Readonly<Record<string, string | undefined>>): FixFeedFile {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`FEED file ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = fixFeedFileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new Error(`FEED file ${file}: ${lines.join('; ')}`);
  }
  return {
    ...parsed.data,
    sessions: parsed.data.sessions.map((s) => {
      const secret = env[passwordVariable(s.name)];
      return secret ? { ...s, password: secret } : s;
    }),
  };
}
