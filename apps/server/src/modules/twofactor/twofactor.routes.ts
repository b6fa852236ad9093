import { ADMIN_API, API } from '@tradepad/contracts';
import type { StaffRole } from '@tradepad/contracts/staff/constants';
import type { Router } from '../../core/router.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { TotpService } from './totp.service.ts';

/** Two-factor calls (DESIGN §10): a trader's optional 2FA, and a staff member's enrolment. */
export function twoFactorRoutes(r: Router, deps: { totp: TotpService; audit: AuditRepository; now: () => number }) {
  const { totp, audit } = deps;

  r.get(API.totpStatus, async ({ user }) => ({ enabled: await totp.isEnabled('user', user.user.id) }));
  r.post(API.totpSetup, ({ user }) => {
    const u = user.user;
    return totp.setup('user', u.id, u.email ?? u.phone ?? u.uid, user.sessionId);
  });
  r.post(
    API.totpEnable,
    async ({ user, params }) => ({ recovery_codes: await totp.enable('user', user.user.id, params.code, user.sessionId) }),
    { done: 'ok.totp_enabled' },
  );
  r.post(
    API.totpDisable,
    async ({ user, params }) => {
      await totp.disable(user.user.id, params.code, user.sessionId);
      return null;
    },
    { done: 'ok.totp_disabled' },
  );

  r.post(ADMIN_API.meTotp, ({ staff }) => totp.setup('staff', staff.staff.id, staff.staff.email, staff.sessionId));
  r.post(
    ADMIN_API.meTotpConfirm,
    async ({ staff, params }) => {
      const s = staff.staff;
      await totp.enable('staff', s.id, params.code, staff.sessionId);
      await audit.record({
        staffId: s.id,
        action: 'staff.totp_enrol',
        targetType: 'staff',
        targetId: String(s.id),
        ip: staff.actor.ip,
        at: deps.now(),
      });
      return {
        id: s.id,
        email: s.email,
        name: s.name,
        role: s.role as StaffRole,
        totp_pending: false,
        must_change_password: Number(s.must_change_password) === 1,
      };
    },
    { done: 'ok.totp_enabled' },
  );
}
