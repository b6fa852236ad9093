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
  getBalance: '/v1/api/main/wallet/getBalance',
  resetDemo: '/v1/api/main/user/resetForexDemoAccount',
  tradeList: '/v1/api/forex/trade_list',
  categories: '/v1/api/forex/getCategories',
  kline: '/v1/api/forex/kline',
  sparklines: '/v1/api/forex/abbreviated_cache_kline',
  submit: '/v1/api/forex/submit',
  deals: '/v1/api/forex/my_deal',
  close: '/v1/api/forex/close',
  cancel: '/v1/api/forex/cancel_trade',
  setStops: '/v1/api/forex/set_stop_price',
  /** Beyond the spec: the account figures of the order screen's summary card. */
  accountSummary: '/v1/api/forex/account_summary',
  forexDetail: '/v1/api/main/account/forexDetail',
  ledger: '/v1/api/main/accountLog/forexChange',
} as const;

export const ADMIN_API = {
  login: '/admin/api/login',
  me: '/admin/api/me',
  logout: '/admin/api/logout',
  outbox: '/admin/api/outbox',
  staff: '/admin/api/staff',
  audit: '/admin/api/audit',
} as const;
