import { randomUUID } from 'node:crypto';
import type { Captcha, CodePurpose } from '@tradepad/contracts';
import svgCaptcha from 'svg-captcha';
import { refuse } from '../../core/errors.ts';
import { newVerificationCode, randomCode, safeEqual, sha256 } from '../../core/security.ts';
import { translate } from '../../i18n/translate.ts';
import type { Clock } from '../../ports/clock.ts';
import type { MessageSender } from '../../ports/messaging.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { RequestCtx } from './accounts.service.ts';
import { CODE_RESEND_MS } from '../throttle/throttle.ts';

/** svg-captcha's module is itself the renderer of a given text; its typings only declare the helpers. */
const renderCaptcha = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;

const MINUTE = 60_000;
/** Verification codes (DESIGN §7): valid 10 minutes, 5 wrong tries, resend after 60 s. */
export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_MAX_TRIES = 5;
export const CAPTCHA_TTL_MS = 5 * MINUTE;
/** Where a code goes: the channel and the normalised address (lower-cased email, or +<global code><number>). */
export interface CodeTarget {
  channel: 'email' | 'sms';
  address: string;
}

/**
 * Verification codes (mail and SMS) and captchas: issued (with the resend wait; the hourly limits per address and per
 * client are the throttle's, counted before), delivered, and checked. Who may ask for which code is the accounts service's to decide.
 */
export class VerificationCodes {
  constructor(
    private readonly d: {
      repo: AccountsRepository;
      clock: Clock;
      sender: MessageSender;
      /** Chooses captcha texts; tests pass a known one. Default: 4 random characters without look-alikes. */
      captchaText?: (() => string) | undefined;
    },
  ) {}

  async captcha(): Promise<Captcha> {
    const text = this.d.captchaText?.() ?? randomCode(4);
    const svg = renderCaptcha(text, { noise: 2, color: true, background: '#f2f4f7', width: 120, height: 44, fontSize: 44 });
    const id = randomUUID();
    const now = this.d.clock.now();
    await this.d.repo.insertCaptcha(id, sha256(text.toLowerCase()), now, now + CAPTCHA_TTL_MS);
    return { id, b64s: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Issues a code to `target` and delivers it in the request's language; refused while a limit holds. */
  async send(target: CodeTarget, purpose: CodePurpose, ctx: RequestCtx): Promise<void> {
    const now = this.d.clock.now();
    const last = await this.d.repo.latestCode(target.address, purpose);
    if (last && now - last.created_at < CODE_RESEND_MS)
      throw refuse('err.code_resend_wait', { seconds: Math.ceil((CODE_RESEND_MS - (now - last.created_at)) / 1000) });

    const code = newVerificationCode();
    const id = await this.d.repo.insertCode({
      channel: target.channel,
      address: target.address,
      purpose,
      codeHash: codeHash(target.address, purpose, code),
      clientIp: ctx.ip,
      peerIp: ctx.peer,
      at: now,
      expiresAt: now + CODE_TTL_MS,
    });
    try {
      const lang = ctx.lang;
      await this.d.sender.send(
        target.channel === 'email'
          ? {
              channel: 'email',
              to: target.address,
              subject: translate(lang, 'mail.code_subject'),
              body: translate(lang, 'mail.code_body', { code }),
              secret: code,
            }
          : { channel: 'sms', to: target.address, subject: '', body: translate(lang, 'sms.code_body', { code }), secret: code },
      );
    } catch (err) {
      await this.d.repo.deleteCode(id);
      ctx.log.error({ err, channel: target.channel }, 'verification code could not be delivered');
      throw refuse('err.code_send_failed');
    }
  }

  /**
   * Checks a code and returns its id for the caller to consume inside its own transaction. The attempt is counted, and
   * the limit tested, in one statement before the code is compared, so concurrent guesses get at most CODE_MAX_TRIES
   * comparisons between them; an attempt refused by the limit is not compared and says nothing about the code.
   */
  async check(target: CodeTarget, purpose: CodePurpose, code: string): Promise<number> {
    const row = await this.d.repo.latestCode(target.address, purpose);
    const now = this.d.clock.now();
    if (!row || row.consumed_at !== null || row.expires_at <= now) throw refuse('err.code_expired');
    const attempt = await this.d.repo.claimAttempt(row.id, CODE_MAX_TRIES, now);
    // Live a moment ago: the limit is what refused it (or a concurrent use, which a new code answers too).
    if (attempt === undefined) throw refuse('err.code_too_many_tries');
    if (!safeEqual(row.code_hash, codeHash(target.address, purpose, code.trim()))) {
      const left = CODE_MAX_TRIES - attempt;
      throw left > 0 ? refuse('err.code_wrong', { left }) : refuse('err.code_too_many_tries');
    }
    return row.id;
  }

  async checkCaptcha(id: string | undefined, text: string): Promise<void> {
    if (!id) throw refuse('err.captcha_expired');
    const row = await this.d.repo.captcha(id);
    const now = this.d.clock.now();
    if (!row || row.used_at !== null || row.expires_at <= now || !(await this.d.repo.useCaptcha(id, now)))
      throw refuse('err.captcha_expired');
    if (!safeEqual(row.text_hash, sha256(text.trim().toLowerCase()))) throw refuse('err.captcha_wrong');
  }
}

const codeHash = (address: string, purpose: number, code: string): string => sha256(`${address}|${purpose}|${code}`);
