import { noData } from '../answers.ts';
import { GET, POST, type CallDef } from '../call-def.ts';
import { STAFF_ACCESS as ROLES } from './constants.ts';
import { STAFF_ADMIN_PATHS as ADMIN_API } from './paths.ts';
import { adminPageOf } from './review.ts';
import {
  adjustParams,
  adjustmentListParams,
  adjustmentRejectParams,
  adjustmentSchema,
  adminNoteSchema,
  adminUserDetailSchema,
  adminUserSchema,
  userNoteParams,
  userSearchParams,
  userStatusParams,
} from './users.ts';

/** The back office's users: search, profile, switches, sessions, notes, and balance adjustments with their approval. */
export const USER_ADMIN_CALLS = [
  {
    path: ADMIN_API.users,
    methods: GET,
    auth: 'staff',
    roles: ROLES.usersRead,
    tag: 'backoffice',
    summary:
      'Search users: q matches any part of e-mail, phone, uid, real name or invite code (case-insensitive); filters by country, real-name status, real/demo and sign-up day; newest first; `format=csv` downloads every matching row (audited user.export)',
    params: userSearchParams,
    response: adminPageOf(adminUserSchema),
  },
  {
    path: `${ADMIN_API.users}/:id`,
    methods: GET,
    auth: 'staff',
    roles: ROLES.usersRead,
    tag: 'backoffice',
    summary:
      "One user's profile: live account figures, sessions, devices, invitees, real-name record, and the 20 most recent ledger rows, orders, deposits, withdrawals, adjustments and notes",
    response: adminUserDetailSchema,
  },
  {
    path: `${ADMIN_API.users}/:id/status`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.usersAct,
    tag: 'backoffice',
    summary:
      'Switch sign-in and/or trading off or on: sign-in off ends every session at once; trading off refuses new orders, closing stays allowed (audited user.status)',
    params: userStatusParams,
    response: adminUserSchema,
  },
  {
    path: `${ADMIN_API.users}/:id/sessions/revoke`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.usersAct,
    tag: 'backoffice',
    summary: 'Sign out every session of the user (audited user.sessions_revoke)',
    response: noData,
  },
  {
    path: `${ADMIN_API.users}/:id/totp/reset`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.usersAct,
    tag: 'backoffice',
    summary:
      "Turn the user's two-factor sign-in off (lost authenticator): their sessions end and they are notified (audited user.totp_reset)",
    response: noData,
  },
  {
    path: `${ADMIN_API.users}/:id/notes`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.usersAct,
    tag: 'backoffice',
    summary: 'Add a staff note to the user (audited user.note)',
    params: userNoteParams,
    response: adminNoteSchema,
  },
  {
    path: `${ADMIN_API.users}/:id/adjust`,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.usersAct,
    tag: 'backoffice',
    summary:
      'Adjust the balance (correction, bonus, compensation; negative = debit, never beyond the free balance): one ledger entry against the house at once, or, above adjust_approval_usd, waiting for a second staff member (audited user.adjust)',
    params: adjustParams,
    response: adjustmentSchema,
  },
  {
    path: ADMIN_API.adjustments,
    methods: GET,
    auth: 'staff',
    roles: ROLES.usersAct,
    tag: 'backoffice',
    summary: 'Balance adjustments, newest first, filtered by status (0 waiting, 1 credited, 2 rejected) or user',
    params: adjustmentListParams,
    response: adminPageOf(adjustmentSchema),
  },
  {
    path: `${ADMIN_API.adjustments}/:id/approve`,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.usersAct,
    tag: 'backoffice',
    summary: 'Approve a waiting adjustment: never by its author; credited exactly once (audited adjustment.approve)',
    response: adjustmentSchema,
  },
  {
    path: `${ADMIN_API.adjustments}/:id/reject`,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.usersAct,
    tag: 'backoffice',
    summary: 'Reject a waiting adjustment with a remark; no money moves (audited adjustment.reject)',
    params: adjustmentRejectParams,
    response: adjustmentSchema,
  },
] as const satisfies readonly CallDef[];
