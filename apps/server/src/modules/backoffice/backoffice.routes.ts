import { ADMIN_API } from '@tradepad/contracts';
import type { StaffRole } from '@tradepad/contracts/staff/constants';
import { clientIp, socketPeer } from '../../core/http.ts';
import type { Router } from '../../core/router.ts';
import type { StaffRow } from '../../db/schema.ts';
import type { SessionsService } from '../accounts/sessions.service.ts';
import type { AuditListRow, AuditRepository } from '../audit/audit.repository.ts';
import type { BackofficeRepository } from './backoffice.repository.ts';
import type { BackofficeService } from './backoffice.service.ts';
import type { StaffCredentials } from './staff-credentials.ts';
import { dayBound, sendCsv, sendJson } from '../../core/csv-download.ts';
import { timeText } from '../../core/time.ts';
import { batchesOf } from '../../db/paging.ts';
import type { Clock } from '../../ports/clock.ts';
import { recordExport } from '../audit/export-audit.ts';

/** The role column only ever holds one of STAFF_ROLES: it is written from validated input (newStaffParams) and seeds. */
const staffView = (s: StaffRow, totpPending: boolean) => ({
  id: s.id,
  email: s.email,
  name: s.name,
  role: s.role as StaffRole,
  totp_pending: totpPending,
  must_change_password: Number(s.must_change_password) === 1,
});

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The audit log's export columns (DESIGN §16): times in unix ms and as UTC text; before and after as stored JSON. */
const AUDIT_CSV_COLUMNS = [
  'id',
  'created_at',
  'created_at_utc',
  'staff_id',
  'staff_email',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'ip',
  'peer_ip',
] as const;

/** Staff sign-in, staff accounts, the audit log and the outbox (DESIGN §3, §11); the other staff calls are their modules'. */
export function backofficeRoutes(
  r: Router,
  deps: {
    service: BackofficeService;
    repo: BackofficeRepository;
    audit: AuditRepository;
    sessions: SessionsService;
    credentials: StaffCredentials;
    clock: Clock;
  },
) {
  const { service, repo, audit, credentials } = deps;

  r.post(
    ADMIN_API.login,
    async ({ req, params }) => {
      const { token, staff, totpPending } = await service.login(
        params.email,
        params.password,
        clientIp(req),
        String(req.headers['user-agent'] ?? ''),
        socketPeer(req),
        params.totp,
        { key: params.key, text: params.captcha },
      );
      return { token, ...staffView(staff, totpPending) };
    },
    { done: 'ok.logged_in' },
  );
  // The guard lets a session that has not passed TOTP this far only while its staff member has not enrolled.
  r.get(ADMIN_API.me, ({ staff }) => staffView(staff.staff, !staff.factorPassed));
  r.post(
    ADMIN_API.mePassword,
    async ({ staff, params }) => {
      await credentials.changeOwn(staff.actor, staff.sessionId, params);
      return null;
    },
    { done: 'ok.password_changed' },
  );
  r.post(
    ADMIN_API.logout,
    async ({ staff }) => {
      await deps.sessions.revoke(staff.sessionId);
      return null;
    },
    { done: 'ok.logged_out' },
  );

  r.get(ADMIN_API.staff, () => repo.listStaff());
  r.post(ADMIN_API.staff, ({ staff, params }) => service.createStaff({ ...staff.actor, role: staff.staff.role }, params), {
    done: 'ok.saved',
  });
  r.post(`${ADMIN_API.staff}/:id`, ({ staff, id, params }) => service.updateStaff(staff.actor, id, params), {
    done: 'ok.saved',
  });
  r.post(`${ADMIN_API.staff}/:id/reset`, ({ staff, id, params }) => credentials.reset(staff.actor, id, params), {
    done: 'ok.saved',
  });
  const auditView = (a: AuditListRow) => ({
    ...a,
    staff_email: a.staff_email ?? '',
    object: `${a.target_type}:${a.target_id}`,
    before: parseJson(a.before_json),
    after: parseJson(a.after_json),
  });
  r.get(
    ADMIN_API.audit,
    async ({ req, reply, staff, params }) => {
      const filter = {
        staffId: params.staff_id,
        action: params.action,
        from: dayBound(params.from, 'from'),
        to: dayBound(params.to, 'to'),
      };
      if (params.format !== 'csv') {
        const { rows, total } = await audit.page({ page: params.page, limit: params.limit, ...filter });
        return sendJson(req, reply, { data: rows.map(auditView), total }) as never;
      }
      await recordExport(audit, staff.actor, deps.clock.now(), 'audit', params);
      return sendCsv(reply, {
        name: 'audit',
        columns: AUDIT_CSV_COLUMNS,
        batches: batchesOf((before, size) => audit.batch(filter, before, size)),
        cells: (a) => [
          a.id,
          a.created_at,
          timeText(a.created_at),
          a.staff_id,
          a.staff_email ?? '',
          a.action,
          a.target_type,
          a.target_id,
          a.before_json ?? '',
          a.after_json ?? '',
          a.ip,
          a.peer_ip,
        ],
      }) as never;
    },
    { raw: true },
  );
  r.get(ADMIN_API.outbox, ({ staff, params }) => service.outbox(staff.actor, params));
  r.post(`${ADMIN_API.outbox}/:id/reveal`, ({ staff, id }) =>
    service.revealOutbox({ ...staff.actor, role: staff.staff.role }, id),
  );
}
