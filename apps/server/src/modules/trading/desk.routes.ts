import { ADMIN_API } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import type { DeskService } from './desk.service.ts';

/** The back office's trading desk and risk page (DESIGN §11): dealer and super admin, from their contracts. */
export function deskRoutes(r: Router, desk: DeskService) {
  r.get(ADMIN_API.positions, ({ params }) => desk.positions(params));
  r.post(`${ADMIN_API.positions}/:id/close`, ({ staff, id, params }) => desk.close(staff.actor, id, params.reason), {
    done: 'ok.order_closed',
  });
  r.get(ADMIN_API.exposure, () => desk.exposure());
  r.get(ADMIN_API.risk, () => desk.risk());
}
