import { GET, POST, type CallDef } from '../call-def.ts';
import { STAFF_ACCESS as ROLES } from './constants.ts';
import { STAFF_ADMIN_PATHS as ADMIN_API } from './paths.ts';
import {
  adminInstrumentSchema,
  dailyReportSchema,
  instrumentCreateParams,
  instrumentUpdateParams,
  monthlyReportSchema,
  reportParams,
} from './ops.ts';
import { adminPageOf } from './review.ts';

/** The back office's operations: the instruments' terms and the ledger's daily and monthly reports. */
export const OPS_CALLS = [
  {
    path: ADMIN_API.instruments,
    methods: GET,
    auth: 'staff',
    roles: ROLES.instrumentsRead,
    tag: 'backoffice',
    summary: 'Every instrument with the terms staff set: spread, fee, leverage, lots, switches, swaps, category, hours',
    response: adminPageOf(adminInstrumentSchema),
  },
  {
    path: ADMIN_API.instruments,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.superAdmin,
    tag: 'backoffice',
    summary:
      'Create an instrument (code, names in the 14 languages, category, precision, contract size, leverage, spread, lots, hours, …): quoted and listed at once on every node (audited instrument.create)',
    params: instrumentCreateParams,
    response: adminInstrumentSchema,
  },
  {
    path: `${ADMIN_API.instruments}/:id`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.superAdmin,
    tag: 'backoffice',
    summary: 'Change an instrument for everyone at once (trade list, fills, the app; never per user; audited)',
    params: instrumentUpdateParams,
    response: adminInstrumentSchema,
  },
  {
    path: ADMIN_API.reportsDaily,
    methods: GET,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary: 'Money per day (UTC) from the ledger, real accounts; `format=csv` downloads it',
    params: reportParams,
    response: dailyReportSchema,
  },
  {
    path: ADMIN_API.reportsMonthly,
    methods: GET,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary: 'Money per month (UTC) from the ledger, real accounts; `format=csv` downloads it',
    params: reportParams,
    response: monthlyReportSchema,
  },
] as const satisfies readonly CallDef[];
