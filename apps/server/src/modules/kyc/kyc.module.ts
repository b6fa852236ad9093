import type { ModuleContext } from '../context.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { KycRepository } from './kyc.repository.ts';
import { kycRoutes } from './kyc.routes.ts';
import { KycService } from './kyc.service.ts';

/**
 * Real-name verification: the trader's submission, the staff's review (audited), the trader told of the decision (an
 * in-app notice and push in its transaction, a mail after).
 */
export function registerKyc(
  ctx: ModuleContext,
  deps: { uploads: UploadsService; notifications: NotificationsService; notices: NoticesService },
) {
  const kyc = new KycService({
    db: ctx.db,
    repo: new KycRepository(ctx.db),
    audit: ctx.audit,
    images: deps.uploads,
    notifier: deps.notifications,
    notices: deps.notices,
    clock: ctx.clock,
  });
  kycRoutes(ctx.router, kyc);
  return { kyc };
}
