import { noData } from '../answers.ts';
import { GET, POST, type CallDef } from '../call-def.ts';
import { STAFF_ACCESS as ROLES } from './constants.ts';
import { STAFF_ADMIN_PATHS as ADMIN_API } from './paths.ts';
import {
  staffListItemSchema,
  staffListSchema,
  staffLoginAnswerSchema,
  staffMeSchema,
  staffResetAnswerSchema,
} from './answers.ts';
import { auditQueryParams, auditRecordSchema } from './ops.ts';
import { outboxItemSchema } from './outbox.ts';
import {
  newStaffParams,
  outboxParams,
  staffLoginParams,
  staffPasswordParams,
  staffResetParams,
  staffUpdateParams,
} from './params.ts';
import { adminPageOf } from './review.ts';

/**
 * The back office (`/admin/api`, DESIGN §11): staff sign-in, the staff list, the audit log and the outbox. Each call
 * names the roles that may use it. The rest of the back office has one file per subject beside this one (reviews,
 * wallet configuration, content, operations, users) and settings/calls.ts; `CONTRACTS` lists them in that order.
 */
export const STAFF_CALLS = [
  {
    path: ADMIN_API.login,
    methods: POST,
    auth: 'none',
    tag: 'backoffice',
    summary: 'Staff sign-in: {token}',
    params: staffLoginParams,
    response: staffLoginAnswerSchema,
  },
  {
    path: ADMIN_API.me,
    methods: GET,
    auth: 'staff',
    tag: 'backoffice',
    summary: 'The signed-in staff member',
    response: staffMeSchema,
  },
  {
    path: ADMIN_API.logout,
    methods: POST,
    auth: 'staff',
    tag: 'backoffice',
    summary: 'End this staff session',
    response: noData,
  },
  {
    path: ADMIN_API.mePassword,
    methods: POST,
    auth: 'staff',
    tag: 'backoffice',
    summary: 'Change my password with the old one; my other sessions end (audited as staff.password_change)',
    params: staffPasswordParams,
    response: noData,
  },
  {
    path: ADMIN_API.staff,
    methods: GET,
    auth: 'staff',
    roles: ROLES.superAdmin,
    tag: 'backoffice',
    summary: 'List staff',
    response: staffListSchema,
  },
  {
    path: ADMIN_API.staff,
    methods: POST,
    auth: 'staff',
    roles: ROLES.superAdmin,
    tag: 'backoffice',
    summary: 'Add a staff member with one role (audited)',
    params: newStaffParams,
    response: staffMeSchema,
  },
  {
    path: `${ADMIN_API.staff}/:id`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.superAdmin,
    tag: 'backoffice',
    summary:
      'Change a staff member: role, disable (sessions end at once) or re-enable; never leaves no active super admin (audited)',
    params: staffUpdateParams,
    response: staffListItemSchema,
  },
  {
    path: `${ADMIN_API.staff}/:id/reset`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.superAdmin,
    tag: 'backoffice',
    summary:
      "Reset another staff member's password (answers {temporary_password}, to be changed at first sign-in) or 2FA; their sessions end (audited as staff.reset)",
    params: staffResetParams,
    response: staffResetAnswerSchema,
  },
  {
    path: ADMIN_API.audit,
    methods: GET,
    auth: 'staff',
    roles: ROLES.oversight,
    tag: 'backoffice',
    summary:
      'The audit log, newest first, filtered by staff member, action or object, and dates; `format=csv` downloads every matching row',
    params: auditQueryParams,
    response: adminPageOf(auditRecordSchema),
  },
  {
    path: ADMIN_API.outbox,
    methods: GET,
    auth: 'staff',
    roles: ROLES.oversight,
    tag: 'backoffice',
    summary: 'Mail and SMS kept in the outbox, newest first, codes masked (reading is audited)',
    params: outboxParams,
    response: adminPageOf(outboxItemSchema),
  },
  {
    path: `${ADMIN_API.outbox}/:id/reveal`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.superAdmin,
    tag: 'backoffice',
    summary: 'One message of the outbox in clear, its code shown (audited)',
    response: outboxItemSchema,
  },
] as const satisfies readonly CallDef[];
