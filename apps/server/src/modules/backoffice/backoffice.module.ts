import type { SessionsService } from '../accounts/sessions.service.ts';
import { staffGuard } from '../audit/staff-guard.ts';
import type { ModuleContext } from '../context.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { TotpService } from '../twofactor/totp.service.ts';
import { BackofficeRepository } from './backoffice.repository.ts';
import { backofficeRoutes } from './backoffice.routes.ts';
import { BackofficeService } from './backoffice.service.ts';
import { StaffCredentials } from './staff-credentials.ts';

/**
 * Staff accounts and their sign-in: provides the router's staff check (a live session, younger than
 * `staff_session_max_hours`, that passed TOTP unless enrolling, whose password is the owner's own unless changing it,
 * with one of the call's roles), staff passwords and resets, and creates the first super admin on first start (from
 * ADMIN_EMAIL / ADMIN_PASSWORD, or a random password logged once).
 */
export async function registerBackoffice(
  ctx: ModuleContext,
  deps: { staffSessions: SessionsService; throttle: Throttle; totp: TotpService },
) {
  const { clock, settings, audit, config } = ctx;
  const repo = new BackofficeRepository(ctx.db, ctx.database.kind);
  const service = new BackofficeService(repo, audit, deps.staffSessions, clock, deps.throttle, deps.totp);
  const enrolled = (staffId: number) => deps.totp.isEnabled('staff', staffId);
  const guard = staffGuard(deps.staffSessions, audit, {
    limit: {
      maxAgeMs: async () => (await settings.int('staff_session_max_hours')) * 3_600_000,
      now: () => clock.now(),
    },
    enrolment: { enrolled },
  });
  ctx.access.provideStaff(guard);
  const credentials = new StaffCredentials({
    repo,
    audit,
    sessions: deps.staffSessions,
    factor: deps.totp,
    clock,
    limit: deps.throttle,
  });
  backofficeRoutes(ctx.router, { service, repo, audit, sessions: deps.staffSessions, credentials, clock: ctx.clock });
  await service.ensureFirstAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, ctx.log);
  return { backoffice: service };
}
