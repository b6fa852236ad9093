/**
 * Account constants and response shapes, free of zod so the web app can import them without the schemas.
 */

/**
 * What a verification code is for (DESIGN §3, §10): 1 register, 2 reset a forgotten password, 3 change password,
 * 4 confirm a withdrawal or a new withdrawal method (sent only to the signed-in account's own address).
 */
export const CODE_PURPOSE_REGISTER = 1;
export const CODE_PURPOSE_RESET_PASSWORD = 2;
export const CODE_PURPOSE_CHANGE_PASSWORD = 3;
export const CODE_PURPOSE_WITHDRAW = 4;
export const CODE_PURPOSES = [
  CODE_PURPOSE_REGISTER,
  CODE_PURPOSE_RESET_PASSWORD,
  CODE_PURPOSE_CHANGE_PASSWORD,
  CODE_PURPOSE_WITHDRAW,
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** `type` of register and forget_password, `login_type` of loginForU. */
export const ACCOUNT_TYPE_EMAIL = 1;
export const ACCOUNT_TYPE_MOBILE = 2;
export const LOGIN_TYPE_DEMO = 3;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const EMAIL_MAX = 254;

/**
 * The REST answers' shapes, each derived from its zod schema in accounts/answers.ts (type-only, so importing this file
 * never pulls zod into the web app's bundle).
 */
import type {
  Area,
  BasicInfo,
  CashBalance,
  Captcha,
  Company,
  CompanyStatus,
  DemoAccount,
  LoginResult,
  PublicSetting,
  UserProfile,
} from './answers.ts';
export type {
  Area,
  BasicInfo,
  CashBalance,
  Captcha,
  Company,
  CompanyStatus,
  DemoAccount,
  LoginResult,
  PublicSetting,
  UserProfile,
};
