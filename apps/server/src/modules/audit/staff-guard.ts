import type { StaffRole } from '@tradepad/contracts/staff';
import { STAFF_ENROLMENT_PATHS } from '@tradepad/contracts/twofactor';
import type { FastifyRequest } from 'fastify';
import { refuse, sessionExpired } from '../../core/errors.ts';
import { clientIp } from '../../core/http.ts';
import type { Actor, StaffContext } from '../../core/access.ts';
import type { AuditRepository } from './audit.repository.ts';

export type { Actor, StaffContext };

/** Resolves the staff member behind a request (code 999 when none) and refuses roles not in `roles`. */
export type StaffGuard = (req: FastifyRequest, roles?: readonly StaffRole[]) => Promise<StaffContext>;

/** What the guard needs of the staff sessions: the live session behind an `authorization` header. */
export interface StaffSessions {
  authenticate(authorization: unknown): Promise<{ id: number; actor_id: number } | undefined>;
}

/**
 * Staff two-factor enrolment (DESIGN §10): whether a staff member has enrolled TOTP. Until then a session may only
 * call the enrolment paths (STAFF_ENROLMENT_PATHS: me, logout, me/totp, me/totp/confirm).
 */
export interface StaffEnrolment {
  enrolled(staffId: number): Promise<boolean>;
}

export function staffGuard(
  sessions: StaffSessions,
  audit: Pick<AuditRepository, 'actingStaff'>,
  enrolment?: StaffEnrolment,
): StaffGuard {
  return async (req, roles) => {
    const session = await sessions.authenticate(req.headers.authorization);
    const staff = session ? await audit.actingStaff(session.actor_id) : undefined;
    if (!session || !staff || staff.status !== 1) throw sessionExpired();
    if (enrolment && !STAFF_ENROLMENT_PATHS.includes(req.routeOptions.url ?? '') && !(await enrolment.enrolled(staff.id)))
      throw refuse('err.totp_enrol_first');
    if (roles && !roles.includes(staff.role as StaffRole)) throw refuse('err.forbidden');
    return { staff, sessionId: session.id, actor: { staffId: staff.id, ip: clientIp(req) } };
  };
}
