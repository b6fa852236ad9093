import { z } from 'zod';
import { captchaParams, emailParam, newPasswordParam, passwordParam } from './accounts.ts';
import { pageParams, textParam } from './params.ts';
import { STAFF_ROLES } from './staff.ts';

/** `POST /admin/api/login`. */
export const staffLoginParams = z.object({ email: emailParam, password: passwordParam, ...captchaParams });

/** `POST /admin/api/staff`: a super admin adds a staff member with one role. */
export const newStaffParams = z.object({
  email: emailParam,
  name: textParam('err.field_invalid', 1, 100),
  password: newPasswordParam,
  role: z.enum(STAFF_ROLES, { error: 'err.field_invalid' }),
});

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
 * `POST /admin/api/wallet-settings {withdraw_requires_kyc}`: the switch must be given and well-formed, and no other key
 * may come with it (`t` aside), so an empty or mistyped body changes nothing (DESIGN §10).
 */
export const walletSettingsParams = z
  .object({ withdraw_requires_kyc: switchParam, t: z.unknown().optional() })
  .strict()
  .transform(({ withdraw_requires_kyc }) => ({ withdraw_requires_kyc }));
