import { AppError, refuse } from '../../core/errors.ts';
import { sha256 } from '../../core/security.ts';
import type { Config } from '../../config.ts';
import type { Clock } from '../../ports/clock.ts';
import type { ThrottleRepository } from './throttle.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Image uploads a user may make in 10 minutes. */
export const UPLOADS_PER_WINDOW = 30;
/** One verification code a minute per address and purpose (DESIGN §7). */
export const CODE_RESEND_MS = MINUTE;
/** How often a node deletes the counters whose window is over. */
const SWEEP_EVERY_MS = MINUTE;

interface Rule {
  limit: number;
  windowMs: number;
  /** The event that reaches the limit locks the subject for this long (from that event). */
  lockMs?: number;
}

type RuleName =
  | 'login_pair'
  | 'login_account'
  | 'login_address'
  | 'staff_login_pair'
  | 'staff_login_account'
  | 'staff_login_address'
  | 'password_check'
  | 'code_resend'
  | 'code_send_address'
  | 'code_send_target'
  | 'code_send_account4'
  | 'code_check_address'
  | 'code_check_account'
  | 'demo_address'
  | 'captcha_address'
  | 'support_demo_address'
  | 'upload_user';

/** Checks a solved captcha (`key` = its id, `text` = what the person read); refuses when it is wrong or used. */
export type CaptchaCheck = (key: string | undefined, text: string) => Promise<void>;

/** One sign-in attempt, already counted: report how it ended. */
export interface SignInAttempt {
  /** The refusal for a wrong password; it says when the next attempt will need a captcha. */
  failed(): AppError;
  /** The right password: the account's and the pair's failures are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * The limits that protect sign-in and sign-up (DESIGN §10), counted in the database so that they survive a restart
 * and hold across nodes. Every event is counted, and the limit tested, in one statement before the guarded work is
 * done (the password or the code compared, the code sent), so requests arriving together cannot slip past a limit.
 * Subjects are hashed: the table holds no e-mail, phone or address.
 */
export class Throttle {
  private readonly rules: Record<RuleName, Rule>;
  private lastSweep = 0;

  constructor(
    private readonly repo: ThrottleRepository,
    private readonly clock: Clock,
    config: Config,
    private readonly captcha: CaptchaCheck,
    private readonly onSweepError: (err: unknown) => void = () => {},
  ) {
    const login = config.LIMIT_LOGIN_MINUTES * MINUTE;
    const hour = (limit: number): Rule => ({ limit, windowMs: HOUR });
    this.rules = {
      login_pair: { limit: config.LIMIT_LOGIN_PAIR, windowMs: login, lockMs: login },
      login_account: { limit: config.LIMIT_LOGIN_ACCOUNT, windowMs: login },
      login_address: { limit: config.LIMIT_LOGIN_ADDRESS, windowMs: login },
      staff_login_pair: { limit: config.LIMIT_LOGIN_PAIR, windowMs: login, lockMs: login },
      staff_login_account: { limit: config.LIMIT_LOGIN_ACCOUNT, windowMs: login },
      staff_login_address: { limit: config.LIMIT_LOGIN_ADDRESS, windowMs: login },
      // The current password asked again to change it (a session thief guessing it).
      password_check: { limit: config.LIMIT_LOGIN_PAIR, windowMs: login, lockMs: login },
      code_resend: { limit: 1, windowMs: CODE_RESEND_MS },
      code_send_address: hour(config.LIMIT_CODE_SENDS_ADDRESS),
      code_send_target: hour(config.LIMIT_CODE_SENDS_TARGET),
      code_send_account4: hour(config.LIMIT_WITHDRAW_CODES_ACCOUNT),
      code_check_address: hour(config.LIMIT_CODE_CHECKS_ADDRESS),
      code_check_account: hour(config.LIMIT_CODE_CHECKS_ACCOUNT),
      demo_address: hour(config.LIMIT_DEMO_ADDRESS),
      captcha_address: hour(config.LIMIT_CAPTCHAS_ADDRESS),
      support_demo_address: hour(config.LIMIT_SUPPORT_DEMO_ADDRESS),
      // A fair user sends a handful of proofs and two ID sides; counted here so the limit holds across nodes.
      upload_user: { limit: UPLOADS_PER_WINDOW, windowMs: 10 * MINUTE },
    };
  }

  /**
   * Counts one sign-in attempt before the password is compared (DESIGN §10). `account` is the resolved account (the
   * user id; for an unknown account its normalised name, so both behave alike). Refused with a lock when this address
   * has failed `LIMIT_LOGIN_PAIR` times on this account; past `LIMIT_LOGIN_ACCOUNT` failures on the account (from
   * anywhere) or `LIMIT_LOGIN_ADDRESS` from this address, only an attempt with a solved captcha goes on, so strangers
   * can never lock the owner out.
   */
  async signIn(
    who: 'user' | 'staff',
    account: string,
    ip: string,
    captcha: { key?: string | undefined; text?: string | undefined },
  ): Promise<SignInAttempt> {
    const prefix = who === 'staff' ? 'staff_' : '';
    const pairRule = `${prefix}login_pair` as const;
    const pairSubject = `${account}|${ip}`;
    const pair = await this.hit(pairRule, pairSubject);
    if (!pair.allowed) throw lockRefusal(pair.retryAfterMs);
    const acct = await this.hit(`${prefix}login_account`, account);
    const addr = await this.hit(`${prefix}login_address`, ip);
    // Beyond the limits: an attempt is evaluated only with a solved captcha.
    const needsCaptcha = (acct.count > acct.limit || addr.count > addr.limit) && !captcha.text;
    if (needsCaptcha) throw captchaRequired('err.captcha_required');
    if (acct.count > acct.limit || addr.count > addr.limit) {
      try {
        await this.captcha(captcha.key, captcha.text ?? '');
      } catch (err) {
        if (err instanceof AppError) throw captchaRequired(err.key);
        throw err;
      }
    }
    return {
      failed: () =>
        acct.count >= acct.limit || addr.count >= addr.limit
          ? captchaRequired('err.password_wrong')
          : refuse('err.password_wrong'),
      // Only failures count towards the address's limit: many people sign in from one shared address (carrier NAT).
      succeeded: async () => {
        await this.repo.reset([this.key(pairRule, pairSubject), this.key(`${prefix}login_account`, account)]);
        await this.repo.giveBack([this.key(`${prefix}login_address`, ip)], this.clock.now());
      },
    };
  }

