/** The trading subject's REST paths, relative to the API origin (gathered into `API`/`ADMIN_API` in api-paths.ts). */

export const TRADING_PATHS = {
  resetDemo: '/v1/api/main/user/resetForexDemoAccount',
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
} as const;
