import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@tradepad/contracts/staff/constants';
import type { StaffUpdateParams } from '@tradepad/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { refuse } from '../../core/errors.ts';
import { MIN_PASSWORD_SCORE, passwordScore, refuseWeakPassword } from '../../core/password-strength.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../core/security.ts';
import type { Actor, SecondFactorCheck } from '../../core/access.ts';
import type { PageRequest } from '../../db/paging.ts';
import type { OutboxTable, StaffRow } from '../../db/schema.ts';
import type { Clock } from '../../ports/clock.ts';
import type { SessionsService } from '../accounts/sessions.service.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { BackofficeRepository } from './backoffice.repository.ts';
import { maskMessage } from './outbox-mask.ts';
import type { Selectable } from 'kysely';

/** An outbox row without its stored code. */
const outboxView = (r: Selectable<OutboxTable>) => ({
  id: r.id,
  channel: r.channel,
  recipient: r.recipient,
  created_at: r.created_at,
});

/** Staff sign-in and the first super admin. */
export class BackofficeService {
  constructor(
    private readonly repo: BackofficeRepository,
    private readonly audit: AuditRepository,
    private readonly sessions: SessionsService,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly secondFactor?: SecondFactorCheck,
  ) {}

  /** Creates the first super admin when none exists: from ADMIN_EMAIL/ADMIN_PASSWORD, else with a random password logged once. */
  async ensureFirstAdmin(email: string | undefined, password: string | undefined, log: FastifyBaseLogger): Promise<void> {
    if ((await this.repo.countAdmins()) > 0) return;
    const adminEmail = (email ?? 'admin@tradepad.local').toLowerCase();
    const adminPassword = password ?? randomBytes(12).toString('base64url');
    await this.repo.insertStaff({
      email: adminEmail,
      name: 'Super admin',
      passwordHash: await hashPassword(adminPassword),
      role: 'super_admin',
      at: this.clock.now(),
      // The operator chose ADMIN_PASSWORD; a random one printed in the log is to be replaced at first sign-in.
      mustChange: !password,
    });
    if (!password) {
      // Logged under its own key: the logger redacts fields named `password`.
      log.warn(
        { email: adminEmail, initialPassword: adminPassword },
        'first back-office super admin created; change this password',
      );
      return;
    }
    log.info({ email: adminEmail }, 'first back-office super admin created from ADMIN_EMAIL');
    // Not refused (the operator chose it), but said: staff passwords made in the console must pass the same rule.
    if ((await passwordScore(password, [adminEmail])) < MIN_PASSWORD_SCORE)
      log.warn({ email: adminEmail }, 'ADMIN_PASSWORD is a well-known or easily guessed password; change it');
  }

  /**
   * A super admin adds a staff member with one role; written to the audit log. The password is the creator's choice:
   * the new member must replace it at first sign-in (DESIGN §16).
   */
  async createStaff(actor: Actor & { role: string }, s: { email: string; name: string; password: string; role: StaffRole }) {
    if (actor.role !== 'super_admin') throw refuse('err.forbidden');
    if (await this.repo.staffByEmail(s.email)) throw refuse('err.email_taken');
    await refuseWeakPassword(s.password, [s.email, s.name]);
    const at = this.clock.now();
    const id = await this.repo.insertStaff({
      email: s.email,
      name: s.name,
      passwordHash: await hashPassword(s.password),
      role: s.role,
      at,
      mustChange: true,
    });
    await this.audit.record({
      staffId: actor.staffId,
      action: 'staff.create',
      targetType: 'staff',
      targetId: String(id),
      before: null,
      after: { email: s.email, name: s.name, role: s.role },
      ip: actor.ip,
      peer: actor.peer,
      at,
    });
    return { id, email: s.email, name: s.name, role: s.role, totp_pending: true, must_change_password: true };
  }

