import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, API, type DrawCurrency } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { decodeMail } from './mail-sink.ts';
import {
  PASSWORD,
  SIGN_UP_CONSENT,
  approvedDeposit,
  approvedKyc,
  ownerCode,
  realUser,
  staff,
  type Staff,
  type TestUser,
} from './people.ts';

const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const HOUR = 3_600_000;

/**
 * Money movements need the owner (DESIGN §10, issue 17 point 6): binding a withdrawal method and withdrawing take a
 * type-4 code sent to the account's own address (one code, one action), a new method waits
 * `withdraw_method_hold_hours`, and the user is told by mail (SMS for phone accounts) in their language, through the
 * real SMTP server and SMS endpoint of the harness.
 */
describe('withdrawal security', () => {
  let h: Harness;
  let clock: ManualClock;
  let admin: Staff;

  const mailsTo = (address: string) => h.mail.filter((m) => m.to === address).map((m) => decodeMail(m.raw));
  /** Waits for a notice to arrive (they are sent after the answer, in the background). */
  const awaitMail = async (address: string, pattern: RegExp) =>
    vi.waitFor(
      () => {
        const found = mailsTo(address).find((t) => pattern.test(t));
        if (!found) throw new Error(`no mail to ${address} matching ${pattern}`);
        return found;
      },
      { timeout: 5000, interval: 20 },
    );

  async function setHold(hours: unknown) {
    admin = await staff(h);
    return admin.postJson(ADMIN_API.settings, { withdraw_method_hold_hours: hours });
  }

  async function funded(usd: string): Promise<TestUser> {
    const u = await realUser(h, clock);
    await approvedDeposit(u, admin, usd);
    await awaitMail(u.email, /credited/);
    // Real-name verification, approved.
    await approvedKyc(u, admin);
    await awaitMail(u.email, /Identity verified/);
    return u;
  }

  const usdtTrc = async (u: TestUser) =>
    ((await u.get(API.drawSymbols, { type: 1 })).data as DrawCurrency[]).find((c) => c.protocol === 'TRC20')!;
  /** Binds the TRON address as `u`'s USDT (TRC20) withdrawal method, confirmed by a fresh type-4 code. */
  async function bindTron(u: TestUser) {
    const usdt = await usdtTrc(u);
    const bound = await u.post(API.bindDrawMethod, {
      type: 1,
      draw_id: usdt.id,
      dc_address: TRON,
      auth_code: await ownerCode(h, clock, u),
    });
    return { usdt, bound };
  }

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    h = await startHarness({ clock });
    admin = await staff(h);
  }, 120_000);
  afterAll(async () => h?.close());

  describe('binding a method and withdrawing need a type-4 code', () => {
    it('refuses binding without a code, with a wrong one, one of another type and a used one', async () => {
      expect((await setHold(0)).code).toBe(1);
      const u = await realUser(h, clock);
      const usdt = await usdtTrc(u);
      const bind = (extra: Record<string, unknown>) =>
        u.post(API.bindDrawMethod, { type: 1, draw_id: usdt.id, dc_address: TRON, ...extra });

      expect(await bind({})).toMatchObject({ code: 0, msg: /verification code sent to your own email/ });
      const code = await ownerCode(h, clock, u);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await bind({ auth_code: wrong })).toMatchObject({ code: 0, msg: /incorrect/i });
      // A code sent for another purpose (type 3, change password) does not confirm a withdrawal method.
      clock.advance(61_000);
      expect((await u.post(API.sendEmail, { email: u.email, type: 3 })).code).toBe(1);
      const typeThree = h.lastCode(u.email);
      expect(await bind({ auth_code: typeThree })).toMatchObject({ code: 0 });
      expect((await u.get(API.getDrawMethod, { draw_type: 1 })).data).toEqual([]);

      const good = await ownerCode(h, clock, u);
      const bound = await bind({ auth_code: good });
      expect(bound.code, bound.msg).toBe(1);
      // Used once: the same code does not bind a second address.
      const again = await u.post(API.bindDrawMethod, {
        type: 1,
        draw_id: usdt.id,
        dc_address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        auth_code: good,
      });
      expect(again).toMatchObject({ code: 0, msg: /expired or was not requested/ });
      expect((await u.get(API.getDrawMethod, { draw_type: 1 })).data).toHaveLength(1);
      await awaitMail(u.email, /New withdrawal method added/);
    });

    it('sends a type-4 code only to the signed-in account, at its own address, whatever address is given', async () => {
      const u = await realUser(h, clock);
      clock.advance(61_000);
      expect((await h.call('POST', API.sendEmail, { type: 4, email: 'someone@example.com' })).code).toBe(999);
      const before = h.mail.length;
      expect((await u.post(API.sendEmail, { type: 4, email: 'attacker@example.com' })).code).toBe(1);
      await vi.waitFor(() => expect(h.mail.length).toBeGreaterThan(before));
      expect(h.mail.filter((m) => m.to === 'attacker@example.com')).toHaveLength(0);
      expect(h.lastCode(u.email)).toMatch(/^\d{6}$/);
      // An email account has no phone to text.
      clock.advance(61_000);
      expect(await u.post(API.sendSms, { type: 4 })).toMatchObject({ code: 0, msg: /no mobile/i });
    });

    it('withdraws only with a code, and of many withdrawals carrying one code at once, one is made', async () => {
      expect((await setHold(0)).code).toBe(1);
      const u = await funded('1000');
      const { usdt, bound } = await bindTron(u);
      expect(bound.code, bound.msg).toBe(1);
      const draw = { draw_currency_id: usdt.id, number: '100', draw_method_id: bound.data.id };
      expect(await u.post(API.draw, draw)).toMatchObject({ code: 0, msg: /verification code sent to your own email/ });
      expect(await u.post(API.draw, { ...draw, totp: '123456' })).toMatchObject({ code: 0, msg: /Two-factor/ });

      const code = await ownerCode(h, clock, u);
      const answers = await Promise.all(Array.from({ length: 20 }, () => u.post(API.draw, { ...draw, auth_code: code })));
      expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
      const list = (await u.get(API.drawList)).data;
      expect(list.total).toBe(1);
      expect((await u.get(API.forexDetail)).data).toMatchObject({ balance: '900.00', lock_balance: '100.00' });
      const text = await awaitMail(u.email, /Withdrawal requested/);
      expect(text).toContain('100.00 USD');
      expect(text).toContain('TR7N…Lj6t');
      // Staff give it back: the user is told, with the remark.
      expect((await admin.post(`${ADMIN_API.withdrawals}/${list.data[0].id}/reject`, { remark: 'Address check' })).code).toBe(1);
      expect(await awaitMail(u.email, /Withdrawal rejected/)).toContain('Address check');
      await h.expectLedgerSound();
    });
  });

  describe('a new method waits withdraw_method_hold_hours', () => {
    it('validates the setting: whole hours from 0 to 720', async () => {
      for (const bad of [-1, 721, 1.5, 'x', '', null]) expect((await setHold(bad)).code, String(bad)).toBe(0);
      const saved = await setHold('48');
      expect(saved.code, saved.msg).toBe(1);
      expect(saved.data.withdraw_method_hold_hours).toBe('48');
      expect((await admin.get(ADMIN_API.walletSettings)).data).toMatchObject({ withdraw_method_hold_hours: 48 });
      expect((await admin.postJson(ADMIN_API.walletSettings, { withdraw_method_hold_hours: 24 })).data).toMatchObject({
        withdraw_method_hold_hours: 24,
      });
      expect((await admin.postJson(ADMIN_API.walletSettings, { withdraw_method_hold_hours: 1000 })).code).toBe(0);
    });

    it('refuses a new method until its hold has passed, saying when, and lists when each becomes usable', async () => {
      expect((await setHold(24)).code).toBe(1);
      const u = await funded('500');
      const { usdt, bound } = await bindTron(u);
      expect(bound.code, bound.msg).toBe(1);
      const boundAt = clock.now();
      expect(bound.data.usable_at).toBe(boundAt + 24 * HOUR);
      expect((await u.get(API.getDrawMethod, { draw_type: 1 })).data[0].usable_at).toBe(boundAt + 24 * HOUR);
      const usable = new Date(boundAt + 24 * HOUR).toISOString().slice(0, 16).replace('T', ' ');

      const draw = { draw_currency_id: usdt.id, number: '50', draw_method_id: bound.data.id };
      const held = await u.post(API.draw, { ...draw, auth_code: await ownerCode(h, clock, u) });
      expect(held).toMatchObject({ code: 0 });
      expect(held.msg).toContain(usable);
      expect(held.msg).toMatch(/can be used from .* UTC/);

      clock.advance(24 * HOUR);
      const made = await u.post(API.draw, { ...draw, auth_code: await ownerCode(h, clock, u) });
      expect(made.code, made.msg).toBe(1);
      admin = await staff(h); // the staff session of a day ago has ended
      expect((await admin.post(`${ADMIN_API.withdrawals}/${made.data.id}/approve`, { transfer_ref: 'TX-9' })).code).toBe(1);
      expect(await awaitMail(u.email, /Withdrawal paid/)).toContain('50.00 USD');
      await h.expectLedgerSound();
    });

    it('lets a new method be used at once when the hold is 0', async () => {
      expect((await setHold(0)).code).toBe(1);
      const u = await funded('200');
      const { usdt, bound } = await bindTron(u);
      expect(bound.data.usable_at).toBe(clock.now());
      const r = await u.post(API.draw, {
        draw_currency_id: usdt.id,
        number: '20',
        draw_method_id: bound.data.id,
        auth_code: await ownerCode(h, clock, u),
      });
      expect(r.code, r.msg).toBe(1);
      await h.expectLedgerSound();
    });
  });

  describe('notices by mail and SMS, in the user language', () => {
    it('tells of a sign-in from a new device, but not of the first sign-in after sign-up', async () => {
      clock.advance(61_000);
      const email = `notice.${Date.now()}@example.com`;
      expect((await h.call('POST', API.sendEmail, { email, type: 1 }, { lang: 'de' })).code).toBe(1);
      const reg = await h.call(
        'POST',
        API.register,
        { type: 1, account: email, password: PASSWORD, re_password: PASSWORD, sms_code: h.lastCode(email), ...SIGN_UP_CONSENT },
        { lang: 'de' },
      );
      expect(reg.code, reg.msg).toBe(1);
      const login = (device: string) =>
        h.call('POST', API.login, { account: email, password: PASSWORD, login_type: 1, device_id: device }, { lang: 'de' });
      expect((await login('device-aaaa-1111-2222')).code).toBe(1);
      expect((await login('device-aaaa-1111-2222')).code).toBe(1);
      await h.app.tradepad.notifications.drain();
      expect(mailsTo(email)).toHaveLength(1); // the registration code only

      expect((await login('device-bbbb-3333-4444')).code).toBe(1);
      const text = await awaitMail(email, /Neue Anmeldung/);
      expect(text).toContain('127.0.0.1');
      expect(text).not.toMatch(/Secret123|token/i);
    });

    it('tells of a changed password, in the language of the last sign-in', async () => {
      const u = await realUser(h, clock);
      clock.advance(61_000);
      expect((await u.post(API.sendEmail, { email: u.email, type: 3 })).code).toBe(1);
      const changed = await h.call(
        'POST',
        API.amendPassword,
        {
          old_password: PASSWORD,
          new_password: 'Harbour-Another26',
          secondary_password: 'Harbour-Another26',
          auth_code: h.lastCode(u.email),
          type: 1,
        },
        { authorization: u.token, lang: 'fr' },
      );
      expect(changed.code, changed.msg).toBe(1);
      // The user signed in in English (people.ts): the notice is in English.
      await awaitMail(u.email, /Your password was changed/);
    });

    it('tells of a credited deposit with its exact amount, and a phone account by SMS', async () => {
      const u = await realUser(h, clock);
      const coins = (await u.get(API.depositCoins)).data as Array<{ id: number; protocol_code: string }>;
      const d = await u.post(API.depositSubmit, { charge_id: coins[0]!.id, number: '1234.56', proofImg: await u.upload() });
      expect((await admin.post(`${ADMIN_API.deposits}/${d.data.id}/approve`)).code).toBe(1);
      const text = await awaitMail(u.email, /Deposit credited/);
      expect(text).toContain('1,234.56 USD');
      const other = await u.post(API.depositSubmit, { charge_id: coins[0]!.id, number: '20', proofImg: await u.upload() });
      expect((await admin.post(`${ADMIN_API.deposits}/${other.data.id}/reject`, { remark: 'No such transfer' })).code).toBe(1);
      expect(await awaitMail(u.email, /Deposit rejected/)).toContain('No such transfer');

      // A phone account: the same notices go by SMS to SMS_URL.
      clock.advance(61_000);
      expect((await h.call('POST', API.sendSms, { to: '61234567', area_id: 1, type: 1 }, { lang: 'hk' })).code).toBe(1);
      const reg = await h.call(
        'POST',
        API.register,
        {
          type: 2,
          account: '61234567',
          area_id: 1,
          password: PASSWORD,
          re_password: PASSWORD,
          sms_code: h.lastCode('+85261234567'),
          ...SIGN_UP_CONSENT,
        },
        { lang: 'hk' },
      );
      expect(reg.code, reg.msg).toBe(1);
      const login = (device: string) =>
        h.call(
          'POST',
          API.login,
          { account: '61234567', area_id: 1, password: PASSWORD, login_type: 2, device_id: device },
          { lang: 'hk' },
        );
      expect((await login('phone-device-0001-aaaa')).code).toBe(1);
      expect((await login('phone-device-0002-bbbb')).code).toBe(1);
      await vi.waitFor(() => expect(h.sms.some((s) => s.to === '+85261234567' && s.text.includes('新的登入'))).toBe(true), {
        timeout: 5000,
      });
    });
  });
});
