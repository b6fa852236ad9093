/** Defaults of every configuration variable (DESIGN §2 table, then our own additions). */
export const CONFIG_DEFAULTS = {
  PORT: 8080,
  HOST: '0.0.0.0',
  DATA_DIR: './data',
  FEED: 'sim',
  NODE_ROLE: 'all',
  LOG_LEVEL: 'info',
  /** A trader's session ends after this many minutes without a request (30 days). */
  SESSION_IDLE_MINUTES: 43_200,
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
  MAIL_FROM: 'Tradepad <no-reply@tradepad.local>',
} as const;