  /**
   * A super admin changes a staff member's role, disables them (their sessions end in the same transaction) or
   * re-enables them. Refused when it would leave no active super admin, a super admin acting on themself included.
   * Audited as `staff.update` with before and after.
   */
  async updateStaff(actor: Actor, id: number, change: StaffUpdateParams) {
    const at = this.clock.now();
    const row = await this.repo.transaction(async (trx) => {
      const before = await this.repo.staffById(id, trx);
      if (!before) throw refuse('err.record_unknown');
      const next = {
        role: change.role ?? before.role,
        status: change.enabled === undefined ? before.status : change.enabled ? 1 : 0,
      };
      if (next.role === before.role && next.status === before.status) return before;
      if (!(await this.repo.updateStaffKeepingAnAdmin(trx, id, next))) throw refuse('err.last_super_admin');
      if (next.status !== 1) await this.sessions.revokeAll(id, undefined, trx);
      await this.audit.record(
        {
          staffId: actor.staffId,
          action: 'staff.update',
          targetType: 'staff',
          targetId: String(id),
          before: { role: before.role, status: before.status },
          after: next,
          ip: actor.ip,
          peer: actor.peer,
          at,
        },
        trx,
      );
      return { ...before, ...next };
    });
    return { id: row.id, email: row.email, name: row.name, role: row.role, status: row.status, created_at: row.created_at };
  }

  /** A page of the outbox with every code masked, whoever reads it; the reading is audited (DESIGN §10). */
  async outbox(actor: Actor, p: PageRequest & { channel?: 'email' | 'sms'; recipient?: string }) {
    const { rows, total } = await this.repo.outbox(p);
    await this.audit.record({
      staffId: actor.staffId,
      action: 'outbox.read',
      targetType: 'outbox',
      targetId: '',
      after: { channel: p.channel ?? null, recipient: p.recipient ?? null, page: p.page, ids: rows.map((r) => r.id) },
      ip: actor.ip,
      peer: actor.peer,
      at: this.clock.now(),
    });
    return {
      data: rows.map((r) => ({ ...outboxView(r), ...maskMessage(r) })),
      total,
    };
  }

  /** One outbox message in clear, for a super admin (the route's roles); audited as `outbox.reveal`. */
  async revealOutbox(actor: Actor & { role: string }, id: number) {
    if (actor.role !== 'super_admin') throw refuse('err.forbidden');
    const row = await this.repo.outboxMessage(id);
    if (!row) throw refuse('err.record_unknown');
    await this.audit.record({
      staffId: actor.staffId,
      action: 'outbox.reveal',
      targetType: 'outbox',
      targetId: String(id),
      after: { channel: row.channel, recipient: row.recipient },
      ip: actor.ip,
      peer: actor.peer,
      at: this.clock.now(),
    });
    return { ...outboxView(row), subject: row.subject, body: row.body, masked: false };
  }

  /**
   * Signs a staff member in. With TOTP enrolled the code is required (`{"totp_required": true}` without it) and the
   * session is recorded as having passed it; without, the session may only enrol (`totpPending`, DESIGN §10, §16).
   */
  async login(
    email: string,
    password: string,
    ip: string,
    userAgent: string,
    peer = '',
    totp?: string,
    captcha: { key?: string | undefined; text?: string | undefined } = {},
  ): Promise<{ token: string; staff: StaffRow; totpPending: boolean }> {
    const staff = await this.repo.staffByEmail(email);
    // Counted before the password is compared, per staff account and per (account, address), as for traders.
    const attempt = await this.throttle.signIn('staff', staff ? `s:${staff.id}` : `n:${email}`, ip, captcha);
    const valid = await verifyPassword(staff?.password_hash ?? (await decoyPasswordHash()), password);
    if (!staff || !valid) throw attempt.failed();
    if (staff.status !== 1) throw refuse('err.account_disabled');
    const enrolled = this.secondFactor ? await this.secondFactor.atLogin('staff', staff.id, totp) : true;
    await attempt.succeeded();
    const token = await this.sessions.issue(staff.id, ip, userAgent, peer, undefined, enrolled);
    await this.audit.record({
      staffId: staff.id,
      action: 'staff.login',
      targetType: 'staff',
      targetId: String(staff.id),
      ip,
      peer,
      at: this.clock.now(),
    });
    return { token, staff, totpPending: !enrolled };
  }
}
