import { staffMeSchema } from '../staff/answers.ts';
import { recoveryCodesSchema, totpCodeParams, totpSetupSchema, totpStatusSchema } from './schemas.ts';
import { noData } from '../answers.ts';
import { GET, POST, type CallDef } from '../call-def.ts';
import { TWO_FACTOR_ADMIN_PATHS as ADMIN_API, TWO_FACTOR_PATHS as API } from './paths.ts';

/** Two-factor sign-in (DESIGN §10): optional for traders, enrolment for staff (every role). */
export const TWO_FACTOR_CALLS = [
  {
    path: API.totpStatus,
    methods: GET,
    auth: 'user',
    tag: 'accounts',
    summary: 'Whether two-factor sign-in is on: {enabled}',
    response: totpStatusSchema,
  },
  {
    path: API.totpSetup,
    methods: POST,
    auth: 'real',
    tag: 'accounts',
    summary: 'A new pending TOTP secret and its otpauth:// link (not active until enabled)',
    response: totpSetupSchema,
  },
  {
    path: API.totpEnable,
    methods: POST,
    auth: 'real',
    tag: 'accounts',
    summary: 'Turns two-factor on with a code of the pending secret: {recovery_codes}, shown once',
    params: totpCodeParams,
    response: recoveryCodesSchema,
  },
  {
    path: API.totpDisable,
    methods: POST,
    auth: 'real',
    tag: 'accounts',
    summary: 'Turns two-factor off with a code or a recovery code',
    params: totpCodeParams,
    response: noData,
  },
  {
    path: ADMIN_API.meTotp,
    methods: POST,
    auth: 'staff',
    tag: 'backoffice',
    summary: 'Staff enrolment: a new pending TOTP secret and its otpauth:// link',
    response: totpSetupSchema,
  },
  {
    path: ADMIN_API.meTotpConfirm,
    methods: POST,
    auth: 'staff',
    tag: 'backoffice',
    summary: 'Staff enrolment: confirms the secret with a code; every call of the role opens',
    params: totpCodeParams,
    response: staffMeSchema,
  },
] as const satisfies readonly CallDef[];
