import {
  ACCOUNT_TYPE_EMAIL,
  ACCOUNT_TYPE_MOBILE,
  CODE_PURPOSE_REGISTER,
  CODE_PURPOSE_WITHDRAW,
  type Captcha,
  type CodePurpose,
} from '@tradepad/contracts';
import type { Tx } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, refuse } from '../../core/errors.ts';
import type { AccountsDeps, RequestCtx } from './accounts.service.ts';
import type { CodeTargets } from './code-targets.ts';
import type { ReferenceData } from './reference-data.ts';
import type { CodeTarget, VerificationCodes } from './verification-codes.ts';

/** Refusals of `VerificationCodes.send` after which no code went out. */
const NOT_SENT = new Set<string>(['err.code_resend_wait', 'err.code_send_failed']);

/**
 * Who may ask for which code (VerificationCodes issues, delivers and checks them): captchas, sign-up and recovery
 * codes to a typed address, and the type-4 code that confirms a withdrawal, only ever to the account's own address.
 */
export class CodeRequests {
  constructor(
    private readonly codes: VerificationCodes,
    private readonly targets: CodeTargets,
    private readonly ref: ReferenceData,
    private readonly d: Pick<AccountsDeps, 'repo' | 'clock' | 'throttle'>,
  ) {}

  async captcha(ip: string): Promise<Captcha> {
    await this.d.throttle.captchaDrawn(ip);
    return this.codes.captcha();
  }

  /** Checks a solved captcha (one use); the throttle asks for one at sign-in past the failure limits. */
  checkCaptcha(key: string | undefined, text: string): Promise<void> {
    return this.codes.checkCaptcha(key, text);
  }

  async sendEmailCode(p: { email?: string | undefined; type: CodePurpose }, ctx: RequestCtx): Promise<void> {
    if (p.type === CODE_PURPOSE_WITHDRAW) return this.sendOwnerCode(ACCOUNT_TYPE_EMAIL, ctx);
    const target: CodeTarget = { channel: 'email', address: p.email! };
    await this.sendCode(target, p.type, ctx);
  }

  async sendSmsCode(
    p: { to?: string | undefined; area_id?: number | undefined; type: CodePurpose },
    ctx: RequestCtx,
  ): Promise<void> {
    if (p.type === CODE_PURPOSE_WITHDRAW) return this.sendOwnerCode(ACCOUNT_TYPE_MOBILE, ctx);
    const area = await this.ref.area(p.area_id!);
    if (p.type === CODE_PURPOSE_REGISTER) await this.ref.refuseRestricted(area);
    await this.sendCode(this.targets.phoneTarget(area, p.to!).code, p.type, ctx);
  }

  /**
   * A type-4 code (confirm a withdrawal or a new withdrawal method) goes only to the signed-in account's own address
   * on that channel, never to one named in the request (DESIGN §10).
   */
  private async sendOwnerCode(channel: typeof ACCOUNT_TYPE_EMAIL | typeof ACCOUNT_TYPE_MOBILE, ctx: RequestCtx): Promise<void> {
    if (!ctx.user) throw new AppError('err.session_expired', {}, 999);
    if (ctx.user.is_demo) throw refuse('err.only_real_account');
    const target = await this.targets.ownTarget(ctx.user, channel);
    // The same limits as every code, and type 4's own per account (DESIGN §10: 10 an hour).
    const counted = await this.d.throttle.codeSend(ctx.ip, target.address, CODE_PURPOSE_WITHDRAW);
    await this.codes.send(target, CODE_PURPOSE_WITHDRAW, ctx).catch(async (err: unknown) => {
      if (err instanceof AppError && NOT_SENT.has(err.key)) await counted.giveBack();
      throw err;
    });
  }

  /**
   * Checks a type-4 code sent to the user's own address (mail for an email account, SMS for a phone account) and
   * returns what uses it up inside the caller's transaction: of the requests that carry one code, one succeeds.
   */
  async checkOwnerCode(user: UserRow, code: string, ip: string): Promise<(trx: Tx) => Promise<void>> {
    const target = await this.targets.ownTarget(user, user.email ? ACCOUNT_TYPE_EMAIL : ACCOUNT_TYPE_MOBILE);
    // Code checks are throttled per address and per account before the comparison, as for every code.
    await this.d.throttle.codeCheck(ip, target.address);
    const codeId = await this.codes.check(target, CODE_PURPOSE_WITHDRAW, code);
    return async (trx) => {
      if (!(await this.d.repo.consumeCode(trx, codeId, this.d.clock.now()))) throw refuse('err.code_expired');
    };
  }

  private async sendCode(target: CodeTarget, purpose: CodePurpose, ctx: RequestCtx): Promise<void> {
    // Counted before the answer can tell whether the address has an account.
    const counted = await this.d.throttle.codeSend(ctx.ip, target.address, purpose);
    await this.mayReceive(target, purpose, ctx).catch(async (err: unknown) => {
      await counted.releaseWait();
      throw err;
    });

    await this.codes.send(target, purpose, ctx).catch(async (err: unknown) => {
      // No code went out: none is counted against the client or the address.
      if (err instanceof AppError && NOT_SENT.has(err.key)) await counted.giveBack();
      throw err;
    });
  }

  /** Refuses a code the address may not have for `purpose`: taken, unknown, or not the signed-in user's own. */
  private async mayReceive(target: CodeTarget, purpose: CodePurpose, ctx: RequestCtx): Promise<void> {
    const owner = await this.targets.userByTarget(target);
    if (purpose === 1 && owner) throw refuse(target.channel === 'email' ? 'err.email_taken' : 'err.mobile_taken');
    if (purpose === 2 && (!owner || owner.is_demo))
      throw refuse(target.channel === 'email' ? 'err.email_not_registered' : 'err.mobile_not_registered');
    if (purpose === 3) {
      // Changing a password: the code goes only to the signed-in user's own address.
      if (!ctx.user) throw new AppError('err.session_expired', {}, 999);
      if (!owner || owner.id !== ctx.user.id) throw refuse('err.forbidden');
    }
  }
}
