import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { SESSION_IDLE_RANGE } from '@tradepad/contracts';
import { CONFIG_DEFAULTS as D } from './config-defaults.ts';
import { readFixFeedFile, type FixFeedFile } from './config-fix.ts';
import { readFixHedgeFile, type FixHedgeFile } from './config-hedge.ts';

/**
 * The only place that reads `process.env`. Read and validated once at start; a bad value stops the process with a
 * message naming the variable.
 */
const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), { message: `must start with ${protocols.join(': or ')}:` });

/** Named address ranges proxy-addr (Fastify's trustProxy) understands. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One trusted proxy: an IP address, an address/prefix (CIDR), or one of the named ranges. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY` (DESIGN §10): unset, forwarded headers are ignored and the socket peer is the client; a number is the
 * count of proxy hops in front of the server; otherwise a comma-separated list of proxy addresses, CIDRs or named
 * ranges (loopback, linklocal, uniquelocal) whose X-Forwarded-For is believed.
 */
const trustProxy = z
  .string()
  .trim()
  .refine((v) => /^([1-9]|[12]\d|3[0-2])$/.test(v) || v.split(',').every((e) => isProxyEntry(e.trim())), {
    message: 'must be a hop count (1-32) or comma-separated proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)',
  })
  .optional();

/** Trusts the first `hops` proxies in front of the server, whatever their addresses (as proxy-addr does for a count). */
const hopsTrusted =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/** A count a limit allows in its window (DESIGN §10: every limit is configurable). */
const limit = (d: number) => z.coerce.number().int().min(1).max(1_000_000).default(d);

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(D.PORT),
  HOST: z.string().min(1).default(D.HOST),
  DATA_DIR: z.string().min(1).default(D.DATA_DIR),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  /** PostgreSQL connections this node opens at most (see CONFIG_DEFAULTS). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(1000).default(D.DATABASE_POOL_MAX),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  SMS_URL: url(['http', 'https']).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  FEED: z
    .string()
    .regex(/^(sim|replay:.+|fix:.+)$/, 'must be "sim", "replay:<dir>" or "fix:<file>"')
    .default(D.FEED),
  /** How long an LP session may go without quoting an instrument before the next session quotes it (DESIGN §14). */
  FEED_FAILOVER_MS: z.coerce.number().int().min(100).max(600_000).default(D.FEED_FAILOVER_MS),
  /** How long a higher session must quote an instrument without a gap before it takes it back (10 s; tests shorten it). */
  FEED_FAILBACK_MS: z.coerce.number().int().min(100).max(600_000).default(D.FEED_FAILBACK_MS),
  /** Hedging over FIX 4.4 (DESIGN §14): `fix:<file>`; unset, nothing is hedged. */
  HEDGE: z
    .string()
    .regex(/^fix:.+$/, 'must be "fix:<file>"')
    .optional(),
  NODE_ROLE: z.enum(['all', 'api', 'engine']).default(D.NODE_ROLE),
  /** The PostgreSQL advisory lock the engine-capable nodes of one deployment compete for (issue 19). */
  ENGINE_LOCK_KEY: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 52)
    .default(D.ENGINE_LOCK_KEY),
  /** How long after an API node received a trading command the leader may still start it (issue 19). */
  COMMAND_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(D.COMMAND_DEADLINE_MS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default(D.LOG_LEVEL),
  /** Seeds the run-time setting `session_idle_minutes` on first start (DESIGN §2); the setting wins afterwards. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(SESSION_IDLE_RANGE.min, `must be at least ${SESSION_IDLE_RANGE.min}`)
    .max(SESSION_IDLE_RANGE.max, `must be at most ${SESSION_IDLE_RANGE.max}`)
    .default(D.SESSION_IDLE_MINUTES),
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(D.STAFF_SESSION_IDLE_MINUTES),
  DEMO_START_BALANCE: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in USD such as 100000')
    .default(D.DEMO_START_BALANCE),
  RESTRICTED_REGIONS: z
    .string()
    .regex(/^([A-Z]{2}(,[A-Z]{2})*)?$/, 'must be comma-separated ISO region codes such as KP,CU')
    .default(D.RESTRICTED_REGIONS),
  SIM_SEED: z.coerce.number().int().min(0).max(4_294_967_295).optional(),
  STALE_QUOTE_MS: z.coerce.number().int().positive().default(D.STALE_QUOTE_MS),
  FEED_SILENT_MS: z.coerce.number().int().min(100).max(600_000).default(D.FEED_SILENT_MS),
  HISTORY_DAYS: z.coerce.number().int().min(1).max(90).default(D.HISTORY_DAYS),
  HISTORY_LONG_DAYS: z.coerce.number().int().min(1).max(2000).default(D.HISTORY_LONG_DAYS),
  REPLAY_SPEED: z.coerce.number().positive().max(100_000).default(D.REPLAY_SPEED),
  WEB_DIST: z.string().default(D.WEB_DIST),
  ADMIN_DIST: z.string().default(D.ADMIN_DIST),
  MAIL_FROM: z.string().default(D.MAIL_FROM),
  SMS_FROM: z.string().default(D.SMS_FROM),
  TRUST_PROXY: trustProxy,
  /** Open websockets per client address (on each node); past it an upgrade is answered 429. */
  WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(D.WS_MAX_PER_ADDRESS),
  /** Messages a websocket may send per second on average (bursts of four seconds' worth); past it, told and closed. */
  WS_MAX_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(D.WS_MAX_MESSAGES_PER_SECOND),
  /** With it, `/metrics` answers only requests bearing it; without, only peers on this machine. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** With it, two-factor secrets are stored encrypted (AES-256-GCM) with this key, kept outside the database. */
  TOTP_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal digits (32 bytes)')
    .optional(),
  /** The VAPID subject of web pushes (issue 21): a mailto: or https: address push services may contact. */
  PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
    .default(D.PUSH_SUBJECT),
  /**
   * Accept push subscriptions whose endpoint is an http(s) URL on this machine (DESIGN §13: web push is tested against
   * a local push endpoint). Off unless set, whatever NODE_ENV (DESIGN §2).
   */
  PUSH_ALLOW_LOOPBACK: z.enum(['true', 'false', '1', '0']).optional(),
  /** `production` in the Docker image: what only development and tests need is off unless asked for. */
  NODE_ENV: z.string().optional(),
  /** Days an in-app notice is kept before the hourly sweep deletes it; 0 keeps them for ever. */
  NOTICE_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(D.NOTICE_RETENTION_DAYS),
  LIMIT_LOGIN_PAIR: limit(D.LIMIT_LOGIN_PAIR),
  LIMIT_LOGIN_ACCOUNT: limit(D.LIMIT_LOGIN_ACCOUNT),
  LIMIT_LOGIN_ADDRESS: limit(D.LIMIT_LOGIN_ADDRESS),
  LIMIT_LOGIN_MINUTES: z.coerce.number().int().min(1).max(1440).default(D.LIMIT_LOGIN_MINUTES),
  LIMIT_CODE_SENDS_ADDRESS: limit(D.LIMIT_CODE_SENDS_ADDRESS),
  LIMIT_CODE_SENDS_TARGET: limit(D.LIMIT_CODE_SENDS_TARGET),
  LIMIT_WITHDRAW_CODES_ACCOUNT: limit(D.LIMIT_WITHDRAW_CODES_ACCOUNT),
  LIMIT_CODE_CHECKS_ADDRESS: limit(D.LIMIT_CODE_CHECKS_ADDRESS),
  LIMIT_CODE_CHECKS_ACCOUNT: limit(D.LIMIT_CODE_CHECKS_ACCOUNT),
  LIMIT_DEMO_ADDRESS: limit(D.LIMIT_DEMO_ADDRESS),
  LIMIT_SUPPORT_DEMO_ADDRESS: limit(D.LIMIT_SUPPORT_DEMO_ADDRESS),
  LIMIT_CAPTCHAS_ADDRESS: limit(D.LIMIT_CAPTCHAS_ADDRESS),
});

