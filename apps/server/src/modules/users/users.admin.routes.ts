import { ADMIN_API } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import type { UsersAdminService } from './users.service.ts';

/**
 * The back office's users and balance adjustments (DESIGN §11): every role reads users; finance and super admin act
 * (the contracts name the roles; the router checks them before anything else). Every action is audited.
 */
export function usersAdminRoutes(r: Router, users: UsersAdminService) {
  r.get(ADMIN_API.users, ({ params: p }) => users.search(p.q, { page: p.page, limit: p.limit }));
  r.get(`${ADMIN_API.users}/:id`, ({ req, id }) => users.detail(id, req.lang));
  r.post(`${ADMIN_API.users}/:id/status`, ({ staff, id, params }) => users.setStatus(staff.actor, id, params), {
    done: 'ok.saved',
  });
  r.post(`${ADMIN_API.users}/:id/sessions/revoke`, ({ staff, id }) => users.revokeSessions(staff.actor, id), {
    done: 'ok.saved',
  });
  r.post(`${ADMIN_API.users}/:id/totp/reset`, ({ staff, id }) => users.resetTotp(staff.actor, id), { done: 'ok.saved' });
  r.post(`${ADMIN_API.users}/:id/notes`, ({ staff, id, params }) => users.addNote(staff.actor, id, params.text), {
    done: 'ok.saved',
  });
  r.post(`${ADMIN_API.users}/:id/adjust`, ({ staff, id, params }) => users.adjust(staff.actor, id, params), {
    done: 'ok.saved',
  });

  r.get(ADMIN_API.adjustments, ({ params: p }) =>
    users.adjustments({ status: p.status, userId: p.user_id, page: p.page, limit: p.limit }),
  );
  r.post(`${ADMIN_API.adjustments}/:id/approve`, ({ staff, id }) => users.approve(staff.actor, id), { done: 'ok.approved' });
  r.post(`${ADMIN_API.adjustments}/:id/reject`, ({ staff, id, params }) => users.reject(staff.actor, id, params.remark), {
    done: 'ok.rejected',
  });
}
