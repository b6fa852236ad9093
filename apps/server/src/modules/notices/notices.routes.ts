import { API } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import type { NoticesService } from './notices.service.ts';

/** The notification centre and web push subscriptions (issue 21, DESIGN §13). */
export function noticesRoutes(r: Router, notices: NoticesService) {
  r.get(API.notices, ({ user, req, params: p }) => notices.list(user.user.id, req.lang, { page: p.page, limit: p.limit }));
  r.get(API.noticesUnread, ({ user }) => notices.unread(user.user.id));
  r.post(API.noticesRead, ({ user, params }) => notices.markRead(user.user.id, params.id));
  r.get(API.pushVapidKey, () => notices.vapidKey());
  r.post(API.pushSubscribe, ({ user, params }) => notices.subscribe(user.user.id, params.subscription));
  r.post(API.pushUnsubscribe, ({ user, params }) => notices.unsubscribe(user.user.id, params.endpoint));
  r.get(API.pushPrefs, ({ user }) => notices.prefs(user.user.id));
  r.post(API.pushPrefs, ({ user, params }) => notices.setPrefs(user.user.id, params.kinds));
}
