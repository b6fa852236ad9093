import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@tradepad/contracts/staff';
import type { FastifyBaseLogger } from 'fastify';
import { refuse } from '../../core/errors.ts';
import { MIN_PASSWORD_SCORE, passwordScore, refuseWeakPassword } from '../../core/password-strength.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../core/security.ts';
import type { StaffRow } from '../../db/schema.ts';
import type { Clock } from '../../ports/clock.ts';
import type { SessionsService } from '../accounts/sessions.service.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { BackofficeRepository } from './backoffice.repository.ts';

/** Staff sign-in and the first super admin. */
export class BackofficeService {
  constructor(
    private readonly repo: BackofficeRepository,
    private readonly audit: AuditRepository,
    private readonly sessions: SessionsService,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
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

  /** A super admin adds a staff member with one role; written to the audit log. */
  async createStaff(actor: StaffRow, s: { email: string; name: string; password: string; role: StaffRole }, ip: string) {
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
    });
    await this.audit.record({
      staffId: actor.id,
      action: 'staff.create',
      targetType: 'staff',
      targetId: String(id),
      before: null,
      after: { email: s.email, name: s.name, role: s.role },
      ip,
      at,
    });
    return { id, email: s.email, name: s.name, role: s.role };
  }

  async login(
    email: string,
    password: string,
    ip: string,
    userAgent: string,
    captcha: { key?: string | undefined; text?: string | undefined } = {},
  ): Promise<{ token: string; staff: StaffRow }> {
    const staff = await this.repo.staffByEmail(email);
    // Counted before the password is compared, per staff account and per (account, address), as for traders.
    const attempt = await this.throttle.signIn('staff', staff ? `s:${staff.id}` : `n:${email}`, ip, captcha);
    const valid = await verifyPassword(staff?.password_hash ?? (await decoyPasswordHash()), password);
    if (!staff || !valid) throw attempt.failed();
    if (staff.status !== 1) throw refuse('err.account_disabled');
    await attempt.succeeded();
    const token = await this.sessions.issue(staff.id, ip, userAgent);
    await this.audit.record({
      staffId: staff.id,
      action: 'staff.login',
      targetType: 'staff',
      targetId: String(staff.id),
      ip,
      at: this.clock.now(),
    });
    return { token, staff };
  }
}
