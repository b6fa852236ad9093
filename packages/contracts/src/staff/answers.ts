import { z } from 'zod';
import { STAFF_ROLES } from './constants.ts';

/** A staff member's role (staff.ts lists them; each staff call in calls.ts names the roles that may use it). */
export const staffRoleSchema = z.enum(STAFF_ROLES);

/** `GET /admin/api/me`: the signed-in staff member. */
export const staffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** May be empty; the console then shows the e-mail. */
  name: z.string(),
  role: staffRoleSchema,
  /** True until the staff member has enrolled TOTP: the session may then only enrol (DESIGN §10). */
  totp_pending: z.boolean(),
  /**
   * True while the password is one another staff member set (a new account, a reset): every call but `me`, `logout`
   * and `me/password` is refused until it is changed (DESIGN §16).
   */
  must_change_password: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** `POST /admin/api/login {email, password, totp}`: the session token (sent as `authorization`) and who signed in. */
export const staffLoginAnswerSchema = staffMeSchema.extend({ token: z.string() });
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswerSchema>;

/** One staff member as `GET /admin/api/staff` lists them and `POST /admin/api/staff/:id` answers. */
export const staffListItemSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  /** 1 active, 0 disabled (cannot sign in; sessions ended). */
  status: z.number().int(),
  /** Unix milliseconds. */
  created_at: z.number(),
});

/** `POST /admin/api/staff/:id/reset`: a password reset answers the temporary password, shown this once. */
export const staffResetAnswerSchema = z.object({ temporary_password: z.string().optional() });
export type StaffResetAnswer = z.infer<typeof staffResetAnswerSchema>;

/** `GET /admin/api/staff`: every staff member, oldest first (status 1 active). */
export const staffListSchema = z.array(staffListItemSchema);
export type StaffListItem = z.infer<typeof staffListSchema>[number];

/** `GET /admin/api/audit`: the audit log, newest first; `before_json`/`after_json` hold the object's JSON, or null. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  /** `<object>.<verb>` (DESIGN §11), such as `deposit.approve` or `settings.update`. */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before_json: z.string().nullable(),
  after_json: z.string().nullable(),
  /** The client address the action came from (validated; behind a trusted proxy, what it forwarded). */
  ip: z.string(),
  /** The socket peer the request came from (the proxy, behind one); '' for records older than this column. */
  peer_ip: z.string(),
  /** Unix milliseconds. */
  created_at: z.number(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
