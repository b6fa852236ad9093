import { GET, POST, type CallDef } from '../call-def.ts';
import { changeListParams, changeRejectParams, changeSchema } from './changes.ts';
import { STAFF_ACCESS as ROLES } from './constants.ts';
import { STAFF_ADMIN_PATHS as ADMIN_API } from './paths.ts';
import { adminPageOf } from './review.ts';

/**
 * The changes queue (issue 29, DESIGN §16 "Insiders"): the money desk lists and decides changes of receiving
 * details; a change of the adjustment limits is decided by a super admin only (the service checks the kind). Never by
 * the change's author; a refused attempt is audited as `change.approve.denied` / `change.reject.denied`.
 */
export const CHANGE_CALLS = [
  {
    path: ADMIN_API.changes,
    methods: GET,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary: 'Changes waiting for a second staff member (status 0), approved (1) or rejected (2), newest first',
    params: changeListParams,
    response: adminPageOf(changeSchema),
  },
  {
    path: `${ADMIN_API.changes}/:id/approve`,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.finance,
    tag: 'backoffice',
    summary:
      'Approve a pending change: it takes effect in the same transaction; never by its author, a setting only by a super admin (audited change.approve)',
    response: changeSchema,
  },
  {
    path: `${ADMIN_API.changes}/:id/reject`,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.finance,
    tag: 'backoffice',
    summary: 'Reject a pending change with a remark; nothing changes; never by its author (audited change.reject)',
    params: changeRejectParams,
    response: changeSchema,
  },
] as const satisfies readonly CallDef[];
