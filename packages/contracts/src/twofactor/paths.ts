/** The twofactor subject's REST paths, relative to the API origin (gathered into `API`/`ADMIN_API` in api-paths.ts). */

export const TWO_FACTOR_PATHS = {
  /** Two-factor sign-in (TOTP, DESIGN §10): whether it is on, set-up, enable, disable. */
  totpStatus: '/api/user/totp/status',
  totpSetup: '/api/user/totp/setup',
  totpEnable: '/api/user/totp/enable',
  totpDisable: '/api/user/totp/disable',
} as const;

export const TWO_FACTOR_ADMIN_PATHS = {
  /** Staff two-factor enrolment (DESIGN §10): a new secret, then its confirmation by a code. */
  meTotp: '/admin/api/me/totp',
  meTotpConfirm: '/admin/api/me/totp/confirm',
} as const;
