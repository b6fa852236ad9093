import { randomInt } from 'node:crypto';
import type { StaffResetParams } from '@tradepad/contracts';
import type { Actor } from '../../core/access.ts';
import { refuse } from '../../core/errors.ts';
import { refuseWeakPassword } from '../../core/password-strength.ts';
import { hashPassword, verifyPassword } from '../../core/security.ts';
import type { Tx } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { BackofficeRepository } from './backoffice.repository.ts';

/** What resetting needs of the staff sessions: ending an account's sessions inside the reset's transaction. */
export interface CredentialSessions {
  revokeAll(actorId: number, keepSessionId?: number, db?: Tx): Promise<void>;
}

/** What resetting needs of the two-factor module: removing a staff member's factor inside the reset's transaction. */
export interface StaffFactor {
  removeStaffFactor(trx: Tx, staffId: number): Promise<boolean>;
}

/** The old password asked again: failures are counted per staff account (the throttle's password check). */
export interface PasswordCheckLimit {
  passwordCheck(key: string): Promise<{ succeeded(): Promise<void> }>;
}

/** Who acts when the break-glass command runs on the server machine: no staff member (`staff_id` null). */
export interface SystemActor {
  /** The machine and operating-system user the command ran as, for the audit record. */
  by: string;
}

/** Letters and digits that cannot be misread for one another (no 0/O, 1/l/I). */
const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A temporary password: 16 characters of a 57-letter alphabet (about 93 bits) in four groups, with at least one letter
 * and one digit, as the password rule asks of a password the owner chooses.
 */
export function temporaryPassword(): string {
  for (;;) {
    const chars = Array.from({ length: 16 }, () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)]!);
    const text = chars.join('');
    if (/\d/.test(text) && /[A-Za-z]/.test(text)) return text.match(/.{4}/g)!.join('-');
  }
}

/**
 * Staff passwords and resets (DESIGN §16): a staff member changes their own password; a super admin resets another's
 * password (a temporary one, to be changed at first sign-in) or 2FA; the break-glass command on the server machine
 * resets both of a super admin. Every change ends the account's other sessions in its transaction (their sockets are
 * told after the commit) and is audited in it.
 */
export class StaffCredentials {
  constructor(
    private readonly d: {
      repo: BackofficeRepository;
      audit: AuditRepository;
      sessions: CredentialSessions;
      factor: StaffFactor;
      clock: Clock;
      limit?: PasswordCheckLimit | undefined;
    },
  ) {}

  /** A staff member replaces their password with the old one; every other session of theirs ends. */
  async changeOwn(actor: Actor, sessionId: number, p: { old_password: string; new_password: string }): Promise<void> {
    const staff = await this.d.repo.staffById(actor.staffId);
    if (!staff) throw refuse('err.record_unknown');
    const check = await this.d.limit?.passwordCheck(`staff:${staff.id}`);
    if (!(await verifyPassword(staff.password_hash, p.old_password))) throw refuse('err.old_password_wrong');
    await check?.succeeded();
    if (p.new_password === p.old_password) throw refuse('err.password_same');
    await refuseWeakPassword(p.new_password, [staff.email, staff.name]);
    const passwordHash = await hashPassword(p.new_password);
    await this.d.repo.transaction(async (trx) => {
      const done = await this.d.repo.setPassword(trx, staff.id, {
        passwordHash,
        mustChange: false,
        expectHash: staff.password_hash,
      });
      // Another change of this password won meanwhile: the old password given is no longer the password.
      if (!done) throw refuse('err.old_password_wrong');
      await this.d.sessions.revokeAll(staff.id, sessionId, trx);
      await this.d.audit.record(
        {
          staffId: actor.staffId,
          action: 'staff.password_change',
          targetType: 'staff',
          targetId: String(staff.id),
          before: { must_change_password: Number(staff.must_change_password) === 1 },
          after: { must_change_password: false },
          ip: actor.ip,
          peer: actor.peer,
          at: this.d.clock.now(),
        },
        trx,
      );
    });
  }

  /**
   * A super admin resets another staff member's password (answered once as `temporary_password`; it must be changed at
   * first sign-in) or 2FA (they enrol again at their next sign-in). Never one's own; every session of theirs ends.
   */
  async reset(actor: Actor, id: number, { what }: StaffResetParams): Promise<{ temporary_password?: string }> {
    if (id === actor.staffId) throw refuse('err.staff_reset_self');
    return this.resetIn(id, [what], {
      staffId: actor.staffId,
      ip: actor.ip,
      peer: actor.peer,
      by: undefined,
    });
  }

  /**
   * The break-glass command (`npm run admin -- reset <email>` on the server machine): resets both the password and the
   * 2FA of a super admin, audited with no staff member as actor. Refused for any other account.
   */
  async breakGlass(email: string, system: SystemActor): Promise<{ temporary_password: string }> {
    const staff = await this.d.repo.staffByEmail(email.trim().toLowerCase());
    if (!staff) throw new BreakGlassRefused(`no staff account with the e-mail ${email}`);
    if (staff.role !== 'super_admin')
      throw new BreakGlassRefused(`${staff.email} is not a super admin: a super admin resets it from the console`);
    const out = await this.resetIn(staff.id, ['password', '2fa'], { staffId: null, ip: 'local', peer: '', by: system.by });
    return { temporary_password: out.temporary_password! };
  }

  private async resetIn(
    id: number,
    what: ReadonlyArray<'password' | '2fa'>,
    actor: { staffId: number | null; ip: string; peer: string; by: string | undefined },
  ): Promise<{ temporary_password?: string }> {
    const temporary = what.includes('password') ? temporaryPassword() : undefined;
    const passwordHash = temporary === undefined ? undefined : await hashPassword(temporary);
    return this.d.repo.transaction(async (trx) => {
      const staff = await this.d.repo.staffById(id, trx);
      if (!staff) throw refuse('err.record_unknown');
      if (passwordHash !== undefined) await this.d.repo.setPassword(trx, id, { passwordHash, mustChange: true });
      const factorWasOn = what.includes('2fa') ? await this.d.factor.removeStaffFactor(trx, id) : undefined;
      await this.d.sessions.revokeAll(id, undefined, trx);
      await this.d.audit.record(
        {
          staffId: actor.staffId,
          action: 'staff.reset',
          targetType: 'staff',
          targetId: String(id),
          before: factorWasOn === undefined ? undefined : { totp_enabled: factorWasOn },
          after: { what, ...(actor.by === undefined ? {} : { by: actor.by }) },
          ip: actor.ip,
          peer: actor.peer,
          at: this.d.clock.now(),
        },
        trx,
      );
      return temporary === undefined ? {} : { temporary_password: temporary };
    });
  }
}

/** The break-glass command refused the account (unknown, or not a super admin): its message is printed as is. */
export class BreakGlassRefused extends Error {}
