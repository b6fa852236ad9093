import { z } from 'zod';
import { ADMIN_API } from '../api-paths.ts';

/** Two-factor sign-in (TOTP, RFC 6238: SHA-1, 30-s steps, 6 digits; DESIGN §10). */

/** How many single-use recovery codes a trader gets when turning 2FA on. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code as typed: 6 digits from the authenticator app, or a recovery code (`XXXXX-XXXXX`, case and dash free).
 * Spaces are dropped (apps group the digits as "123 456").
 */
export const totpCodeParam = z.preprocess(
  (v) => (typeof v === 'number' ? String(v).padStart(6, '0') : typeof v === 'string' ? v.replace(/\s+/g, '') : v),
  z
    .string({ error: 'err.totp_code_invalid' })
    .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { error: 'err.totp_code_invalid' }),
);

/** `POST /api/user/totp/enable {code}`, `…/disable {code}`, `POST /admin/api/me/totp/confirm {code}`. */
export const totpCodeParams = z.object({ code: totpCodeParam });

/** The optional `totp` of a sign-in (trader or staff): absent, null and empty read as not given. */
export const optionalTotpParam = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  totpCodeParam.optional(),
);

/** `GET /api/user/totp/status`. */
export const totpStatusSchema = z.object({ enabled: z.boolean() });
export type TotpStatus = z.infer<typeof totpStatusSchema>;

/** `POST /api/user/totp/setup`, `POST /admin/api/me/totp`: a pending secret, shown once, and its otpauth:// link. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** `POST /api/user/totp/enable`: the recovery codes, shown this once (stored hashed). */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** The `data` of a sign-in refused because the second factor is needed (code 0). */
export interface TotpRequired {
  totp_required: true;
}

/**
 * The staff calls a session that has not passed TOTP may make, while its staff member has not enrolled yet (DESIGN
 * §10, §16): a new staff member replaces their initial password, then enrols.
 */
export const STAFF_ENROLMENT_PATHS: readonly string[] = [
  ADMIN_API.me,
  ADMIN_API.logout,
  ADMIN_API.meTotp,
  ADMIN_API.meTotpConfirm,
  ADMIN_API.mePassword,
];

/** The staff calls a staff member whose password another set may make before changing it (DESIGN §16). */
export const STAFF_PASSWORD_CHANGE_PATHS: readonly string[] = [ADMIN_API.me, ADMIN_API.logout, ADMIN_API.mePassword];
