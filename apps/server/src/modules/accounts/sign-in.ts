import { ACCOUNT_TYPE_EMAIL, LOGIN_TYPE_DEMO, emailParam, mobileParam, type loginParams } from '@tradepad/contracts';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import { AppError, refuse } from '../../core/errors.ts';
import { decoyPasswordHash, safeEqual, sha256, verifyPassword } from '../../core/security.ts';
import type { AccountsDeps, RequestCtx } from './accounts.service.ts';
import type { CodeTargets } from './code-targets.ts';
import type { DemoAccounts } from './demo-accounts.ts';
import type { ReferenceData } from './reference-data.ts';

/**
 * Signing in and out: the password (or a demo's device uuid) under the throttle's lock and captcha, the second factor,
 * the session; and switching between one's real and demo account without signing in again.
 */
export class SignIn {
  constructor(
    private readonly targets: CodeTargets,
    private readonly ref: ReferenceData,
    private readonly demos: DemoAccounts,
    private readonly d: Pick<AccountsDeps, 'repo' | 'sessions' | 'throttle' | 'secondFactor' | 'signedIn'>,
  ) {}

  async login(p: z.infer<typeof loginParams>, ctx: RequestCtx): Promise<{ token: string; user: UserRow }> {
    const { user, key } = await this.findForLogin(p);
    // Counted before the password is compared: a lock per (account, address), a captcha past the account's limit.
    const attempt = await this.d.throttle.signIn('user', key, ctx.ip, { key: p.key, text: p.captcha });
    let valid: boolean;
    if (p.login_type === LOGIN_TYPE_DEMO)
      valid = user?.demo_uuid_hash != null && safeEqual(user.demo_uuid_hash, sha256(p.password));
    else valid = await verifyPassword(user && !user.is_demo ? user.password_hash : await decoyPasswordHash(), p.password);

    if (!user || !valid) throw attempt.failed();
    if (user.status !== 1) throw refuse('err.account_disabled');
    await this.d.secondFactor?.atLogin('user', user.id, p.totp);
    await attempt.succeeded();
    const token = await this.d.sessions.issue(user.id, ctx.ip, ctx.userAgent, ctx.peer);
    if (user.lang !== ctx.lang) await this.d.repo.setLang(user.id, ctx.lang);
    if (!user.is_demo) this.d.signedIn?.(user.id, { ip: ctx.ip, deviceId: p.device_id });
    return { token, user };
  }

  /**
   * The account a sign-in names, and the key its limits are counted under: the user id, or for an unknown account its
   * normalised name (so e-mail case, phone spaces, leading zeros, a +code prefix or another area of the same calling
   * code never make a new counter, and unknown accounts behave like known ones).
   */
  private async findForLogin(p: z.infer<typeof loginParams>): Promise<{ user: UserRow | undefined; key: string }> {
    // A copy account (issue 34) is a follower's money, never a login: it reads as no account at all.
    const found = (row: UserRow | undefined, name: string) => {
      const user = row?.copy_owner_id == null ? row : undefined;
      return { user, key: user ? `u:${user.id}` : `n:${name}` };
    };
    if (p.login_type === LOGIN_TYPE_DEMO) {
      const u = await this.d.repo.userByDemoId(p.account.trim());
      return found(u?.is_demo ? u : undefined, `demo:${p.account.trim()}`);
    }
    if (p.login_type === ACCOUNT_TYPE_EMAIL) {
      const email = emailParam.safeParse(p.account);
      if (!email.success) throw refuse('err.email_invalid');
      return found(await this.d.repo.userByEmail(email.data), email.data);
    }
    if (p.area_id === undefined) throw refuse('err.area_required');
    const area = await this.ref.area(p.area_id);
    const number = nationalNumber(area.global_code, p.account);
    const exact = this.targets.phoneTarget(area, number).code.address;
    const bare = `+${area.global_code}${number.replace(/^0+/, '')}`;
    const user = (await this.d.repo.userByPhone(exact)) ?? (bare !== exact ? await this.d.repo.userByPhone(bare) : undefined);
    return found(user, bare);
  }

  /**
   * Switches between one's real and demo account without signing in again (issue 21): ends the caller's session and
   * answers a new one for the linked account. From a real account: its linked demo (made and linked on first use).
   * From a demo account: its linked real account, and only from a demo session that was itself switched to from that
   * real account (a demo's device uuid alone never opens the real account; the real account's "sign out everywhere"
   * ends such sessions too). Another user's account is never reachable: the target is always the caller's own link.
   */
  async switchAccount(caller: UserRow, sessionId: number, ctx: RequestCtx): Promise<{ token: string; user: UserRow }> {
    let target: UserRow | undefined;
    let via: number | undefined;
    if (caller.is_demo) {
      const link = await this.d.repo.linkOf(caller.id, true);
      if (!link) throw refuse('err.switch_no_real');
      if ((await this.d.sessions.viaUserOf(sessionId)) !== link.real_user_id) throw refuse('err.switch_sign_in');
      target = await this.d.repo.userById(link.real_user_id);
    } else {
      const link = await this.d.repo.linkOf(caller.id, false);
      target = link ? await this.d.repo.userById(link.demo_user_id) : await this.demos.linkedDemo(caller, ctx);
      via = caller.id;
    }
    if (!target || target.status !== 1) throw refuse('err.account_disabled');
    // The caller's session ends first, in one statement: of two switches from one session at once, one goes on.
    if (!(await this.d.sessions.endForSwitch(sessionId))) throw new AppError('err.session_expired', {}, 999);
    const token = await this.d.sessions.issue(target.id, ctx.ip, ctx.userAgent, ctx.peer, via);
    return { token, user: target };
  }

  logout(sessionId: number): Promise<void> {
    return this.d.sessions.revoke(sessionId);
  }
}

/**
 * A national number as typed at sign-in, without spaces, dashes, brackets or dots, and without a `+<code>` or
 * `00<code>` prefix of the area's calling code; refuses what is still not a number.
 */
export function nationalNumber(globalCode: string, typed: string): string {
  let n = typed.replace(/[\s\-().]/g, '');
  if (n.startsWith(`+${globalCode}`)) n = n.slice(globalCode.length + 1);
  else if (n.startsWith(`00${globalCode}`)) n = n.slice(globalCode.length + 2);
  const mobile = mobileParam.safeParse(n);
  if (!mobile.success) throw refuse('err.mobile_invalid');
  return mobile.data;
}
