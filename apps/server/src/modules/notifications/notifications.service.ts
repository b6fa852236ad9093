import { parseLang, type Lang } from '@tradepad/contracts';
import { formatMoney, micros, type Micros } from '@tradepad/domain';
import { sha256 } from '../../core/security.ts';
import { timeText } from '../../core/time.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Clock } from '../../ports/clock.ts';
import type { MessageSender } from '../../ports/messaging.ts';
import type { Notifier, UserNotice } from '../../ports/notifier.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { TEMPLATES, type TemplateKey } from './templates.ts';
import { STAFF_ACTION_TEMPLATES, type StaffActionKey } from './templates-staff.ts';
import { KYC_TEMPLATES, type KycMailKey } from './templates-kyc.ts';

export interface NotificationsDeps {
  repo: NotificationsRepository;
  sender: MessageSender;
  userById: (id: number) => Promise<UserRow | undefined>;
  clock: Clock;
  log: { error(obj: object, msg: string): void };
}

/** The notices that concern the account's security: they end with what to do if it was not the owner. */
const SECURITY: ReadonlySet<TemplateKey> = new Set<TemplateKey>([
  'new_device',
  'password_changed',
  'password_reset',
  'two_factor_on',
  'two_factor_off',
  'withdraw_method_added',
  'withdrawal_requested',
]);

/**
 * Notices sent by mail only, never by SMS: price alerts (a trader may have fifty of them; a text message each would be
 * costly noise). Their socket message and web push tell a phone-only account anyway.
 */
const MAIL_ONLY: ReadonlySet<UserNotice['kind']> = new Set<UserNotice['kind']>(['price_alert']);

/**
 * Tells users what happened to their account (DESIGN §10): by mail, and by SMS for phone accounts, in the language
 * they last signed in with, through the messaging port (SMTP_URL / SMS_URL, or the outbox). Called after the change
 * is committed; delivery runs in the background and a failure is logged, never reported to the action.
 */