export type Config = Omit<z.infer<typeof schema>, 'PUSH_ALLOW_LOOPBACK'> & {
  PUSH_ALLOW_LOOPBACK: boolean;
  /** Absolute path of the SQLite file when DATABASE_URL is unset. */
  sqlitePath: string;
  restrictedRegions: ReadonlySet<string>;
  /** Fastify's `trustProxy` from TRUST_PROXY: false (the default), trust of the first n hops, or the trusted proxies. */
  trustProxy: false | ((address: string, hop: number) => boolean) | string[];
  /** The checked feed file when FEED is `fix:<file>` (passwords from FIX_PASSWORD_<NAME> already in). */
  fixFeed: FixFeedFile | undefined;
  /** The checked hedging file when HEDGE is `fix:<file>` (its password from FIX_PASSWORD_<NAME> already in). */
  fixHedge: FixHedgeFile | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<string, string>> = {}): Config {
  const raw: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = overrides[key] ?? env[key];
    raw[key] = value === '' ? undefined : value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  let fixFeed: FixFeedFile | undefined;
  if (c.FEED.startsWith('fix:')) {
    try {
      fixFeed = readFixFeedFile(c.FEED.slice('fix:'.length), { ...env, ...overrides });
    } catch (err) {
      throw new ConfigError(`Invalid configuration:\n  FEED: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  let fixHedge: FixHedgeFile | undefined;
  if (c.HEDGE) {
    try {
      fixHedge = readFixHedgeFile(c.HEDGE.slice('fix:'.length), { ...env, ...overrides });
    } catch (err) {
      throw new ConfigError(`Invalid configuration:\n  HEDGE: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return {
    fixFeed,
    fixHedge,
    ...c,
    // Off unless asked for (DESIGN §2): otherwise any trader could have the server post to ports on this machine.
    PUSH_ALLOW_LOOPBACK: c.PUSH_ALLOW_LOOPBACK === 'true' || c.PUSH_ALLOW_LOOPBACK === '1',
    sqlitePath: path.resolve(c.DATA_DIR, 'tradepad.sqlite'),
    restrictedRegions: new Set(c.RESTRICTED_REGIONS.split(',').filter(Boolean)),
    trustProxy:
      c.TRUST_PROXY === undefined
        ? false
        : /^\d+$/.test(c.TRUST_PROXY)
          ? hopsTrusted(Number(c.TRUST_PROXY))
          : c.TRUST_PROXY.split(',').map((e) => e.trim()),
  };
}