  /** The current password asked again (changing it): 10 failures lock the account's password changes for a while. */
  async passwordCheck(account: number | string): Promise<{ succeeded(): Promise<void> }> {
    const v = await this.hit('password_check', String(account));
    if (!v.allowed) throw lockRefusal(v.retryAfterMs);
    return { succeeded: () => this.repo.reset([this.key('password_check', String(account))]) };
  }

  /**
   * A verification code asked for: counted per client address, then per target (the e-mail or phone; the answer may
   * tell whether it has an account), and type-4 codes per account. Refused with `err.code_rate_limited`. `giveBack`
   * uncounts the target when no code went out after all (asked again within the resend wait).
   */
  async codeSend(
    ip: string,
    target: string,
    purpose: number,
  ): Promise<{ giveBack(): Promise<void>; releaseWait(): Promise<void> }> {
    // The resend wait first, decided in one statement however many ask at once: of 20 simultaneous asks one goes on,
    // and an ask inside the wait costs neither the client's nor the address's hourly allowance.
    const gateKey = this.key('code_resend', `${purpose}|${target}`);
    const gate = await this.hit('code_resend', `${purpose}|${target}`);
    if (!gate.allowed) throw refuse('err.code_resend_wait', { seconds: Math.max(1, Math.ceil(gate.retryAfterMs / 1000)) });
    const counted: string[] = [gateKey];
    const count = async (name: RuleName, subject: string) => {
      const v = await this.hit(name, subject);
      counted.push(this.key(name, subject));
      if (!v.allowed) throw refuse('err.code_rate_limited');
    };
    await count('code_send_address', ip);
    await count('code_send_target', target);
    // Type 4 confirms a withdrawal or a new withdrawal method (DESIGN §10); its target is the account's own address.
    if (purpose === 4) await count('code_send_account4', target);
    return {
      // No code went out after all (it could not be delivered): every count it took is given back, the wait too.
      giveBack: async () => {
        await this.repo.reset([gateKey]);
        await this.repo.giveBack(counted.slice(1), this.clock.now());
      },
      // Refused for what the ask said (no session, not the owner): no code went out, so no wait either; the counts
      // stay, as the answer may have told whether the address has an account.
      releaseWait: () => this.repo.reset([gateKey]),
    };
  }

  /**
   * A verification code about to be checked, or an answer that tells whether `account` exists about to be given:
   * counted per client address, then per account (the e-mail or phone). Refused without comparing anything.
   */
  async codeCheck(ip: string, account: string): Promise<void> {
    if (!(await this.hit('code_check_address', ip)).allowed) throw refuse('err.too_many_requests');
    if (!(await this.hit('code_check_account', account)).allowed) throw refuse('err.too_many_requests');
  }

  async demoCreation(ip: string): Promise<void> {
    if (!(await this.hit('demo_address', ip)).allowed) throw refuse('err.too_many_requests');
  }

  /** A support message from a demo account: counted per client address, since demo accounts cost nothing to make. */
  async demoSupportMessage(ip: string): Promise<void> {
    if (!(await this.hit('support_demo_address', ip)).allowed) throw refuse('err.too_many_requests');
  }

  async captchaDrawn(ip: string): Promise<void> {
    if (!(await this.hit('captcha_address', ip)).allowed) throw refuse('err.too_many_requests');
  }

  /** An image upload by `userId`: at most UPLOADS_PER_WINDOW in 10 minutes, on whichever nodes. */
  async upload(userId: number): Promise<void> {
    if (!(await this.hit('upload_user', String(userId))).allowed) throw refuse('err.too_many_requests');
  }

  private async hit(name: RuleName, subject: string) {
    const rule = this.rules[name];
    const now = this.clock.now();
    this.maybeSweep(now);
    const lockAt = rule.lockMs === undefined ? 0 : rule.limit;
    const { count, expiresAt } = await this.repo.hit(
      this.key(name, subject),
      now,
      rule.windowMs,
      lockAt,
      now + (rule.lockMs ?? 0),
    );
    return { count, limit: rule.limit, allowed: count <= rule.limit, retryAfterMs: Math.max(0, expiresAt - now) };
  }

  private key(name: RuleName, subject: string): string {
    return `${name}:${sha256(subject.toLowerCase()).slice(0, 40)}`;
  }

  private maybeSweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.repo.sweep(now).catch(this.onSweepError);
  }
}

const lockRefusal = (retryAfterMs: number): AppError =>
  refuse('err.login_locked', { minutes: Math.max(1, Math.ceil(retryAfterMs / MINUTE)) });

/** A refusal that tells the app to show the captcha (DESIGN §10: `data: {"captcha_required": true}`). */
const captchaRequired = (key: AppError['key']): AppError => new AppError(key, {}, undefined, { captcha_required: true });
