/**
 * Account constants and response shapes, free of zod so the web app can import them without the schemas.
 */

/** What a verification code is for (DESIGN §3): 1 register, 2 reset a forgotten password, 3 change password. */
export const CODE_PURPOSE_REGISTER = 1;
export const CODE_PURPOSE_RESET_PASSWORD = 2;
export const CODE_PURPOSE_CHANGE_PASSWORD = 3;
export const CODE_PURPOSES = [CODE_PURPOSE_REGISTER, CODE_PURPOSE_RESET_PASSWORD, CODE_PURPOSE_CHANGE_PASSWORD] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** `type` of register and forget_password, `login_type` of loginForU. */
export const ACCOUNT_TYPE_EMAIL = 1;
export const ACCOUNT_TYPE_MOBILE = 2;
export const LOGIN_TYPE_DEMO = 3;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const EMAIL_MAX = 254;

/** One entry of default/area_list. `area_code` is the ISO 3166 alpha-2 region code. */
export interface Area {
  area_id: number;
  area_code: string;
  global_code: string;
  name: string;
}

/** basicSet/getBasicInfo. */
export interface BasicInfo {
  service_link: string;
  /** 1: a web page that may be framed; 2: open it outside the app. */
  service_link_type: number;
  /** 1: registration by emailed or texted code; 2: by captcha image. */
  verify_reg_type: number;
  /** 1: fee = lots × rate; otherwise fee = margin × rate. */
  trade_fee_type: number;
  /** 0 email only; 1 email plus an extra phone field; 2 mobile only; 3 email or mobile. */
  is_show_mobile: number;
  complaint_email: string;
  site_name: string;
}

export interface CompanyStatus {
  status: number;
  type: number;
  loss_url: string;
}

export interface Company {
  id: number;
  name: string;
  logo: string;
  url: string;
  subject: string;
  registered_address: string;
  location: string;
  email: string;
}

export interface Captcha {
  id: string;
  /** data:image/svg+xml;base64,… */
  b64s: string;
}

/** The profile returned by user/info and, with `token`, by loginForU. */
export interface UserProfile {
  id: number;
  uid: string;
  email: string;
  mobile: string;
  area_id: number | null;
  global_code: string;
  /** 1: a demo (mock) account. */
  is_demo: 0 | 1;
  demo_id: string;
  invite_code: string;
  /** Cash balance in USD, 2 decimals, as a string so no float ever holds it. */
  balance: string;
  lang: string;
  created_at: string;
  /** 1: listed (under a masked name) in the copy-trade rankings. */
  rank_opt_in: 0 | 1;
}

export interface LoginResult extends UserProfile {
  token: string;
}
