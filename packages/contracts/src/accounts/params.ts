import { z } from 'zod';
import {
  ACCOUNT_TYPE_EMAIL,
  ACCOUNT_TYPE_MOBILE,
  CODE_PURPOSES,
  CODE_PURPOSE_WITHDRAW,
  EMAIL_MAX,
  LOGIN_TYPE_DEMO,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from './constants.ts';
import { codeParam, intParam, optionalText, textParam } from '../params.ts';
import { optionalTotpParam } from '../twofactor/schemas.ts';

export * from './constants.ts';

/** Email, lower-cased, RFC-shaped enough for delivery: a local part, one @, a dotted domain, no spaces. */
export const emailParam = z
  .string({ error: 'err.email_required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'err.email_required' })
  .max(EMAIL_MAX, { error: 'err.email_invalid' })
  .regex(/^[^\s@]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/i, { error: 'err.email_invalid' });

/** A national mobile number: 4 to 15 digits, spaces and dashes ignored, no leading +. */
export const mobileParam = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
  z
    .string({ error: 'err.mobile_required' })
    .min(1, { error: 'err.mobile_required' })
    .regex(/^\d{4,15}$/, { error: 'err.mobile_invalid' }),
);

/** A new password: 8 to 64 characters with at least one letter and one digit. */
export const newPasswordParam = z
  .string({ error: 'err.password_required' })
  .min(1, { error: 'err.password_required' })
  .min(PASSWORD_MIN, { error: 'err.password_rule' })
  .max(PASSWORD_MAX, { error: 'err.password_rule' })
  .regex(/[A-Za-z]/, { error: 'err.password_rule' })
  .regex(/\d/, { error: 'err.password_rule' });

/** A password being checked (login, old password): only presence and a sane length. */
export const passwordParam = z
  .string({ error: 'err.password_required' })
  .min(1, { error: 'err.password_required' })
  .max(128, { error: 'err.password_wrong' });

export const codeTextParam = z
  .string({ error: 'err.code_required' })
  .trim()
  .min(1, { error: 'err.code_required' })
  .max(12, { error: 'err.code_wrong' });

export const areaIdParam = intParam('err.area_invalid', 1, 100_000);
export const inviteCodeParam = optionalText(16, 'err.invite_code_invalid');

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * `email` is required except for type 4 (withdrawal), which always goes to the signed-in account's own address, so
 * an address given with it is ignored.
 */
export const sendEmailParams = z
  .object({
    email: z.preprocess(blankToUndefined, emailParam.optional()),
    type: codeParam(CODE_PURPOSES, 'err.code_type_invalid'),
  })
  .refine((p) => p.type === CODE_PURPOSE_WITHDRAW || p.email !== undefined, { error: 'err.email_invalid', path: ['email'] });

/** `to` and `area_id` are required except for type 4, which goes to the account's own phone. */
export const sendSmsParams = z
  .object({
    to: z.preprocess(blankToUndefined, mobileParam.optional()),
    area_id: z.preprocess(blankToUndefined, areaIdParam.optional()),
    type: codeParam(CODE_PURPOSES, 'err.code_type_invalid'),
  })
  .refine((p) => p.type === CODE_PURPOSE_WITHDRAW || p.to !== undefined, { error: 'err.mobile_invalid', path: ['to'] })
  .refine((p) => p.type === CODE_PURPOSE_WITHDRAW || p.area_id !== undefined, { error: 'err.area_invalid', path: ['area_id'] });

/**
 * user/register. `type` 1 email / 2 mobile; `account` is the email or the national number; `sms_code` is the code
 * received (or the captcha text when `verify_reg_type` is 2, with `key` the captcha id); `mobile` is the extra phone
 * field when `is_show_mobile` is 1. The server checks `account` against `type`.
 */
export const registerParams = z.object({
  type: codeParam([ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE] as const, 'err.account_type_invalid'),
  account: textParam('err.account_required', 1, EMAIL_MAX),
  area_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), areaIdParam.optional()),
  password: newPasswordParam,
  re_password: z.string({ error: 'err.password_required' }).min(1, { error: 'err.password_required' }),
  sms_code: codeTextParam,
  key: optionalText(64, 'err.captcha_wrong'),
  mobile: optionalText(20, 'err.mobile_invalid'),
  invite_code: inviteCodeParam,
  /** DESIGN §13: 1 = the terms, the privacy policy and the risk disclosure are accepted (anything else is refused). */
  agree_terms: z.preprocess(
    (v) => (v === true || v === 'true' ? 1 : v),
    codeParam([1] as const, 'err.terms_required') as z.ZodType<1>,
  ),
  /** DESIGN §13: country of residence (ISO 3166 alpha-2), required for e-mail sign-ups; checked against the area list. */
  country: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'err.country_invalid' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'err.country_invalid' })
      .optional(),
  ),
});

/**
 * A solved captcha sent with a sign-in once the account or the address has failed too often (DESIGN §10): `key` is
 * the captcha id from `/api/captcha`, `captcha` the text read from its image.
 */
export const captchaParams = {
  key: optionalText(64, 'err.captcha_wrong'),
  captcha: optionalText(12, 'err.captcha_wrong'),
};

export const loginParams = z.object({
  account: textParam('err.account_required', 1, EMAIL_MAX),
  password: passwordParam,
  login_type: codeParam([ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE, LOGIN_TYPE_DEMO] as const, 'err.login_type_invalid'),
  area_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), areaIdParam.optional()),
  /** The authenticator code (or a recovery code) when two-factor sign-in is on (DESIGN §10). */
  totp: optionalTotpParam,
  /** The app's device uuid: a sign-in from a device id the account has not used before is notified (DESIGN §10). */
  device_id: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'err.uuid_invalid' })
      .trim()
      .regex(/^[A-Za-z0-9-]{16,64}$/, { error: 'err.uuid_invalid' })
      .optional(),
  ),
  ...captchaParams,
});

/** A device uuid: what the app keeps in local storage to find its demo account again. */
export const demoParams = z.object({
  uuid: z
    .string({ error: 'err.uuid_invalid' })
    .trim()
    .regex(/^[A-Za-z0-9-]{16,64}$/, { error: 'err.uuid_invalid' }),
});

export const forgetPasswordParams = z.object({
  type: codeParam([ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE] as const, 'err.account_type_invalid'),
  account: textParam('err.account_required', 1, EMAIL_MAX),
  area_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), areaIdParam.optional()),
  new_password: newPasswordParam,
  secondary_password: z.string({ error: 'err.password_required' }).min(1, { error: 'err.password_required' }),
  auth_code: codeTextParam,
});

export const amendPasswordParams = z.object({
  old_password: passwordParam,
  new_password: newPasswordParam,
  secondary_password: z.string({ error: 'err.password_required' }).min(1, { error: 'err.password_required' }),
  auth_code: codeTextParam,
  type: codeParam([ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE] as const, 'err.account_type_invalid'),
});

export const settingParams = z.object({
  key: z.enum(['is_show_mobile'], { error: 'err.setting_unknown' }),
});

export const companySearchParams = z.object({
  name: optionalText(100, 'err.company_name_invalid'),
});

/** `user/sessions/end`: one of the caller's own sessions. */
export const sessionEndParams = z.object({ id: intParam('err.record_unknown', 1, Number.MAX_SAFE_INTEGER) });
