import {
  ACCOUNT_TYPE_EMAIL,
  ACCOUNT_TYPE_MOBILE,
  CODE_PURPOSE_REGISTER,
  CODE_PURPOSE_WITHDRAW,
  LANG_TAGS,
  LOGIN_TYPE_DEMO,
  emailParam,
  type InviteList,
  mobileParam,
  type Area,
  type BasicInfo,
  type Captcha,
  type CashBalance,
  type CodePurpose,
  type Company,
  type CompanyStatus,
  type DemoAccount,
  type Lang,
  type UserProfile,
  type amendPasswordParams,
  type forgetPasswordParams,
  type loginParams,
  type registerParams,
} from '@tradepad/contracts';
import { formatMoney, parseMoney } from '@tradepad/domain';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { transaction } from '../../db/after-commit.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { SecondFactorCheck } from '../../core/access.ts';
import { AppError, refuse } from '../../core/errors.ts';
import { refuseWeakPassword } from '../../core/password-strength.ts';
import { timeText } from '../../core/time.ts';
import { decoyPasswordHash, hashPassword, randomCode, safeEqual, sha256, verifyPassword } from '../../core/security.ts';
import type { Clock } from '../../ports/clock.ts';
import type { MessageSender } from '../../ports/messaging.ts';
import { silentNotifier, type Notifier } from '../../ports/notifier.ts';
import type { Tx } from '../../db/database.ts';
import { demoFunded } from '../ledger/ledger-entries.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { AccountsRepository, AreaRow } from './accounts.repository.ts';
import type { SessionsService } from './sessions.service.ts';
import { VerificationCodes, type CodeTarget } from './verification-codes.ts';

export interface AccountsDeps {
  db: Db;
  repo: AccountsRepository;
  ledger: LedgerRepository;
  settings: SettingsService;
  sessions: SessionsService;
  sender: MessageSender;
  clock: Clock;
  config: Config;
  /** The limits of sign-in and sign-up, counted in the database (DESIGN §10). */
  throttle: Throttle;
  /** Chooses captcha texts; tests pass a known one. Default: 4 random characters without look-alikes. */
  captchaText?: (() => string) | undefined;
  /** Two-factor sign-in (modules/twofactor), checked once the password is right. */
  secondFactor?: SecondFactorCheck | undefined;
  notifier?: Notifier | undefined;
  /**
   * The sign-up documents as traders see them now (the content module): each one's article id and version, recorded
   * with a sign-up's consent (issue 21); null for a document that is not published.
   */
  legalVersions?: (() => Promise<LegalVersions>) | undefined;
  /** Told of every successful sign-in (the notifications module: a new device is notified); never throws. */
  signedIn?: ((userId: number, from: { ip: string; deviceId?: string | undefined }) => void) | undefined;
}

/** Registration, sign-in, verification codes and passwords of traders, and the reference data the app starts with. */
export class AccountsService {
  private areasCache: Promise<AreaRow[]> | undefined;
  private readonly codes: VerificationCodes;
  private readonly notifier: Notifier;

  constructor(private readonly d: AccountsDeps) {
    this.codes = new VerificationCodes(d);
    this.notifier = d.notifier ?? silentNotifier;
  }

  // Reference data

  async areaList(lang: Lang): Promise<Area[]> {
    const names = new Intl.DisplayNames([LANG_TAGS[lang], 'en'], { type: 'region', fallback: 'code' });
    const restricted = await this.restrictedRegions();
    return (await this.areas()).map((a) => ({
      area_id: a.id,
      area_code: a.area_code,
      global_code: a.global_code,
      name: names.of(a.area_code) ?? a.area_code,
      restricted: restricted.has(a.area_code) ? 1 : 0,
    }));
  }

  async basicInfo(): Promise<BasicInfo> {
    const s = this.d.settings;
    return {
      service_link: await s.get('service_link'),
      service_link_type: await s.int('service_link_type'),
      verify_reg_type: await s.int('verify_reg_type'),
      trade_fee_type: await s.int('trade_fee_type'),
      is_show_mobile: await s.int('is_show_mobile'),
      complaint_email: await s.get('complaint_email'),
      site_name: await s.get('site_name'),
    };
  }

