/** Defaults of every configuration variable (DESIGN §2 table, then our own additions). */
export const CONFIG_DEFAULTS = {
  PORT: 8080,
  HOST: '0.0.0.0',
  DATA_DIR: './data',
  /**
   * PostgreSQL connections one node opens at most: the engine's writer holds one per batch, requests the rest. N nodes
   * need N × this (plus the migrations' and the operators') within the server's `max_connections` (100 by default).
   */
  DATABASE_POOL_MAX: 10,
  FEED: 'sim',
  FEED_FAILOVER_MS: 3_000,
  FEED_FAILBACK_MS: 10_000,
  NODE_ROLE: 'all',
  ENGINE_LOCK_KEY: 7_246_019,
  COMMAND_DEADLINE_MS: 2000,
  LOG_LEVEL: 'info',
  /** Seeds the setting `session_idle_minutes`: a trader's session ends after this long without activity (7 days). */
  SESSION_IDLE_MINUTES: 10_080,
  /** A staff session ends after this many minutes without a request (8 hours). */
  STAFF_SESSION_IDLE_MINUTES: 480,
  /** Virtual balance of a new or reset demo account, in USD. */
  DEMO_START_BALANCE: '100000',
  /** ISO region codes refused at registration (the announcement's policy list). */
  RESTRICTED_REGIONS: 'KP,IL,CN,VU,CU',
  /** Where the built front ends live; the server builds nothing itself. */
  WEB_DIST: 'apps/web/dist',
  ADMIN_DIST: 'apps/admin/dist',
  SMS_FROM: 'Tradepad',
  /** A quote older than this is stale: no fills, triggers or stop-outs on it (DESIGN §5). */
  STALE_QUOTE_MS: 10_000,
  /**
   * With a market open, no quote for this long means a node's quotes stopped: its sockets are told
   * `FEED_STATUS live:false` (DESIGN §15) until they flow again.
   */
  FEED_SILENT_MS: 5_000,
  /** Days of one-minute history generated on a fresh start (hourly and daily bars go back 400 days). */
  HISTORY_DAYS: 30,
  /** Days of hourly and daily history generated on a fresh start (450 calendar days give 300+ day bars to 5-day markets). */
  HISTORY_LONG_DAYS: 450,
  /** Replay speed: minutes of data per real second. */
  REPLAY_SPEED: 60,
  MAIL_FROM: 'Tradepad <no-reply@tradepad.local>',
  PUSH_SUBJECT: 'mailto:no-reply@tradepad.local',
  NOTICE_RETENTION_DAYS: 180,
  /** Open websockets per client address (DESIGN §10 floor). */
  WS_MAX_PER_ADDRESS: 5_000,
  /** Messages per second per websocket: the app sends a ping every 5 s and a few subscriptions per screen. */
  WS_MAX_MESSAGES_PER_SECOND: 50,
  // Limits that protect sign-in and sign-up (DESIGN §10), counted in the database.
  /** Failed sign-ins of one account from one client address that lock that pair for LIMIT_LOGIN_MINUTES. */
  LIMIT_LOGIN_PAIR: 10,
  /** Failed sign-ins of one account, from anywhere, after which signing in to it needs a captcha. */
  LIMIT_LOGIN_ACCOUNT: 10,
  /** Failed sign-ins from one client address, to any accounts, after which signing in from it needs a captcha. */
  LIMIT_LOGIN_ADDRESS: 100,
  /** The sign-in window and the length of a lock. */
  LIMIT_LOGIN_MINUTES: 15,
  /** Verification codes asked for per hour: per client address, per e-mail or phone, type-4 codes per account. */
  LIMIT_CODE_SENDS_ADDRESS: 30,
  LIMIT_CODE_SENDS_TARGET: 10,
  LIMIT_WITHDRAW_CODES_ACCOUNT: 10,
  /** Verification codes checked (register, reset, password change) per hour: per client address, per account. */
  LIMIT_CODE_CHECKS_ADDRESS: 100,
  LIMIT_CODE_CHECKS_ACCOUNT: 30,
  /** Demo accounts created, and captchas drawn, per client address per hour. */
  LIMIT_DEMO_ADDRESS: 30,
  LIMIT_CAPTCHAS_ADDRESS: 300,
} as const;
