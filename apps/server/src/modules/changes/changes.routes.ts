import { ADMIN_API } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import type { ChangesService } from './changes.service.ts';

/** The changes queue (issue 29): list by status, approve, reject; the service checks the author and the kind's role. */
export function changesRoutes(r: Router, changes: ChangesService) {
  r.get(ADMIN_API.changes, ({ params: p }) => changes.list({ status: p.status, page: p.page, limit: p.limit }));
  r.post(
    `${ADMIN_API.changes}/:id/approve`,
    ({ staff, id }) => changes.approve({ actor: staff.actor, role: staff.staff.role }, id),
    { done: 'ok.approved' },
  );
  r.post(
    `${ADMIN_API.changes}/:id/reject`,
    ({ staff, id, params }) => changes.reject({ actor: staff.actor, role: staff.staff.role }, id, params.remark),
    { done: 'ok.rejected' },
  );
}
