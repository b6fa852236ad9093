import type { StaffRole } from '@tradepad/contracts/staff/constants';
import { STAFF_ENROLMENT_PATHS, STAFF_PASSWORD_CHANGE_PATHS } from '@tradepad/contracts/twofactor/schemas';
import type { FastifyRequest } from 'fastify';
import { deny, refuse, sessionExpired } from '../../core/errors.ts';
import { clientIp, socketPeer } from '../../core/http.ts';
import type { Actor, StaffContext } from '../../core/access.ts';
import type { AuditRepository } from './audit.repository.ts';

export type { Actor, StaffContext };

/** Resolves the staff member behind a request (code 999 when none) and refuses roles not in `roles`. */
export type StaffGuard = (req: FastifyRequest, roles?: readonly StaffRole[]) => Promise<StaffContext>;

/** What the guard needs of the staff sessions: the live session behind an `authorization` header. */
export interface StaffSessions {
  authenticate(
    authorization: unknown,
  ): Promise<{ id: number; actor_id: number; factor_passed_at?: number | null | undefined } | undefined>;
  revoke(sessionId: number): Promise<void>;
}

/** The absolute lifetime of a staff session (a run-time setting) and the clock it is measured by. */
export interface StaffSessionLimit {
  maxAgeMs(): Promise<number>;
  now(): number;
}

/**
 * Staff two-factor enrolment (DESIGN §10, §16): whether a staff member has enrolled TOTP. A session that has not passed
 * TOTP may only call the enrolment paths (STAFF_ENROLMENT_PATHS: me, logout, me/totp, me/totp/confirm, me/password),
 * and only while its staff member has not enrolled: once they have (elsewhere), such a session is ended.
 */
export interface StaffEnrolment {
  enrolled(staffId: number): Promise<boolean>;
}

/**
 * The guard: a live session of an active staff member, younger than the absolute lifetime however active it was (an
 * older one is revoked and answers 999); a session that passed TOTP unless the call is an enrolment path of a staff
 * member not yet enrolled; a password another staff member set already replaced unless the call is `me`, `logout` or
 * `me/password`; and a role in `roles`.
 */
export function staffGuard(
  sessions: StaffSessions,
  audit: Pick<AuditRepository, 'actingStaff' | 'sessionStartedAt'>,
  { limit, enrolment }: { limit?: StaffSessionLimit; enrolment?: StaffEnrolment } = {},
): StaffGuard {
  return async (req, roles) => {
    const session = await sessions.authenticate(req.headers.authorization);
    const staff = session ? await audit.actingStaff(session.actor_id) : undefined;
    if (!session || !staff || staff.status !== 1) throw sessionExpired();
    if (limit) {
      const started = await audit.sessionStartedAt(session.id);
      if (started === undefined || limit.now() - started >= (await limit.maxAgeMs())) {
        await sessions.revoke(session.id);
        throw sessionExpired();
      }
    }
    const path = req.routeOptions.url ?? '';
    if (enrolment && !session.factor_passed_at) {
      // Opened before its staff member enrolled (the bootstrap admin's too): it never gains what enrolment opens.
      if (await enrolment.enrolled(staff.id)) {
        await sessions.revoke(session.id);
        throw sessionExpired();
      }
      if (!STAFF_ENROLMENT_PATHS.includes(path)) throw refuse('err.totp_enrol_first');
    }
    if (Number(staff.must_change_password) === 1 && !STAFF_PASSWORD_CHANGE_PATHS.includes(path))
      throw refuse('err.password_change_first');
    const actor = { staffId: staff.id, ip: clientIp(req), peer: socketPeer(req) };
    // Audited by the router as `<object>.<verb>.denied` (issue 29).
    if (roles && !roles.includes(staff.role as StaffRole)) throw deny('err.forbidden', {}, actor);
    return { staff, sessionId: session.id, factorPassed: !!session.factor_passed_at, actor };
  };
}
