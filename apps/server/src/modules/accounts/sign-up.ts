import { ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE, mobileParam, type registerParams } from '@tradepad/contracts';
import type { z } from 'zod';
import { AppError, refuse } from '../../core/errors.ts';
import { refuseWeakPassword } from '../../core/password-strength.ts';
import { hashPassword, randomCode } from '../../core/security.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { AccountsDeps, RequestCtx } from './accounts.service.ts';
import type { CodeTargets } from './code-targets.ts';
import type { ReferenceData } from './reference-data.ts';
import type { VerificationCodes } from './verification-codes.ts';

/** A value of a unique column not taken yet (a uid, an invite code, a demo id), drawn by `make` until one is free. */
export async function uniqueValue(
  repo: AccountsRepository,
  column: 'uid' | 'invite_code' | 'demo_id',
  make: () => string,
): Promise<string> {
  for (;;) {
    const value = make();
    if (!(await repo.isTaken(column, value))) return value;
  }
}

/**
 * Signing up for a real account: the site's allowed sign-up types, the password, the country of residence, the invite
 * code and the verification code (or captcha) are checked, then the user and their consent to the documents of the
 * day are written in one transaction (and linked to the demo account it was opened from).
 */
export class SignUp {
  constructor(
    private readonly codes: VerificationCodes,
    private readonly targets: CodeTargets,
    private readonly ref: ReferenceData,
    private readonly d: Pick<AccountsDeps, 'db' | 'repo' | 'settings' | 'throttle' | 'clock' | 'legalVersions'>,
  ) {}

  async register(p: z.infer<typeof registerParams>, ctx: RequestCtx): Promise<void> {
    if (p.password !== p.re_password) throw refuse('err.password_not_equal');
    await refuseWeakPassword(p.password, [p.account, p.mobile ?? '']);
    const showMobile = await this.d.settings.int('is_show_mobile');
    const emailAllowed = showMobile !== 2;
    const mobileAllowed = showMobile === 2 || showMobile === 3;
    if ((p.type === ACCOUNT_TYPE_EMAIL && !emailAllowed) || (p.type === ACCOUNT_TYPE_MOBILE && !mobileAllowed))
      throw refuse('err.registration_type_disabled');

    const target = await this.targets.registrationTarget(p);
    const country = await this.residence(p.type, p.country, target.areaId);
    let contactMobile: string | null = null;
    if (p.type === ACCOUNT_TYPE_EMAIL && showMobile === 1) {
      if (!p.mobile) throw refuse('err.mobile_extra_required');
      const m = mobileParam.safeParse(p.mobile);
      if (!m.success) throw refuse('err.mobile_invalid');
      contactMobile = m.data;
    }

    let invitedBy: number | null = null;
    if (p.invite_code) {
      const inviter = await this.d.repo.userIdByInviteCode(p.invite_code.toUpperCase());
      if (!inviter) throw refuse('err.invite_code_invalid');
      invitedBy = inviter.id;
    }
    // Counted before the answer can tell whether the address has an account, and before the code is compared.
    await this.d.throttle.codeCheck(ctx.ip, target.code.address);
    if (await this.targets.userByTarget(target.code))
      throw refuse(target.code.channel === 'email' ? 'err.email_taken' : 'err.mobile_taken');

    let codeId: number | undefined;
    if ((await this.d.settings.int('verify_reg_type')) === 2) await this.codes.checkCaptcha(p.key, p.sms_code);
    else codeId = await this.codes.check(target.code, 1, p.sms_code);

    const passwordHash = await hashPassword(p.password);
    const now = this.d.clock.now();
    const uid = await uniqueValue(this.d.repo, 'uid', () => String(10_000_000 + Math.floor(Math.random() * 89_999_999)));
    const inviteCode = await uniqueValue(this.d.repo, 'invite_code', () => randomCode(8));
    const documents = (await this.d.legalVersions?.()) ?? { terms: null, privacy: null, risk: null };
    // Signed up from a demo session ("open a real account"): the two accounts are the same person's.
    const fromDemo = ctx.user?.is_demo ? ctx.user.id : undefined;
    try {
      await this.d.db.transaction().execute(async (trx) => {
        if (codeId !== undefined && !(await this.d.repo.consumeCode(trx, codeId, now))) throw refuse('err.code_expired');
        const userId = await this.d.repo.insertUser(trx, {
          uid,
          email: target.email,
          area_id: target.areaId,
          mobile: target.mobile,
          phone: target.code.channel === 'sms' ? target.code.address : null,
          contact_mobile: contactMobile,
          password_hash: passwordHash,
          is_demo: 0,
          demo_id: null,
          demo_uuid_hash: null,
          invite_code: inviteCode,
          invited_by: invitedBy,
          lang: ctx.lang,
          status: 1,
          created_at: now,
          updated_at: now,
          country,
        });
        await this.d.repo.insertConsent(trx, {
          user_id: userId,
          accepted_at: now,
          ip: ctx.ip.slice(0, 64),
          peer_ip: (ctx.peer ?? '').slice(0, 64),
          user_agent: ctx.userAgent.slice(0, 256),
          terms_id: documents.terms?.id ?? null,
          terms_version: documents.terms?.version ?? null,
          privacy_id: documents.privacy?.id ?? null,
          privacy_version: documents.privacy?.version ?? null,
          risk_id: documents.risk?.id ?? null,
          risk_version: documents.risk?.version ?? null,
        });
        if (fromDemo !== undefined) await this.d.repo.link(trx, fromDemo, userId, now);
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      // Two registrations of one address at once: the unique index lets only one in.
      if (await this.targets.userByTarget(target.code))
        throw refuse(target.code.channel === 'email' ? 'err.email_taken' : 'err.mobile_taken');
      throw err;
    }
  }

  /**
   * The country of residence a sign-up records (DESIGN §13): required for an e-mail sign-up, one of the area list's
   * regions and not a restricted one; a phone sign-up's is the one given, else its area's (already checked).
   */
  private async residence(type: number, given: string | undefined, phoneAreaId: number | null): Promise<string> {
    if (given === undefined) {
      if (type === ACCOUNT_TYPE_EMAIL || phoneAreaId === null) throw refuse('err.country_required');
      return (await this.ref.area(phoneAreaId)).area_code;
    }
    if (!(await this.ref.areas()).some((a) => a.area_code === given)) throw refuse('err.country_invalid');
    if ((await this.ref.restrictedRegions()).has(given)) throw refuse('err.area_restricted');
    return given;
  }
}
