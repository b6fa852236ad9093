/**
 * REST paths of the spec's §7, relative to the API origin. The server registers these and the app calls these; no
 * path is written anywhere else.
 */
export const API = {
  areaList: '/api/default/area_list',
  setting: '/api/default/setting',
  basicInfo: '/api/basicSet/getBasicInfo',
  companyStatus: '/api/company/getCompanyStatus',
  company: '/api/company/getCompany',
  /** The spec's `GET {token}` captcha call: returns `{id, b64s}`. */
  captcha: '/api/captcha',
  sendEmail: '/api/notify/send_email',
  sendSms: '/api/notify/send_sms',
  register: '/api/user/register',
  login: '/api/user/loginForU',
  createDemo: '/api/user/createAccountDemoForU',
  userInfo: '/api/user/info',
  forgetPassword: '/api/user/forget_password',
  amendPassword: '/api/user/amend_password',
  logout: '/api/user/logout',
  /** Issue 21 (DESIGN §13): a session for the caller's linked demo or real account, instead of the caller's. */
  switchAccount: '/api/user/switch_account',
  /** Issue 21: a sign-up document (`?key=terms|privacy|risk`), edited by content staff. */
  legalPage: '/api/default/legal_page',
  getBalance: '/v1/api/main/wallet/getBalance',
  resetDemo: '/v1/api/main/user/resetForexDemoAccount',
  tradeList: '/v1/api/forex/trade_list',
  categories: '/v1/api/forex/getCategories',
  kline: '/v1/api/forex/kline',
  sparklines: '/v1/api/forex/abbreviated_cache_kline',
  favourites: '/v1/api/forex/favourites',
  favouriteSet: '/v1/api/forex/favourites/set',
  instrumentInfo: '/v1/api/forex/info',
  submit: '/v1/api/forex/submit',
  deals: '/v1/api/forex/my_deal',
  close: '/v1/api/forex/close',
  cancel: '/v1/api/forex/cancel_trade',
  setStops: '/v1/api/forex/set_stop_price',
  /** Issue 20 (DESIGN §12): close every position, or those of one instrument. */
  closeAll: '/v1/api/forex/close_all',
  /** Issue 20: move a pending order's price (its margin follows). */
  setPendingPrice: '/v1/api/forex/set_pending_price',
  /** Issue 20: the trader's stop-out reports, newest first (`?order_id=` the one that closed an order). */
  stopoutReports: '/v1/api/forex/stopout_reports',
  /** Beyond the spec: the account figures of the order screen's summary card. */
  accountSummary: '/v1/api/forex/account_summary',
  forexDetail: '/v1/api/main/account/forexDetail',
  ledger: '/v1/api/main/accountLog/forexChange',
  /** Issue 21 (DESIGN §13): closed trades and cash movements of a period, totals; JSON, or `format=csv|pdf` files. */
  statement: '/v1/api/main/statement',
  imageUpload: '/api/common/image_upload',
  /** Uploaded images, served at `/api/files/<name>?expires=…&sig=…` through signed, expiring links. */
  files: '/api/files',
  depositCoins: '/api/quickCharge/info',
  depositSymbols: '/api/quickCharge/symbols',
  wireInfo: '/api/quickCharge/wire_info',
  depositSubmit: '/api/quickCharge/submit',
  wireSubmit: '/api/quickCharge/wire_submit',
  depositList: '/api/quickCharge/quick_ist',
  drawSymbols: '/api/account/draw_symbol_list',
  draw: '/api/account/draw',
  drawList: '/api/account/draw_list',
  /** Beyond the spec: whether withdrawing needs real-name verification, and the free balance. */
  drawConfig: '/api/wallet/draw_config',
  getDrawMethod: '/api/wallet/get_draw_method',
  bindDrawMethod: '/api/wallet/bind_draw_method',
  delDrawMethod: '/api/wallet/del_draw_method',
  realName: '/api/user_real/real_name',
  realNameCenter: '/api/user_real/center',
  /** Beyond the spec: the people who joined through the user's invite code. */
  inviteList: '/api/user/invite_list',
  newsList: '/api/news/list',
  newsInfo: '/api/news/info',
  followList: '/api/follow/list',
  /** Beyond the spec: opt in to (or out of) the copy-trade rankings. */
  rankSetting: '/api/user/rank_setting',
  /** Two-factor sign-in (TOTP, DESIGN §10): whether it is on, set-up, enable, disable. */
  totpStatus: '/api/user/totp/status',
  totpSetup: '/api/user/totp/setup',
  totpEnable: '/api/user/totp/enable',
  totpDisable: '/api/user/totp/disable',
  /** The support chat (DESIGN §13): `GET ?page=` the user's thread, newest first; `POST {text, image?}`. */
  supportMessages: '/api/support/messages',
  /** Price alerts (issue 20, DESIGN §12): `GET` lists, `POST` creates, `POST /:id/delete` deletes. */
  alerts: '/v1/api/alerts',
  /** In-app notices (issue 21): `GET ?page=` the centre, the unread count, `POST {id?}` mark one or all read. */
  notices: '/api/notices',
  noticesUnread: '/api/notices/unread',
  noticesRead: '/api/notices/read',
  /** Web push (DESIGN §13): the VAPID key, subscribe, unsubscribe, and the kinds pushed. */
  pushVapidKey: '/api/push/vapid_key',
  pushSubscribe: '/api/push/subscribe',
  pushUnsubscribe: '/api/push/unsubscribe',
  pushPrefs: '/api/push/prefs',
} as const;

export const ADMIN_API = {
  login: '/admin/api/login',
  me: '/admin/api/me',
  logout: '/admin/api/logout',
  outbox: '/admin/api/outbox',
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
  /** Staff two-factor enrolment (DESIGN §10): a new secret, then its confirmation by a code. */
  meTotp: '/admin/api/me/totp',
  meTotpConfirm: '/admin/api/me/totp/confirm',
  /** The support inbox (DESIGN §13): `GET` threads, `GET /:id` one user's thread, `POST /:id {text}` a reply. */
  supportThreads: '/admin/api/support/threads',
  /** The trading desk (issue 18): `GET ?status=&symbol=&user_id=&min_lots=`, `POST /:id/close {reason}`. */
  positions: '/admin/api/positions',
  /** Risk: net exposure per instrument over real accounts, and the risk page's lists. */
  exposure: '/admin/api/exposure',
  risk: '/admin/api/risk',
  /** Today's figures for the console's home page. */
  dashboard: '/admin/api/dashboard',
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
} as const;
