/** The staff subject's REST paths, relative to the API origin (gathered into `API`/`ADMIN_API` in api-paths.ts). */

export const STAFF_ADMIN_PATHS = {
  login: '/admin/api/login',
  me: '/admin/api/me',
  /** `POST {old_password, new_password}`: a staff member changes their own password (DESIGN §16). */
  mePassword: '/admin/api/me/password',
  logout: '/admin/api/logout',
  outbox: '/admin/api/outbox',
  /** `GET` lists, `POST` adds, `POST /:id` changes, `POST /:id/reset {what}` resets a password or 2FA (DESIGN §16). */
  staff: '/admin/api/staff',
  audit: '/admin/api/audit',
  /** Review queues (DESIGN §3): `GET ?status=`, `POST /:id/approve`, `POST /:id/reject {remark}`. */
  deposits: '/admin/api/deposits',
  withdrawals: '/admin/api/withdrawals',
  kyc: '/admin/api/kyc',
  /** Channel configuration: `GET` lists, `POST` creates, `POST /:id` updates. */
  depositChannels: '/admin/api/deposit-channels',
  wireChannels: '/admin/api/wire-channels',
  drawCurrencies: '/admin/api/draw-currencies',
  /** `GET` and `POST {withdraw_requires_kyc}`. */
  walletSettings: '/admin/api/wallet-settings',
  /**
   * Articles: `GET ?category_id=&status=&page=&limit=` lists, `POST` creates, `GET /:id` reads one, `POST /:id` edits
   * (sanitised on save), `POST /:id/publish {publish_at?}`, `POST /:id/unpublish`, `POST /:id/delete`.
   */
  news: '/admin/api/news',
  /** Run-time settings (service link, registration method, company mode, margin levels, …): `GET`, `POST {…}`. */
  settings: '/admin/api/settings',
  /** Instruments (issue 18 point 6): `GET` lists, `POST /:id` changes any subset of the terms. */
  instruments: '/admin/api/instruments',
  /** How many real accounts proposed margin-call and stop-out levels would touch: `GET ?margin_call=&stop_out=`. */
  settingsImpact: '/admin/api/settings/impact',
  /** Money per day or month from the ledger: `GET ?from=&to=[&format=csv]`. */
  reportsDaily: '/admin/api/reports/daily',
  reportsMonthly: '/admin/api/reports/monthly',
  /** Users (DESIGN §11): search, profile, status, sessions, 2FA reset, notes, balance adjustments. */
  users: '/admin/api/users',
  /** Balance adjustments above `adjust_approval_usd`, waiting for a second staff member. */
  adjustments: '/admin/api/adjustments',
  /** Changes waiting for a second staff member (receiving details, adjustment limits): `GET ?status=`, approve, reject. */
  changes: '/admin/api/changes',
} as const;