export class NotificationsService implements Notifier {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly d: NotificationsDeps) {}

  notify(userId: number, notice: UserNotice): void {
    this.track(this.deliver(userId, notice));
  }

  /**
   * A successful sign-in: the device id (when the app sends one) and the client address are remembered, and a sign-in
   * from one the account has not used before is notified. The first sign-in of an account (right after sign-up) is not.
   */
  signedIn(userId: number, from: { ip: string; deviceId?: string | undefined }): void {
    this.track(
      (async () => {
        const keys = [`ip:${from.ip}`, ...(from.deviceId ? [`dev:${sha256(from.deviceId)}`] : [])];
        const { seenBefore, fresh } = await this.d.repo.remember(userId, keys, this.d.clock.now());
        if (seenBefore && fresh.length > 0) await this.deliver(userId, { kind: 'new_device', ip: from.ip });
      })(),
    );
  }

  /** Two-factor turned on or off: the two-factor service calls this after its change is saved. */
  twoFactorChanged(userId: number, enabled: boolean): void {
    this.notify(userId, { kind: 'two_factor_changed', enabled });
  }

  /** Waits for the notices under way (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track(work: Promise<void>): void {
    const p = work.catch((err: unknown) => this.d.log.error({ err }, 'notice could not be prepared'));
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private async deliver(userId: number, notice: UserNotice): Promise<void> {
    const user = await this.d.userById(userId);
    if (!user || user.is_demo) return;
    const { subject, body } = render(parseLang(user.lang) ?? 'hk', notice, this.d.clock.now());
    const sends: Array<Promise<void>> = [];
    if (user.email) sends.push(this.d.sender.send({ channel: 'email', to: user.email, subject, body }));
    if (user.phone && !MAIL_ONLY.has(notice.kind))
      sends.push(this.d.sender.send({ channel: 'sms', to: user.phone, subject: '', body: `${subject}: ${body}` }));
    for (const r of await Promise.allSettled(sends))
      if (r.status === 'rejected')
        this.d.log.error({ err: r.reason, userId, kind: notice.kind }, 'notice could not be delivered');
  }
}

/** A notice's subject and body in `lang`. Amounts exact from micro-USD, times in UTC. */
export function render(lang: Lang, notice: UserNotice, now: number): { subject: string; body: string } {
  const t = TEMPLATES[lang];
  const staff = STAFF_ACTION_TEMPLATES[lang];
  const texts: Record<TemplateKey | StaffActionKey | KycMailKey, readonly [string, string]> = {
    ...t.texts,
    ...staff.texts,
    ...KYC_TEMPLATES[lang],
  };
  const time = `${timeText(now)} UTC`;
  let key: TemplateKey | StaffActionKey | KycMailKey;
  let params: Record<string, string> = { time };
  switch (notice.kind) {
    case 'two_factor_changed':
      key = notice.enabled ? 'two_factor_on' : 'two_factor_off';
      break;
    case 'kyc_decided':
      key = notice.approved ? 'kyc_approved' : 'kyc_rejected';
      params.remark = notice.remark;
      break;
    case 'kyc_more':
      key = 'kyc_more';
      params.message = notice.message;
      break;
    case 'kyc_expiry':
      key = 'kyc_expiry';
      params = { ...params, days: String(notice.days), expiry: notice.expiry };
      break;
    case 'new_device':
      key = 'new_device';
      params.ip = notice.ip;
      break;
    case 'withdraw_method_added':
      key = 'withdraw_method_added';
      params = { ...params, address: notice.address, usable: `${timeText(notice.usableAt)} UTC` };
      break;
    case 'withdrawal_requested':
    case 'withdrawal_paid':
      key = notice.kind;
      params = { ...params, amount: usd(notice.amount), address: notice.address };
      break;
    case 'withdrawal_rejected':
    case 'deposit_rejected':
      key = notice.kind;
      params = { ...params, amount: usd(notice.amount), remark: notice.remark };
      break;
    case 'deposit_credited':
      key = notice.kind;
      params.amount = usd(notice.amount);
      break;
    case 'margin_call':
      key = notice.kind;
      params.level = notice.level;
      break;
    case 'password_changed':
    case 'password_reset':
    case 'stop_out':
      key = notice.kind;
      break;
    case 'price_alert':
      key = notice.condition === 'above' ? 'price_alert_above' : 'price_alert_below';
      params = { time: `${timeText(notice.at)} UTC`, symbol: notice.symbol, price: notice.price, bid: notice.bid };
      break;
    case 'adjustment':
      key = notice.amount < 0n ? 'adjustment_debit' : 'adjustment_credit';
      params = {
        ...params,
        amount: usd(notice.amount < 0n ? micros(-notice.amount) : notice.amount),
        kind: staff.kinds[notice.adjustment],
      };
      break;
    case 'account_type':
      key = 'account_type';
      params = { ...params, name: notice.name, reason: notice.reason };
      break;
    case 'desk_close':
      key = 'desk_close';
      params = {
        ...params,
        ...{ symbol: notice.symbol, lots: notice.lots, price: notice.price, profit: notice.profit, reason: notice.reason },
        order: String(notice.order_id),
      };
      break;
    case 'desk_partial_close':
      key = 'desk_partial_close';
      params = {
        ...params,
        ...{ symbol: notice.symbol, lots: notice.lots, rest: notice.rest, price: notice.price, profit: notice.profit },
        ...{ reason: notice.reason, order: String(notice.order_id) },
      };
      break;
    case 'desk_stops':
      key = 'desk_stops';
      params = {
        ...params,
        ...{ symbol: notice.symbol, stop_loss: notice.stop_loss, take_profit: notice.take_profit, reason: notice.reason },
        order: String(notice.order_id),
      };
      break;
  }
  const [subjectTemplate, template] = texts[key];
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '').trim();
  const filled = fill(template);
  return { subject: fill(subjectTemplate), body: SECURITY.has(key as TemplateKey) ? `${filled}\n\n${t.notYou}` : filled };
}

/**
 * An amount of micro-USD written exactly: every significant decimal (at least 2), thousands grouped with commas, so
 * `1234567890000` reads `1,234,567.89 USD` and `1500` reads `0.0015 USD`.
 */
export function usd(amount: Micros): string {
  const text = formatMoney(amount, 6).replace(/(\.\d\d\d*?)0+$/, '$1');
  const [whole, frac] = text.split('.') as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac} USD`;
}
