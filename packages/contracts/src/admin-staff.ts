import { z } from 'zod';

/**
 * Back-office staff roles (DESIGN §7). The server grants each `/admin/api` call to some of them; the console shows a
 * role only the sections it may use.
 */
export const STAFF_ROLE_NAMES = ['super_admin', 'finance', 'compliance', 'dealer', 'content', 'support'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLE_NAMES);
export type StaffRoleName = z.infer<typeof staffRoleSchema>;

/** `GET /admin/api/me`: the signed-in staff member. */
export const staffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** May be empty; the console then shows the e-mail. */
  name: z.string(),
  role: staffRoleSchema,
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** `POST /admin/api/login {email, password}`: the session token (sent as `authorization`) and who signed in. */
export const staffLoginAnswerSchema = staffMeSchema.extend({ token: z.string() });
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswerSchema>;
