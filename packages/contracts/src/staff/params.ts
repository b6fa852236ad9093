import { z } from 'zod';
import { captchaParams, emailParam, newPasswordParam, passwordParam } from '../accounts/params.ts';
import { pageParams, textParam } from '../params.ts';
import { STAFF_ROLES } from './constants.ts';
import { optionalTotpParam } from '../twofactor/schemas.ts';

/** `POST /admin/api/login`: `totp` is required once the staff member has enrolled (DESIGN §10); `key` and `captcha` once
 * the sign-in limits ask for a captcha. */
export const staffLoginParams = z.object({
  email: emailParam,
  password: passwordParam,
  totp: optionalTotpParam,
  ...captchaParams,
});

/** `POST /admin/api/staff`: a super admin adds a staff member with one role. */
export const newStaffParams = z.object({
  email: emailParam,
  name: textParam('err.field_invalid', 1, 100),
  password: newPasswordParam,
  role: z.enum(STAFF_ROLES, { error: 'err.field_invalid' }),
});

/** `POST /admin/api/me/password {old_password, new_password}`: a staff member's own password (DESIGN §16). */
export const staffPasswordParams = z.object({ old_password: passwordParam, new_password: newPasswordParam });

/** `POST /admin/api/staff/:id/reset {what}`: a super admin resets another staff member's password or 2FA. */
export const staffResetParams = z.object({
  what: z.enum(['password', '2fa'], { error: 'err.field_invalid' }),
});
export type StaffResetParams = z.infer<typeof staffResetParams>;

/**
 * `POST /admin/api/staff/:id {role?, enabled?}`: a super admin changes a staff member's role, or disables (`false`,
 * their sessions end at once) or re-enables them. At least one key; an unknown key refuses the body.
 */
export const staffUpdateParams = z
  .object({
    role: z.enum(STAFF_ROLES, { error: 'err.field_invalid' }),
    enabled: z.preprocess(
      (v) =>
        v === true || v === 1 || v === '1' || v === 'true'
          ? true
          : v === false || v === 0 || v === '0' || v === 'false'
            ? false
            : v,
      z.boolean({ error: 'err.field_invalid' }),
    ),
  })
  .partial()
  .extend({ t: z.unknown().optional() })
  .strict()
  .transform(({ t: _t, ...change }) => change)
  .refine((c) => c.role !== undefined || c.enabled !== undefined, { error: 'err.field_invalid' });
export type StaffUpdateParams = z.infer<typeof staffUpdateParams>;

/** A page of a staff list: `page` from 1, `limit` up to 100. */
export const pageQueryParams = z.object(pageParams);

/** `GET /admin/api/outbox`: optionally one channel, or one recipient. */
export const outboxParams = z.object({
  ...pageParams,
  channel: z.enum(['email', 'sms'], { error: 'err.field_invalid' }).optional(),
  recipient: z.string().trim().max(254, { error: 'err.field_invalid' }).optional(),
});

/** A switch as `true`/`false`, `1`/`0` or their text; anything else (or nothing) is refused, never read as off. */
const switchParam = z.preprocess(
  (v) =>
    v === true || v === 1 || v === '1' || v === 'true' ? true : v === false || v === 0 || v === '0' || v === 'false' ? false : v,
  z.boolean({ error: 'err.field_invalid' }),
);

/**
 * `POST /admin/api/wallet-settings {withdraw_requires_kyc?, withdraw_method_hold_hours?}`: any non-empty subset, each
 * well-formed, and no other key may come with them (`t` aside), so an empty or mistyped body changes nothing
 * (DESIGN §10).
 */
export const walletSettingsParams = z
  .object({
    withdraw_requires_kyc: switchParam.optional(),
    /** Whole hours, 0 (at once) to 720, as a number or numeric text. */
    withdraw_method_hold_hours: z.preprocess(
      (v) => (typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: 'err.field_invalid' })
        .int({ error: 'err.field_invalid' })
        .min(0, { error: 'err.field_invalid' })
        .max(720, { error: 'err.field_invalid' })
        .optional(),
    ),
    t: z.unknown().optional(),
  })
  .strict()
  .transform(({ t: _t, ...settings }) => settings)
  .refine((s) => s.withdraw_requires_kyc !== undefined || s.withdraw_method_hold_hours !== undefined, {
    error: 'err.field_invalid',
  });
