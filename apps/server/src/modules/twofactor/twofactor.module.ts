import type { ModuleContext } from '../context.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { TotpService, type FactorKind, type FactorSessions } from './totp.service.ts';
import { TwoFactorRepository } from './twofactor.repository.ts';
import { twoFactorRoutes } from './twofactor.routes.ts';

/**
 * Two-factor sign-in (TOTP): optional for traders, enrolment for staff; it confirms withdrawals too, and a trader is
 * told by mail when it is switched on or off. Secrets are encrypted with TOTP_KEY when it is set.
 */
export function registerTwoFactor(
  ctx: ModuleContext,
  deps: {
    notifications: NotificationsService;
    /** Each kind's sessions (accounts module, registered later: called only once running). */
    sessions: (kind: FactorKind) => FactorSessions;
  },
) {
  const { config, clock, settings } = ctx;
  const totp = new TotpService({
    repo: new TwoFactorRepository(ctx.db),
    clock,
    settings,
    key: config.TOTP_KEY ? Buffer.from(config.TOTP_KEY, 'hex') : undefined,
    onChanged: (userId, change) => deps.notifications.twoFactorChanged(userId, change === 'enabled'),
    sessions: deps.sessions,
  });
  twoFactorRoutes(ctx.router, { totp, audit: ctx.audit, now: () => clock.now() });
  return { totp };
}
