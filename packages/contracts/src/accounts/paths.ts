/** The accounts subject's REST paths, relative to the API origin (gathered into `API`/`ADMIN_API` in api-paths.ts). */

export const ACCOUNT_PATHS = {
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
  getBalance: '/v1/api/main/wallet/getBalance',
  /** Beyond the spec (ASVS 7.5.2): the trader's own live sessions, and ending one of them. */
  userSessions: '/api/user/sessions',
  userSessionEnd: '/api/user/sessions/end',
  /** Beyond the spec: the people who joined through the user's invite code. */
  inviteList: '/api/user/invite_list',
} as const;
