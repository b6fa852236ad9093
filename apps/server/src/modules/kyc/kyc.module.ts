import type { ModuleContext } from '../context.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { LeaderTask } from '../trading/trading.module.ts';
import { KycExpiryCheck } from './kyc-expiry.ts';
import { KycRepository } from './kyc.repository.ts';
import { kycRoutes } from './kyc.routes.ts';
import { KycService } from './kyc.service.ts';

/**
 * Real-name verification: the trader's submission, the staff's review (audited), the trader told of the decision (an
 * in-app notice and push in its transaction, a mail after); staff may ask for more information, and the engine leader
 * checks every day for documents about to expire.
 */
export function registerKyc(
  ctx: ModuleContext,
  deps: {
    uploads: UploadsService;
    notifications: NotificationsService;
    notices: NoticesService;
    /** Runs a task on the engine leader only (the daily expiry check: one node tells each reminder). */
    onLeading: (task: LeaderTask) => void;
  },
) {
  const repo = new KycRepository(ctx.db);
  const kyc = new KycService({
    db: ctx.db,
    repo,
    audit: ctx.audit,
    images: deps.uploads,
    notifier: deps.notifications,
    notices: deps.notices,
    clock: ctx.clock,
  });
  kycRoutes(ctx.router, kyc);
  const expiry = new KycExpiryCheck({
    ...{ db: ctx.db, repo, clock: ctx.clock, log: ctx.log },
    ...{ notifier: deps.notifications, notices: deps.notices },
  });
  deps.onLeading({ start: async () => expiry.startChecking(), stop: async () => expiry.stopChecking() });
  return { kyc, kycExpiry: expiry };
}
