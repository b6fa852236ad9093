import fs from 'node:fs';
import { z } from 'zod';
import { fixSessionSchema, passwordVariable } from './config-fix.ts';

/**
 * The hedging file of DESIGN §14 (`HEDGE=fix:<file>`), read and checked at start with the rest of the configuration:
 * one FIX session (the feed's session shape), our instrument codes mapped to the LP's symbols, and the account sent as
 * tag 1 when given. A bad file stops the server with a message naming the field; the session's password may come
 * from `FIX_PASSWORD_<NAME>` instead, which wins over the file.
 */
export const fixHedgeFileSchema = z
  .object({
    session: fixSessionSchema,
    /** Our instrument code → the LP's symbol (tag 55). An instrument not mapped here is never hedged. */
    symbols: z.record(z.string().regex(/^[A-Za-z0-9._-]{1,20}$/, 'must be an instrument code'), z.string().min(1).max(64)),
    /** Tag 1 of every order, when the LP wants one. */
    account: z.string().min(1).max(64).optional(),
  })
  .strict();

export type FixHedgeFile = z.infer<typeof fixHedgeFileSchema>;

/**
 * Reads and checks a hedging file; throws an Error naming the file and the first bad fields (`session.port: …`).
 * `env` supplies the FIX_PASSWORD_<NAME> secret.
 */
export function readFixHedgeFile(file: string, env: Readonly<Record<string, string | undefined>>): FixHedgeFile {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`HEDGE file ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = fixHedgeFileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new Error(`HEDGE file ${file}: ${lines.join('; ')}`);
  }
  const secret = env[passwordVariable(parsed.data.session.name)];
  return secret ? { ...parsed.data, session: { ...parsed.data.session, password: secret } } : parsed.data;
}
