import { ADMIN_API, emailParam, newPasswordParam, pageParams, passwordParam, textParam } from '@tradepad/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sessionExpired } from '../../core/errors.ts';
import { clientIp, ok, parseParams } from '../../core/http.ts';
import type { StaffRow } from '../../db/schema.ts';
import type { SessionsService } from '../accounts/sessions.service.ts';
import type { BackofficeRepository } from './backoffice.repository.ts';
import { STAFF_ROLES, type BackofficeService, type StaffRole } from './backoffice.service.ts';
import { refuse } from '../../core/errors.ts';

const loginBody = z.object({ email: emailParam, password: passwordParam });
const outboxQuery = z.object({
  ...pageParams,
  channel: z.enum(['email', 'sms'], { error: 'err.field_invalid' }).optional(),
  recipient: z.string().trim().max(254, { error: 'err.field_invalid' }).optional(),
});

const newStaffBody = z.object({
  email: emailParam,
  name: textParam('err.field_invalid', 1, 100),
  password: newPasswordParam,
  role: z.enum(STAFF_ROLES, { error: 'err.field_invalid' }),
});
const pageQuery = z.object(pageParams);

/** Who may read what: the outbox holds verification codes, the audit log every staff action. */
const READERS: Record<'outbox' | 'audit' | 'staff', readonly StaffRole[]> = {
  outbox: ['super_admin', 'compliance'],
  audit: ['super_admin', 'compliance'],
  staff: ['super_admin'],
};

const staffView = (s: StaffRow) => ({ id: s.id, email: s.email, name: s.name, role: s.role });

export type StaffGuard = (req: FastifyRequest, roles?: readonly StaffRole[]) => Promise<{ staff: StaffRow; sessionId: number }>;

/** Resolves the staff member behind a request (code 999 when none) and refuses roles not in `roles`. */
export function staffGuard(sessions: SessionsService, repo: BackofficeRepository): StaffGuard {
  return async (req, roles) => {
    const session = await sessions.authenticate(req.headers.authorization);
    const staff = session ? await repo.staffById(session.actor_id) : undefined;
    if (!session || !staff || staff.status !== 1) throw sessionExpired();
    if (roles && !roles.includes(staff.role as StaffRole)) throw refuse('err.forbidden');
    return { staff, sessionId: session.id };
  };
}

/** The back-office API (DESIGN §3): separate staff accounts, the same envelope. */
export function backofficeRoutes(
  app: FastifyInstance,
  deps: { service: BackofficeService; repo: BackofficeRepository; sessions: SessionsService },
) {
  const requireStaff = staffGuard(deps.sessions, deps.repo);

  app.post(ADMIN_API.login, async (req) => {
    const p = parseParams(loginBody, req);
    const { token, staff } = await deps.service.login(
      p.email,
      p.password,
      clientIp(req),
      String(req.headers['user-agent'] ?? ''),
    );
    return ok(req, { token, ...staffView(staff) }, 'ok.logged_in');
  });

  app.get(ADMIN_API.me, async (req) => ok(req, staffView((await requireStaff(req)).staff)));

  app.post(ADMIN_API.logout, async (req) => {
    const { sessionId } = await requireStaff(req);
    await deps.sessions.revoke(sessionId);
    return ok(req, null, 'ok.logged_out');
  });

  app.get(ADMIN_API.staff, async (req) => {
    await requireStaff(req, READERS.staff);
    return ok(req, await deps.repo.listStaff());
  });

  app.post(ADMIN_API.staff, async (req) => {
    const { staff } = await requireStaff(req, READERS.staff);
    return ok(req, await deps.service.createStaff(staff, parseParams(newStaffBody, req), clientIp(req)));
  });

  app.get(ADMIN_API.audit, async (req) => {
    await requireStaff(req, READERS.audit);
    const q = parseParams(pageQuery, req);
    return ok(req, await deps.repo.auditPage(q.page, q.limit));
  });

  app.get(ADMIN_API.outbox, async (req) => {
    await requireStaff(req, READERS.outbox);
    const q = parseParams(outboxQuery, req);
    return ok(req, await deps.repo.outbox(q.page, q.limit, q.channel, q.recipient));
  });
}
