import { ADMIN_API, API } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import type { KycService } from './kyc.service.ts';

/** `user_real/real_name` and `user_real/center`, and the back office's real-name queue (each decision audited). */
export function kycRoutes(r: Router, kyc: KycService) {
  r.post(API.realName, ({ user, params }) => kyc.apply(user.user, params), { done: 'ok.kyc_submitted' });
  r.get(API.realNameCenter, ({ user }) => kyc.center(user.user));

  r.get(ADMIN_API.kyc, ({ params: p }) =>
    kyc.queue({ status: p.status, userId: p.user_id, expiry: p.expiry, page: p.page, limit: p.limit }),
  );
  r.post(`${ADMIN_API.kyc}/:id/approve`, ({ staff, id }) => kyc.approve(staff.actor, id), { done: 'ok.approved' });
  r.post(`${ADMIN_API.kyc}/:id/reject`, ({ staff, id, params }) => kyc.reject(staff.actor, id, params.remark), {
    done: 'ok.rejected',
  });
  r.post(`${ADMIN_API.kyc}/:id/more`, ({ staff, id, params }) => kyc.askMore(staff.actor, id, params.message), {
    done: 'ok.kyc_more',
  });
}
