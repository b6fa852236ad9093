import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { SIGN_UP_CONSENT } from './people.ts';

const PASSWORD = 'Harbour26x';

describe('accounts over HTTP', () => {
  let h: Harness;
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 9, 0, 0));
  const advance = (ms: number) => clock.advance(ms);

  beforeAll(async () => {
    h = await startHarness({ clock });
  });
  afterAll(async () => {
    await h.expectLedgerSound();
    await h.close();
  });

  async function countUsers(): Promise<number> {
    const r = await h.app.tradepad.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(r?.n);
  }

  async function registerByEmail(email: string, extra: Record<string, unknown> = {}) {
    advance(61_000);
    expect((await h.call('POST', API.sendEmail, { email, type: 1 })).code).toBe(1);
    const code = h.lastCode(email.toLowerCase());
    return h.call('POST', API.register, {
      ...SIGN_UP_CONSENT,
      type: 1,
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: code,
      ...extra,
    });
  }

  async function login(email: string, password = PASSWORD) {
    const r = await h.call('POST', API.login, { account: email, password, login_type: 1 });
    expect(r.code, r.msg).toBe(1);
    return r.data.token as string;
  }

  describe('reference data', () => {
    it('lists every calling code with the names in the asked language, HK first and US second', async () => {
      const de = await h.call('GET', API.areaList, {}, { lang: 'de' });
      expect(de.code).toBe(1);
      expect(de.data.length).toBeGreaterThanOrEqual(230);
      expect(de.data[0]).toMatchObject({ area_code: 'HK', global_code: '852' });
      expect(de.data[1]).toMatchObject({ area_code: 'US', global_code: '1', name: 'Vereinigte Staaten' });
      const ar = await h.call('GET', API.areaList, {}, { lang: 'ar' });
      expect(ar.data[1].name).toBe('الولايات المتحدة');
    });

    it('answers the basic info, company status, company search and the is_show_mobile setting', async () => {
      const info = await h.call('GET', API.basicInfo);
      expect(info.data).toMatchObject({ verify_reg_type: 1, trade_fee_type: 1, is_show_mobile: 3 });
      expect((await h.call('GET', API.companyStatus)).data).toEqual({ status: 1, type: 1, loss_url: '' });
      expect((await h.call('GET', API.company, { name: 'tradepad' })).data[0].name).toBe('Tradepad Markets Ltd');
      expect((await h.call('GET', API.company, { name: '%_' })).data).toEqual([]);
      expect((await h.call('GET', API.setting, { key: 'is_show_mobile' })).data).toEqual({ key: 'is_show_mobile', value: '3' });
      expect((await h.call('GET', API.setting, { key: 'secret' })).code).toBe(0);
    });

    it('draws a captcha as a base64 SVG image', async () => {
      const c = await h.call('GET', API.captcha);
      expect(c.data.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(c.data.b64s).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(c.data.b64s.split(',')[1], 'base64').toString()).toContain('<svg');
    });
  });

  describe('registration by email', () => {
    it('registers with the code received over SMTP, logs in, reads the profile and logs out', async () => {
      const r = await registerByEmail('Alice@Example.com');
      expect(r).toMatchObject({ code: 1, msg: 'Registration successful, please log in' });
      const token = await login('alice@example.com');
      expect(token).toMatch(/^[\w-]{43}$/);
      const info = await h.call('GET', API.userInfo, {}, { authorization: token });
      expect(info.data).toMatchObject({ email: 'alice@example.com', is_demo: 0, balance: '0.00' });
      expect(info.data.uid).toMatch(/^\d{8}$/);
      expect(info.data.invite_code).toMatch(/^[A-Z2-9]{8}$/);
      const bearer = await h.call('GET', API.getBalance, {}, { authorization: `Bearer ${token}` });
      expect(bearer.data).toEqual({ balance: '0.00' });
      expect((await h.call('POST', API.logout, {}, { authorization: token })).code).toBe(1);
      expect((await h.call('GET', API.userInfo, {}, { authorization: token })).code).toBe(999);
    });

    it('refuses a duplicate email, both when asking a code and when registering', async () => {
      advance(61_000);
      const again = await h.call('POST', API.sendEmail, { email: 'alice@example.com', type: 1 });
      expect(again).toMatchObject({ code: 0, msg: 'This email address is already registered' });
    });

    it('accepts an existing invite code and refuses an unknown one, creating nothing', async () => {
      const token = await login('alice@example.com');
      const inviter = (await h.call('GET', API.userInfo, {}, { authorization: token })).data;
      const before = await countUsers();
      const bad = await registerByEmail('bob@example.com', { invite_code: 'NOPE1234' });
      expect(bad).toMatchObject({ code: 0, msg: 'The invitation code does not exist' });
      expect(await countUsers()).toBe(before);
      // The code was not used up by the refusal, so a corrected form goes through.
      const code = h.lastCode('bob@example.com');
      const ok = await h.call('POST', API.register, {
        ...SIGN_UP_CONSENT,
        type: 1,
        account: 'bob@example.com',
        password: PASSWORD,
        re_password: PASSWORD,
        sms_code: code,
        invite_code: inviter.invite_code.toLowerCase(),
      });
      expect(ok.code, ok.msg).toBe(1);
      const row = await h.app.tradepad.database.db
        .selectFrom('users')
        .select('invited_by')
        .where('email', '=', 'bob@example.com')
        .executeTakeFirst();
      expect(row?.invited_by).toBe(inviter.id);
    });

    it('validates every field with a message in the request language', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [
          { type: 1, account: 'x@y.com', password: 'short', re_password: 'short', sms_code: '123456' },
          'The password must be 8 to 64 characters and contain letters and digits',
        ],
        [
          { type: 1, account: 'x@y.com', password: PASSWORD, re_password: 'Other1234', sms_code: '123456' },
          'The two passwords do not match',
        ],
        [
          { type: 1, account: 'not-an-email', password: PASSWORD, re_password: PASSWORD, sms_code: '123456' },
          'Please enter a valid email address',
        ],
        [{ type: 1, account: 'x@y.com', password: PASSWORD, re_password: PASSWORD }, 'Please enter the verification code'],
        [
          { type: 7, account: 'x@y.com', password: PASSWORD, re_password: PASSWORD, sms_code: '1' },
          'The account type must be email (1) or mobile (2)',
        ],
        [
          { type: 2, account: '5551234', password: PASSWORD, re_password: PASSWORD, sms_code: '1' },
          'Please choose your country or region code',
        ],
        [
          { type: 2, account: '5551234', area_id: 99999, password: PASSWORD, re_password: PASSWORD, sms_code: '1' },
          'Please choose your country or region code',
        ],
        [
          { type: 2, account: '55-ab', area_id: 1, password: PASSWORD, re_password: PASSWORD, sms_code: '1' },
          'Please enter a valid mobile number (digits only)',
        ],
        [
          { type: 1, account: 'x@y.com', password: PASSWORD, re_password: PASSWORD, sms_code: '123456' },
          'The verification code has expired or was not requested. Please request a new one',
        ],
      ];
      for (const [params, msg] of cases)
        expect(await h.call('POST', API.register, { ...SIGN_UP_CONSENT, ...params }), JSON.stringify(params)).toMatchObject({
          code: 0,
          msg,
          data: null,
        });
      const hk = await h.call('POST', API.register, { ...SIGN_UP_CONSENT, ...cases[1]![0] }, { lang: 'hk' });
      const ar = await h.call('POST', API.register, { ...SIGN_UP_CONSENT, ...cases[1]![0] }, { lang: 'ar' });
      const de = await h.call('POST', API.register, { ...SIGN_UP_CONSENT, ...cases[1]![0] }, { lang: 'de' });
      expect(new Set([hk.msg, ar.msg, de.msg, cases[1]![1]]).size).toBe(4);
      expect(ar.msg).toMatch(/[\u0600-\u06FF]/);
    });

    it('counts wrong codes, stops after 5 tries, and lets a code expire after 10 minutes', async () => {
      advance(61_000);
      await h.call('POST', API.sendEmail, { email: 'carol@example.com', type: 1 });
      const right = h.lastCode('carol@example.com');
      const wrong = right === '000000' ? '111111' : '000000';
      const form = {
        ...SIGN_UP_CONSENT,
        type: 1,
        account: 'carol@example.com',
        password: PASSWORD,
        re_password: PASSWORD,
        sms_code: wrong,
      };
      for (let left = 4; left >= 1; left--)
        expect((await h.call('POST', API.register, form)).msg).toBe(`The verification code is incorrect (${left} tries left)`);
      expect((await h.call('POST', API.register, form)).msg).toBe('Too many wrong codes. Please request a new one');
      expect((await h.call('POST', API.register, { ...form, sms_code: right })).msg).toBe(
        'Too many wrong codes. Please request a new one',
      );

      advance(61_000);
      await h.call('POST', API.sendEmail, { email: 'carol@example.com', type: 1 });
      const fresh = h.lastCode('carol@example.com');
      advance(10 * 60_000 + 1);
      expect((await h.call('POST', API.register, { ...form, sms_code: fresh })).msg).toMatch(/expired/);
    });

    it('makes a second code wait 60 seconds and limits codes per address per hour', async () => {
      advance(3_600_000);
      expect((await h.call('POST', API.sendEmail, { email: 'dave@example.com', type: 1 })).code).toBe(1);
      expect((await h.call('POST', API.sendEmail, { email: 'dave@example.com', type: 1 })).msg).toBe(
        'Please wait 60 seconds before requesting another code',
      );
      advance(30_000);
      expect((await h.call('POST', API.sendEmail, { email: 'dave@example.com', type: 1 })).msg).toMatch(/wait 30 seconds/);
      for (let i = 1; i < 10; i++) {
        advance(61_000);
        expect((await h.call('POST', API.sendEmail, { email: 'dave@example.com', type: 1 })).code).toBe(1);
      }
      advance(61_000);
      expect((await h.call('POST', API.sendEmail, { email: 'dave@example.com', type: 1 })).msg).toBe(
        'Too many codes requested. Please try again later',
      );
    });

    it('lets only one of two simultaneous registrations of one email through', async () => {
      advance(3_600_000);
      await h.call('POST', API.sendEmail, { email: 'twin@example.com', type: 1 });
      const code = h.lastCode('twin@example.com');
      const form = {
        ...SIGN_UP_CONSENT,
        type: 1,
        account: 'twin@example.com',
        password: PASSWORD,
        re_password: PASSWORD,
        sms_code: code,
      };
      const results = await Promise.all([h.call('POST', API.register, form), h.call('POST', API.register, form)]);
      expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
      const rows = await h.app.tradepad.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'twin@example.com')
        .execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe('registration by mobile', () => {
    it('sends the code by SMS to +<global code><number> and registers', async () => {
      advance(3_600_000);
      const send = await h.call('POST', API.sendSms, { to: '91234567', area_id: 1, type: 1 });
      expect(send.code, send.msg).toBe(1);
      expect(h.sms.at(-1)?.to).toBe('+85291234567');
      const code = h.lastCode('+85291234567');
      const r = await h.call('POST', API.register, {
        ...SIGN_UP_CONSENT,
        type: 2,
        account: '9123 4567',
        area_id: 1,
        password: PASSWORD,
        re_password: PASSWORD,
        sms_code: code,
      });
      expect(r.code, r.msg).toBe(1);
      const ok = await h.call('POST', API.login, { account: '91234567', area_id: 1, password: PASSWORD, login_type: 2 });
      expect(ok.data).toMatchObject({ mobile: '91234567', global_code: '852', email: '' });
      // Within a minute of the last code, the number waits like any other (that says nothing of an account).
      expect((await h.call('POST', API.sendSms, { to: '91234567', area_id: 1, type: 1 })).msg).toMatch(/^Please wait/);
      advance(61_000);
      const dup = await h.call('POST', API.sendSms, { to: '91234567', area_id: 1, type: 1 });
      expect(dup.msg).toBe('This mobile number is already registered');
    });

    it('refuses the restricted regions', async () => {
      const areas = (await h.call('GET', API.areaList)).data as Array<{ area_id: number; area_code: string }>;
      for (const code of ['KP', 'IL', 'CN', 'VU', 'CU']) {
        const area = areas.find((a) => a.area_code === code)!;
        const r = await h.call('POST', API.sendSms, { to: '13800000000', area_id: area.area_id, type: 1 });
        expect(r.msg).toBe('For policy reasons we cannot offer our services in this country or region');
        const reg = await h.call('POST', API.register, {
          ...SIGN_UP_CONSENT,
          type: 2,
          account: '13800000000',
          area_id: area.area_id,
          password: PASSWORD,
          re_password: PASSWORD,
          sms_code: '123456',
        });
        expect(reg.msg).toBe('For policy reasons we cannot offer our services in this country or region');
      }
    });
  });

  describe('sign-in', () => {
    it('refuses a wrong password and an unknown account alike, and pauses after 10 failures', async () => {
      const wrong = await h.call('POST', API.login, { account: 'alice@example.com', password: 'Wrong1234', login_type: 1 });
      const unknown = await h.call('POST', API.login, { account: 'nobody@example.com', password: 'Wrong1234', login_type: 1 });
      expect(wrong.msg).toBe('The account or password is incorrect');
      expect(unknown.msg).toBe(wrong.msg);
      for (let i = 0; i < 9; i++)
        await h.call('POST', API.login, { account: 'alice@example.com', password: 'Wrong1234', login_type: 1 });
      const locked = await h.call('POST', API.login, { account: 'alice@example.com', password: PASSWORD, login_type: 1 });
      expect(locked.msg).toMatch(/Too many failed logins. Please try again in 1[45] minutes/);
      advance(15 * 60_000);
      expect((await h.call('POST', API.login, { account: 'alice@example.com', password: PASSWORD, login_type: 1 })).code).toBe(1);
    });

    it('expires an idle session', async () => {
      const token = await login('alice@example.com');
      advance(30 * 24 * 3_600_000 + 1);
      expect((await h.call('GET', API.userInfo, {}, { authorization: token })).code).toBe(999);
    });

    it('answers malformed requests with code 0 and never a stack trace', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: API.login,
        headers: { 'content-type': 'application/json', lang: 'en' },
        payload: '{"account":',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 0, msg: 'The request could not be read', data: null });
      const arr = await h.app.inject({
        method: 'POST',
        url: API.login,
        headers: { 'content-type': 'application/json' },
        payload: '[1,2]',
      });
      expect(arr.json().code).toBe(0);
      const huge = await h.call('POST', API.login, { account: 'a'.repeat(5000), password: 'x', login_type: 1 });
      expect(huge.code).toBe(0);
      const missing = await h.app.inject({ method: 'GET', url: '/api/no/such/call' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 0, msg: '此網址不存在' });
      expect(missing.body).not.toMatch(/at .*\.ts/);
    });
  });

  describe('demo accounts', () => {
    it('gives a device the same demo account, funded with 100,000 USD, and resets it', async () => {
      const uuid = '3f1c2a5e-9b7d-4c1e-8a2b-6d5e4f3a2b1c';
      const a = await h.call('GET', API.createDemo, { uuid });
      const b = await h.call('GET', API.createDemo, { uuid });
      expect(a.data.demo_id).toMatch(/^\d{9}$/);
      expect(b.data.demo_id).toBe(a.data.demo_id);
      expect((await h.call('GET', API.createDemo, { uuid: 'short' })).msg).toBe('The device identifier is invalid');

      const wrong = await h.call('POST', API.login, {
        account: a.data.demo_id,
        password: 'another-device-uuid-0000',
        login_type: 3,
      });
      expect(wrong.code).toBe(0);
      const r = await h.call('POST', API.login, { account: a.data.demo_id, password: uuid, login_type: 3 });
      expect(r.data).toMatchObject({ is_demo: 1, balance: '100000.00', demo_id: a.data.demo_id, invite_code: '' });
      const token = r.data.token as string;

      const reset = await h.call('GET', API.resetDemo, {}, { authorization: token });
      expect(reset).toMatchObject({ code: 1, data: { balance: '100000.00' } });
      await h.expectLedgerSound();

      const amend = await h.call(
        'POST',
        API.amendPassword,
        { old_password: 'x', new_password: PASSWORD, secondary_password: PASSWORD, auth_code: '123456', type: 1 },
        { authorization: token },
      );
      expect(amend.msg).toBe('This function is only available for real accounts');
    });

    it('creates one demo account when a device asks twice at once', async () => {
      const uuid = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
      const [a, b] = await Promise.all([h.call('GET', API.createDemo, { uuid }), h.call('GET', API.createDemo, { uuid })]);
      expect(a.data.demo_id).toBe(b.data.demo_id);
    });
  });

  describe('passwords', () => {
    it('resets a forgotten password by emailed code and signs every session out', async () => {
      const token = await login('bob@example.com');
      advance(61_000);
      expect((await h.call('POST', API.sendEmail, { email: 'nobody@example.com', type: 2 })).msg).toBe(
        'No account is registered with this email address',
      );
      expect((await h.call('POST', API.sendEmail, { email: 'bob@example.com', type: 2 })).code).toBe(1);
      const code = h.lastCode('bob@example.com');
      const r = await h.call('POST', API.forgetPassword, {
        type: 1,
        account: 'bob@example.com',
        new_password: 'NewSecret456',
        secondary_password: 'NewSecret456',
        auth_code: code,
      });
      expect(r.code, r.msg).toBe(1);
      expect((await h.call('GET', API.userInfo, {}, { authorization: token })).code).toBe(999);
      expect((await h.call('POST', API.login, { account: 'bob@example.com', password: PASSWORD, login_type: 1 })).code).toBe(0);
      await login('bob@example.com', 'NewSecret456');
    });

    it('changes a password with the old one and a code, keeping this session and revoking the others', async () => {
      const other = await login('bob@example.com', 'NewSecret456');
      const mine = await login('bob@example.com', 'NewSecret456');
      advance(61_000);
      // A type-3 code needs the signed-in owner.
      expect((await h.call('POST', API.sendEmail, { email: 'bob@example.com', type: 3 })).code).toBe(999);
      expect((await h.call('POST', API.sendEmail, { email: 'alice@example.com', type: 3 }, { authorization: mine })).code).toBe(
        0,
      );
      expect((await h.call('POST', API.sendEmail, { email: 'bob@example.com', type: 3 }, { authorization: mine })).code).toBe(1);
      const code = h.lastCode('bob@example.com');
      const base = {
        old_password: 'NewSecret456',
        new_password: 'Third789x',
        secondary_password: 'Third789x',
        auth_code: code,
        type: 1,
      };
      expect((await h.call('POST', API.amendPassword, { ...base, old_password: 'Wrong999' }, { authorization: mine })).msg).toBe(
        'The current password is incorrect',
      );
      expect((await h.call('POST', API.amendPassword, { ...base, type: 2 }, { authorization: mine })).msg).toBe(
        'This account has no mobile number; choose email instead',
      );
      // Both sessions have just been used (so the server holds them in memory).
      expect((await h.call('GET', API.userInfo, {}, { authorization: other })).code).toBe(1);
      const r = await h.call('POST', API.amendPassword, base, { authorization: mine });
      expect(r).toMatchObject({ code: 1, msg: 'Password changed; other devices have been signed out' });
      expect((await h.call('GET', API.userInfo, {}, { authorization: mine })).code).toBe(1);
      expect((await h.call('GET', API.userInfo, {}, { authorization: other })).code).toBe(999);
    });
  });

  describe('registration settings', () => {
    it('uses a captcha image when verify_reg_type is 2, once per image', async () => {
      await h.app.tradepad.settings.set('verify_reg_type', '2');
      try {
        const c = (await h.call('GET', API.captcha)).data;
        const form = {
          ...SIGN_UP_CONSENT,
          type: 1,
          account: 'erin@example.com',
          password: PASSWORD,
          re_password: PASSWORD,
          key: c.id,
        };
        expect((await h.call('POST', API.register, { ...form, sms_code: 'zzzz' })).msg).toBe(
          'The image code is incorrect, please try again',
        );
        expect((await h.call('POST', API.register, { ...form, sms_code: 'CAPT' })).msg).toBe(
          'The image code has expired, please refresh it',
        );
        const fresh = (await h.call('GET', API.captcha)).data;
        const ok = await h.call('POST', API.register, { ...form, key: fresh.id, sms_code: 'capt' });
        expect(ok.code, ok.msg).toBe(1);
      } finally {
        await h.app.tradepad.settings.set('verify_reg_type', '1');
      }
    });

    it('refuses registration by a method the settings turn off, and asks the extra phone when is_show_mobile is 1', async () => {
      await h.app.tradepad.settings.set('is_show_mobile', '0');
      try {
        const r = await h.call('POST', API.register, {
          ...SIGN_UP_CONSENT,
          type: 2,
          account: '61234567',
          area_id: 1,
          password: PASSWORD,
          re_password: PASSWORD,
          sms_code: '123456',
        });
        expect(r.msg).toBe('Registration by this method is not available');
        await h.app.tradepad.settings.set('is_show_mobile', '1');
        const noPhone = await registerByEmail('frank@example.com');
        expect(noPhone.msg).toBe('Please enter your mobile number');
        const code = h.lastCode('frank@example.com');
        const ok = await h.call('POST', API.register, {
          ...SIGN_UP_CONSENT,
          type: 1,
          account: 'frank@example.com',
          password: PASSWORD,
          re_password: PASSWORD,
          sms_code: code,
          mobile: '61234567',
        });
        expect(ok.code, ok.msg).toBe(1);
      } finally {
        await h.app.tradepad.settings.set('is_show_mobile', '3');
      }
    });
  });
});