  async companyStatus(): Promise<CompanyStatus> {
    const s = this.d.settings;
    return { status: await s.int('company_status'), type: await s.int('company_type'), loss_url: await s.get('loss_url') };
  }

  async companies(name: string | undefined): Promise<Company[]> {
    return this.d.repo.searchCompanies(name);
  }

  // Captchas and verification codes (VerificationCodes does the work)

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
    const area = await this.area(p.area_id!);
    if (p.type === CODE_PURPOSE_REGISTER) await this.refuseRestricted(area);
    await this.sendCode(this.phoneTarget(area, p.to!).code, p.type, ctx);
  }

  /**
   * A type-4 code (confirm a withdrawal or a new withdrawal method) goes only to the signed-in account's own address
   * on that channel, never to one named in the request (DESIGN §10).
   */
  private async sendOwnerCode(channel: typeof ACCOUNT_TYPE_EMAIL | typeof ACCOUNT_TYPE_MOBILE, ctx: RequestCtx): Promise<void> {
    if (!ctx.user) throw new AppError('err.session_expired', {}, 999);
    if (ctx.user.is_demo) throw refuse('err.only_real_account');
    const target = await this.ownTarget(ctx.user, channel);
    // The same limits as every code, and type 4's own per account (DESIGN §10: 10 an hour).
    const counted = await this.d.throttle.codeSend(ctx.ip, target.address, CODE_PURPOSE_WITHDRAW);
    await this.codes.send(target, CODE_PURPOSE_WITHDRAW, ctx).catch(async (err: unknown) => {
      if (err instanceof AppError && err.key === 'err.code_resend_wait') await counted.giveBack();
      throw err;
    });
  }

  /**
   * Checks a type-4 code sent to the user's own address (mail for an email account, SMS for a phone account) and
   * returns what uses it up inside the caller's transaction: of the requests that carry one code, one succeeds.
   */
  async checkOwnerCode(user: UserRow, code: string, ip: string): Promise<(trx: Tx) => Promise<void>> {
    const target = await this.ownTarget(user, user.email ? ACCOUNT_TYPE_EMAIL : ACCOUNT_TYPE_MOBILE);
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
    const owner = await this.userByTarget(target);
    if (purpose === 1 && owner) throw refuse(target.channel === 'email' ? 'err.email_taken' : 'err.mobile_taken');
    if (purpose === 2 && (!owner || owner.is_demo))
      throw refuse(target.channel === 'email' ? 'err.email_not_registered' : 'err.mobile_not_registered');
    if (purpose === 3) {
      // Changing a password: the code goes only to the signed-in user's own address.
      if (!ctx.user) throw new AppError('err.session_expired', {}, 999);
      if (!owner || owner.id !== ctx.user.id) throw refuse('err.forbidden');
    }

    await this.codes.send(target, purpose, ctx).catch(async (err: unknown) => {
      // Asked again within the resend wait: no code was sent, so none is counted against the address.
      if (err instanceof AppError && err.key === 'err.code_resend_wait') await counted.giveBack();
      throw err;
    });
  }

  // Registration and sign-in

  async register(p: z.infer<typeof registerParams>, ctx: RequestCtx): Promise<void> {
    if (p.password !== p.re_password) throw refuse('err.password_not_equal');
    await refuseWeakPassword(p.password, [p.account, p.mobile ?? '']);
    const showMobile = await this.d.settings.int('is_show_mobile');
    const emailAllowed = showMobile !== 2;
    const mobileAllowed = showMobile === 2 || showMobile === 3;
    if ((p.type === ACCOUNT_TYPE_EMAIL && !emailAllowed) || (p.type === ACCOUNT_TYPE_MOBILE && !mobileAllowed))
      throw refuse('err.registration_type_disabled');

    const target = await this.registrationTarget(p);
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
    if (await this.userByTarget(target.code))
      throw refuse(target.code.channel === 'email' ? 'err.email_taken' : 'err.mobile_taken');

    let codeId: number | undefined;
    if ((await this.d.settings.int('verify_reg_type')) === 2) await this.codes.checkCaptcha(p.key, p.sms_code);
    else codeId = await this.codes.check(target.code, 1, p.sms_code);

    const passwordHash = await hashPassword(p.password);
    const now = this.d.clock.now();
    const uid = await this.unique('uid', () => String(10_000_000 + Math.floor(Math.random() * 89_999_999)));
    const inviteCode = await this.unique('invite_code', () => randomCode(8));
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
      if (await this.userByTarget(target.code))
        throw refuse(target.code.channel === 'email' ? 'err.email_taken' : 'err.mobile_taken');
      throw err;
    }
  }

  private async registrationTarget(p: { type: number; account: string; area_id?: number | undefined }) {
    if (p.type === ACCOUNT_TYPE_EMAIL) {
      const email = emailParam.safeParse(p.account);
      if (!email.success) throw refuse('err.email_invalid');
      return { code: { channel: 'email', address: email.data } as CodeTarget, email: email.data, areaId: null, mobile: null };
    }
    if (p.area_id === undefined) throw refuse('err.area_required');
    const area = await this.area(p.area_id);
    await this.refuseRestricted(area);
    return this.phoneTarget(area, p.account);
  }

  /**
   * The country of residence a sign-up records (DESIGN §13): required for an e-mail sign-up, one of the area list's
   * regions and not a restricted one; a phone sign-up's is the one given, else its area's (already checked).
   */
  private async residence(type: number, given: string | undefined, phoneAreaId: number | null): Promise<string> {
    if (given === undefined) {
      if (type === ACCOUNT_TYPE_EMAIL || phoneAreaId === null) throw refuse('err.country_required');
      return (await this.area(phoneAreaId)).area_code;
    }
    if (!(await this.areas()).some((a) => a.area_code === given)) throw refuse('err.country_invalid');
    if ((await this.restrictedRegions()).has(given)) throw refuse('err.area_restricted');
    return given;
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
      target = link ? await this.d.repo.userById(link.demo_user_id) : await this.linkedDemo(caller, ctx);
      via = caller.id;
    }
    if (!target || target.status !== 1) throw refuse('err.account_disabled');
    // The caller's session ends first, in one statement: of two switches from one session at once, one goes on.
    if (!(await this.d.sessions.endForSwitch(sessionId))) throw new AppError('err.session_expired', {}, 999);
    const token = await this.d.sessions.issue(target.id, ctx.ip, ctx.userAgent, ctx.peer, via);
    return { token, user: target };
  }

  /** A new demo account linked to a real account that has none (no device uuid: reached only by switching). */
  private async linkedDemo(real: UserRow, ctx: RequestCtx): Promise<UserRow | undefined> {
    await this.d.throttle.demoCreation(ctx.ip);
    const now = this.d.clock.now();
    const made = await this.newDemo(null, real.lang as Lang, now, async (trx, demoUserId) => {
      // Two first switches at once: the unique link keeps one demo; the other transaction rolls back.
      if (!(await this.d.repo.link(trx, demoUserId, real.id, now))) throw refuse('err.switch_no_real');
    }).catch((err: unknown) => {
      if (err instanceof AppError && err.key === 'err.switch_no_real') return undefined;
      throw err;
    });
    if (made !== undefined) return this.d.repo.userById(made.userId);
    const link = await this.d.repo.linkOf(real.id, false);
    return link ? this.d.repo.userById(link.demo_user_id) : undefined;
  }

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
    const found = (user: UserRow | undefined, name: string) => ({ user, key: user ? `u:${user.id}` : `n:${name}` });
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
    const area = await this.area(p.area_id);
    const number = nationalNumber(area.global_code, p.account);
    const exact = this.phoneTarget(area, number).code.address;
    const bare = `+${area.global_code}${number.replace(/^0+/, '')}`;
    const user = (await this.d.repo.userByPhone(exact)) ?? (bare !== exact ? await this.d.repo.userByPhone(bare) : undefined);
    return found(user, bare);
  }

  /** The demo account of a device, created and funded on first call (DESIGN §3: the same demo_id for a uuid). */
  async demoAccount(uuid: string, ctx: RequestCtx): Promise<DemoAccount> {
    const uuidHash = sha256(uuid);
    const existing = await this.d.repo.userByDemoUuidHash(uuidHash);
    if (existing?.demo_id) return { demo_id: existing.demo_id };
    await this.d.throttle.demoCreation(ctx.ip);

    try {
      const made = await this.newDemo(uuidHash, ctx.lang, this.d.clock.now());
      return { demo_id: made.demoId };
    } catch (err) {
      // The same device asking twice at once: the unique index keeps one account, which both get.
      const again = await this.d.repo.userByDemoUuidHash(uuidHash);
      if (again?.demo_id) return { demo_id: again.demo_id };
      throw err;
    }
  }

  /** A funded demo account, with `more` run in its transaction. */
  private async newDemo(
    uuidHash: string | null,
    lang: Lang,
    now: number,
    more?: (trx: Tx, userId: number) => Promise<void>,
  ): Promise<{ userId: number; demoId: string }> {
    const demoId = await this.unique('demo_id', () => String(800_000_000 + Math.floor(Math.random() * 199_999_999)));
    const uid = await this.unique('uid', () => String(10_000_000 + Math.floor(Math.random() * 89_999_999)));
    const inviteCode = await this.unique('invite_code', () => randomCode(8));
    const start = parseMoney(await this.d.settings.get('demo_start_balance'));
    const userId = await transaction(this.d.db, async (trx) => {
      const id = await this.d.repo.insertUser(trx, {
        uid,
        email: null,
        area_id: null,
        mobile: null,
        phone: null,
        contact_mobile: null,
        password_hash: '!demo',
        is_demo: 1,
        demo_id: demoId,
        demo_uuid_hash: uuidHash,
        invite_code: inviteCode,
        invited_by: null,
        lang,
        status: 1,
        created_at: now,
        updated_at: now,
      });
      await this.d.ledger.post(trx, demoFunded({ userId: id, amount: start, at: now }));
      await more?.(trx, id);
      return id;
    });
    return { userId, demoId };
  }

  // Passwords

  async forgetPassword(p: z.infer<typeof forgetPasswordParams>, ctx: RequestCtx): Promise<void> {
    if (p.new_password !== p.secondary_password) throw refuse('err.password_not_equal');
    await refuseWeakPassword(p.new_password, [p.account]);
    const target = await this.registrationTarget({ type: p.type, account: p.account, area_id: p.area_id }).catch((e: unknown) => {
      // A restricted area must not stop an existing customer from recovering access.
      if (e instanceof AppError && e.key === 'err.area_restricted')
        return this.area(p.area_id!).then((a) => this.phoneTarget(a, p.account));
      throw e;
    });
    // Counted before the answer can tell whether the address has an account, and before the code is compared.
    await this.d.throttle.codeCheck(ctx.ip, target.code.address);
    const user = await this.userByTarget(target.code);
    if (!user || user.is_demo)
      throw refuse(target.code.channel === 'email' ? 'err.email_not_registered' : 'err.mobile_not_registered');
    const codeId = await this.codes.check(target.code, 2, p.auth_code);
    await this.replacePassword(user.id, codeId, p.new_password);
    this.notifier.notify(user.id, { kind: 'password_reset' });
  }

  /** A national number in an area, as an SMS target; refuses a malformed number. */
  private phoneTarget(area: AreaRow, account: string): { code: CodeTarget; email: null; areaId: number; mobile: string } {
    const mobile = mobileParam.safeParse(account);
    if (!mobile.success) throw refuse('err.mobile_invalid');
    return {
      code: { channel: 'sms', address: `+${area.global_code}${mobile.data}` },
      email: null,
      areaId: area.id,
      mobile: mobile.data,
    };
  }

  /** The invite screen: the user's code and the people who joined with it, their accounts masked. */
  async invites(user: UserRow, page: number, limit: number): Promise<InviteList> {
    if (user.is_demo) throw refuse('err.only_real_account');
    const { rows, total } = await this.d.repo.invited(user.id, page, limit);
    return {
      invite_code: user.invite_code,
      data: rows.map((r) => ({
        uid: r.uid,
        account: maskAccount(r.email ?? r.phone ?? ''),
        created_at: timeText(r.created_at),
      })),
      total,
    };
  }

  async amendPassword(
    user: UserRow,
    sessionId: number,
    p: z.infer<typeof amendPasswordParams>,
    ctx: Pick<RequestCtx, 'ip'>,
  ): Promise<void> {
    if (user.is_demo) throw refuse('err.only_real_account');
    if (p.new_password !== p.secondary_password) throw refuse('err.password_not_equal');
    const check = await this.d.throttle.passwordCheck(user.id);
    if (!(await verifyPassword(user.password_hash, p.old_password))) throw refuse('err.old_password_wrong');
    await check.succeeded();
    if (p.new_password === p.old_password) throw refuse('err.password_same');
    await refuseWeakPassword(p.new_password, [user.email ?? '', user.mobile ?? '']);
    const target = await this.ownTarget(user, p.type);
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

  private async ownTarget(user: UserRow, type: number): Promise<CodeTarget> {
    if (type === ACCOUNT_TYPE_EMAIL) {
      if (!user.email) throw refuse('err.no_email_on_account');
      return { channel: 'email', address: user.email };
    }
    if (!user.mobile || user.area_id === null) throw refuse('err.no_mobile_on_account');
    const area = await this.area(user.area_id);
    return { channel: 'sms', address: `+${area.global_code}${user.mobile}` };
  }

  // Profile and balance

  async profile(user: UserRow): Promise<UserProfile> {
    const balance = await this.d.ledger.balance(this.d.db, user.id, 'cash');
    const area = user.area_id === null ? undefined : (await this.areas()).find((a) => a.id === user.area_id);
    return {
      id: user.id,
      uid: user.uid,
      email: user.email ?? '',
      mobile: user.mobile ?? '',
      area_id: user.area_id,
      global_code: area?.global_code ?? '',
      is_demo: user.is_demo ? 1 : 0,
      demo_id: user.demo_id ?? '',
      invite_code: user.is_demo ? '' : user.invite_code,
      balance: formatMoney(balance, 2),
      lang: user.lang,
      created_at: new Date(user.created_at).toISOString(),
      rank_opt_in: user.rank_opt_in ? 1 : 0,
      linked: (await this.d.repo.linkOf(user.id, user.is_demo === 1)) ? 1 : 0,
    };
  }

  async balance(user: UserRow): Promise<CashBalance> {
    return { balance: formatMoney(await this.d.ledger.balance(this.d.db, user.id, 'cash'), 2) };
  }

  logout(sessionId: number): Promise<void> {
    return this.d.sessions.revoke(sessionId);
  }

  userById(id: number): Promise<UserRow | undefined> {
    return this.d.repo.userById(id);
  }

  // Helpers

  private areas(): Promise<AreaRow[]> {
    this.areasCache ??= this.d.repo.areas().catch((e: unknown) => {
      this.areasCache = undefined;
      throw e;
    });
    return this.areasCache;
  }

  private async area(areaId: number): Promise<AreaRow> {
    const area = (await this.areas()).find((a) => a.id === areaId);
    if (!area) throw refuse('err.area_invalid');
    return area;
  }

  /** Restricted regions: the run-time setting (seeded from RESTRICTED_REGIONS on first start; staff change it). */
  private async restrictedRegions(): Promise<Set<string>> {
    const list = await this.d.settings.get('restricted_regions');
    return new Set(
      list
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    );
  }

  private async refuseRestricted(area: AreaRow): Promise<void> {
    if ((await this.restrictedRegions()).has(area.area_code)) throw refuse('err.area_restricted');
  }

  private async userByTarget(t: CodeTarget): Promise<UserRow | undefined> {
    return t.channel === 'email' ? this.d.repo.userByEmail(t.address) : this.d.repo.userByPhone(t.address);
  }

  private async unique(column: 'uid' | 'invite_code' | 'demo_id', make: () => string): Promise<string> {
    for (;;) {
      const value = make();
      if (!(await this.d.repo.isTaken(column, value))) return value;
    }
  }
}

/** Each sign-up document's article id and version (its `updated_at`, unix ms); null when not published. */
export type LegalVersions = Record<'terms' | 'privacy' | 'risk', { id: number; version: number } | null>;

export interface RequestCtx {
  /** The validated client address. */
  ip: string;
  /** The socket peer, stored beside it. */
  peer?: string;
  userAgent: string;
  lang: Lang;
  user?: UserRow | undefined;
  log: { error(obj: object, msg: string): void };
}

/** Codes are stored as a hash bound to their address and purpose, so a leaked table reveals no usable code. */

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

/** `jo***@example.com`, `+852 ****5678`: enough for the inviter to recognise a friend, not to contact a stranger. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
  return account.length > 4 ? `${'*'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}` : '****';
}
