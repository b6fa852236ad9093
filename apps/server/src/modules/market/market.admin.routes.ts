import { ADMIN_API } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import type { InstrumentsAdmin } from './instruments-admin.service.ts';

/** The back office's instruments (DESIGN §11): the list, and a change for everyone at once (audited). */
export function marketAdminRoutes(r: Router, instruments: InstrumentsAdmin) {
  r.get(ADMIN_API.instruments, () => instruments.list());
  r.post(ADMIN_API.instruments, ({ staff, params }) => instruments.create(staff.actor, params), { done: 'ok.saved' });
  r.post(`${ADMIN_API.instruments}/:id`, ({ staff, id, params }) => instruments.update(staff.actor, id, params), {
    done: 'ok.saved',
  });
}
