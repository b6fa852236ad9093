import { ADMIN_API, API } from '@tradepad/contracts';
import { clientIp } from '../../core/http.ts';
import type { Router } from '../../core/router.ts';
import type { SupportService } from './support.service.ts';

/** The support chat: the trader's thread and the staff inbox (replies audited). */
export function supportRoutes(r: Router, support: SupportService) {
  r.get(API.supportMessages, ({ user, params: p }) => support.mine(user.user, { page: p.page, limit: p.limit }));
  r.post(API.supportMessages, ({ user, params, req }) => support.post(user.user, params, clientIp(req)));

  r.get(ADMIN_API.supportThreads, ({ params: p }) => support.threads({ page: p.page, limit: p.limit, status: p.status }));
  r.get(`${ADMIN_API.supportThreads}/:id`, ({ id, params: p }) => support.thread(id, { page: p.page, limit: p.limit }));
  r.post(`${ADMIN_API.supportThreads}/:id`, ({ staff, id, params }) => support.reply(staff.actor, id, params.text));
}
