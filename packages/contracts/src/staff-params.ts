import { z } from 'zod';
import { emailParam, newPasswordParam, passwordParam } from './accounts.ts';
import { pageParams, textParam } from './params.ts';
import { STAFF_ROLES } from './staff.ts';

/** `POST /admin/api/login`. */
export const staffLoginParams = z.object({ email: emailParam, password: passwordParam });

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

/** `POST /admin/api/wallet-settings`: `withdraw_requires_kyc` as a boolean, 1/0 or "true"/"false". */
export const walletSettingsParams = z.object({
  withdraw_requires_kyc: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()),
});
