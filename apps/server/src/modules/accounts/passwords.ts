import type { amendPasswordParams, forgetPasswordParams } from '@tradepad/contracts';
import type { z } from 'zod';
import { transaction } from '../../db/after-commit.ts';
import { AppError, refuse } from '../../core/errors.ts';
import { refuseWeakPassword } from '../../core/password-strength.ts';
import { hashPassword, verifyPassword } from '../../core/security.ts';
import type { Notifier } from '../../ports/notifier.ts';
import type { AccountsDeps, RequestCtx } from './accounts.service.ts';
import type { CodeTargets } from './code-targets.ts';
import type { ReferenceData } from './reference-data.ts';
import type { VerificationCodes } from './verification-codes.ts';
import type { RealUser } from '../../core/access.ts';

/**
 * A forgotten password replaced with a code to the account's address, and a known one changed with the old password
 * and a code to the account's own address; either signs out the other sessions and tells the trader.
 */
export class Passwords {
  constructor(
    private readonly codes: VerificationCodes,
    private readonly targets: CodeTargets,
    private readonly ref: ReferenceData,
    private readonly notifier: Notifier,
    private readonly d: Pick<AccountsDeps, 'db' | 'repo' | 'sessions' | 'throttle' | 'clock'>,
  ) {}

  async forgetPassword(p: z.infer<typeof forgetPasswordParams>, ctx: RequestCtx): Promise<void> {
    if (p.new_password !== p.secondary_password) throw refuse('err.password_not_equal');
    await refuseWeakPassword(p.new_password, [p.account]);
    const target = await this.targets
      .registrationTarget({ type: p.type, account: p.account, area_id: p.area_id })
      .catch((e: unknown) => {
        // A restricted area must not stop an existing customer from recovering access.
        if (e instanceof AppError && e.key === 'err.area_restricted')
          return this.ref.area(p.area_id!).then((a) => this.targets.phoneTarget(a, p.account));
        throw e;
      });
    // Counted before the answer can tell whether the address has an account, and before the code is compared.
    await this.d.throttle.codeCheck(ctx.ip, target.code.address);
    const user = await this.targets.userByTarget(target.code);
    if (!user || user.is_demo)
      throw refuse(target.code.channel === 'email' ? 'err.email_not_registered' : 'err.mobile_not_registered');
    const codeId = await this.codes.check(target.code, 2, p.auth_code);
    await this.replacePassword(user.id, codeId, p.new_password);
    this.notifier.notify(user.id, { kind: 'password_reset' });
  }

  async amendPassword(
    user: RealUser,
    sessionId: number,
    p: z.infer<typeof amendPasswordParams>,
    ctx: Pick<RequestCtx, 'ip'>,
  ): Promise<void> {
    if (p.new_password !== p.secondary_password) throw refuse('err.password_not_equal');
    const check = await this.d.throttle.passwordCheck(user.id);
    if (!(await verifyPassword(user.password_hash, p.old_password))) throw refuse('err.old_password_wrong');
    await check.succeeded();
    if (p.new_password === p.old_password) throw refuse('err.password_same');
    await refuseWeakPassword(p.new_password, [user.email ?? '', user.mobile ?? '']);
    const target = await this.targets.ownTarget(user, p.type);
    await this.d.throttle.codeCheck(ctx.ip, target.address);
    const codeId = await this.codes.check(target, 3, p.auth_code);
    await this.replacePassword(user.id, codeId, p.new_password, sessionId);
    this.notifier.notify(user.id, { kind: 'password_changed' });
  }

  /** Uses the code, sets the new password and signs out every session but `keepSessionId`, all in one transaction. */
  private async replacePassword(userId: number, codeId: number, password: string, keepSessionId?: number): Promise<void> {
    const passwordHash = await hashPassword(password);
    const now = this.d.clock.now();
    // Opened with transaction(): the revoked sessions' sockets are told after the commit (SessionsService.revokeAll).
    await transaction(this.d.db, async (trx) => {
      if (!(await this.d.repo.consumeCode(trx, codeId, now))) throw refuse('err.code_expired');
      await this.d.repo.setPassword(trx, userId, passwordHash, now);
      await this.d.sessions.revokeAll(userId, keepSessionId, trx);
    });
    this.d.sessions.forgetUser(userId);
  }
}
