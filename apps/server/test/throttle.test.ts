import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { ADMIN, startHarness, type Envelope, type Harness } from './harness.ts';
import { PASSWORD, SIGN_UP_CONSENT, realUser, staff } from './people.ts';

const MINUTE = 60_000;
/** Words that say a guess was evaluated and wrong; a refusal because of a lock or a limit never uses them (DESIGN §10). */
const WRONG_WORDING = /incorrect|tries left/i;
/** The harness draws every captcha with this text. */
const CAPTCHA_TEXT = 'CAPT';
/** Each request names its client address in X-Forwarded-For; 20 failures from one address ask it for a captcha. */
const ENV = { TRUST_PROXY: 'loopback', LIMIT_LOGIN_ADDRESS: '20' };

/**
 * The limits that protect sign-in and sign-up (issue 17, points 2-4; DESIGN §10): kept in the database, keyed by the
 * resolved account, a lock per (account, address) and a captcha, never a lock-out, past the account's limit.
 * TRUST_PROXY=loopback lets each request name its client address in X-Forwarded-For.
 */
describe('sign-in and sign-up limits', () => {
  let h: Harness;
  const clock = new ManualClock(Date.UTC(2026, 10, 18, 14, 0, 0));
  /** Every refusal because of a lock or a limit seen in these tests, to check their wording at the end. */
  const limitRefusals: Envelope[] = [];

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (params: Record<string, unknown>, ip: string) =>
    h.call('POST', API.login, { login_type: 1, ...params }, from(ip));
  const captcha = async (ip = '192.0.2.250') => {
    const c = await h.call('GET', API.captcha, {}, from(ip));
    expect(c.code, c.msg).toBe(1);
    return { key: c.data.id as string, captcha: CAPTCHA_TEXT };
  };
  const newHour = () => clock.advance(61 * MINUTE);

  beforeAll(async () => {
    h = await startHarness({ clock, env: ENV, keepData: true });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await h?.database.drop();
    if (h) fs.rmSync(h.dataDir, { recursive: true, force: true });
  });

  it('lets many addresses never lock the owner out: past 10 failures the account asks for a captcha', async () => {
    newHour();
    const owner = await realUser(h, clock);
    // A stranger sprays the account from 12 addresses, one guess each.
    for (let i = 0; i < 10; i++) {
      const r = await login({ account: owner.email, password: `Guess${i}xyz` }, `198.51.100.${i + 1}`);
      expect(r.msg).toBe('The account or password is incorrect');
    }
    // Past the limit, a guess without a captcha is not evaluated, even the right password from a new address.
    const stranger = await login({ account: owner.email, password: PASSWORD }, '198.51.100.99');
    expect(stranger).toMatchObject({ code: 0, data: { captcha_required: true } });
    expect(stranger.msg).toBe('Please enter the image code to sign in');
    limitRefusals.push(stranger);

    // The owner, from home, is asked for the captcha and gets in with it.
    const asked = await login({ account: owner.email, password: PASSWORD }, '203.0.113.10');
    expect(asked).toMatchObject({ code: 0, data: { captcha_required: true } });
    const wrongCaptcha = await login(
      { account: owner.email, password: PASSWORD, ...(await captcha()), captcha: 'NOPE' },
      '203.0.113.10',
    );
    expect(wrongCaptcha).toMatchObject({ code: 0, data: { captcha_required: true } });
    const ok = await login({ account: owner.email, password: PASSWORD, ...(await captcha()) }, '203.0.113.10');
    expect(ok.code, ok.msg).toBe(1);
  });

  it('locks one (account, address) pair for 15 minutes after 10 failures, not the account', async () => {
    newHour();
    const owner = await realUser(h, clock);
    for (let i = 0; i < 10; i++) await login({ account: owner.email, password: `Guess${i}xyz` }, '198.51.100.20');
    const locked = await login({ account: owner.email, password: PASSWORD }, '198.51.100.20');
    expect(locked).toMatchObject({ code: 0, data: null });
    expect(locked.msg).toMatch(/^Too many failed logins. Please try again in 1[45] minutes$/);
    limitRefusals.push(locked);
    // The owner elsewhere gets in (with the captcha the account's failures ask for).
    const ok = await login({ account: owner.email, password: PASSWORD, ...(await captcha()) }, '203.0.113.20');
    expect(ok.code, ok.msg).toBe(1);
    // The pair stays locked for 15 minutes from its tenth failure, right password or not.
    clock.advance(14 * MINUTE);
    expect((await login({ account: owner.email, password: PASSWORD }, '198.51.100.20')).msg).toMatch(/Too many failed logins/);
    clock.advance(MINUTE + 1);
    expect((await login({ account: owner.email, password: PASSWORD }, '198.51.100.20')).code).toBe(1);
  });

  it('counts e-mail case and phone formats as one account', async () => {
    newHour();
    const owner = await realUser(h, clock);
    const variants = [owner.email.toUpperCase(), ` ${owner.email} `, owner.email.replace(/^t/, 'T')];
    for (let i = 0; i < 10; i++)
      await login({ account: variants[i % variants.length], password: `Guess${i}xyz` }, `198.51.100.${40 + i}`);
    const next = await login({ account: owner.email, password: PASSWORD }, '198.51.100.60');
    expect(next).toMatchObject({ code: 0, data: { captcha_required: true } });

    // A phone account: spaces, a leading zero, +852 and 00852 name the same account.
    const phone = '61234567';
    clock.advance(61_000);
    expect((await h.call('POST', API.sendSms, { to: phone, area_id: 1, type: 1 })).code).toBe(1);
    const reg = await h.call('POST', API.register, {
      type: 2,
      account: phone,
      area_id: 1,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: h.lastCode(`+852${phone}`),
      ...SIGN_UP_CONSENT,
    });
    expect(reg.code, reg.msg).toBe(1);
    const phoneLogin = (account: string, password: string, ip: string, extra = {}) =>
      h.call('POST', API.login, { login_type: 2, area_id: 1, account, password, ...extra }, from(ip));
    expect((await phoneLogin('+852 6123 4567', PASSWORD, '203.0.113.30')).code).toBe(1);
    const formats = ['6123 4567', '061234567', '+85261234567', '0085261234567', '6123-4567'];
    for (let i = 0; i < 10; i++) await phoneLogin(formats[i % formats.length]!, `Guess${i}xyz`, `198.51.100.${70 + i}`);
    const after = await phoneLogin(phone, PASSWORD, '198.51.100.90');
    expect(after).toMatchObject({ code: 0, data: { captcha_required: true } });
    expect((await phoneLogin(phone, PASSWORD, '203.0.113.30', await captcha())).code).toBe(1);
  });

  it('asks one address for a captcha after its failures on many accounts, not after its successes', async () => {
    newHour();
    const owner = await realUser(h, clock);
    const office = '198.51.100.120';
    for (let i = 0; i < 25; i++) expect((await login({ account: owner.email, password: PASSWORD }, office)).code).toBe(1);
    for (let i = 0; i < 20; i++) await login({ account: `stuffed${i}@example.com`, password: `Guess${i}xyz` }, office);
    expect(await login({ account: owner.email, password: PASSWORD }, office)).toMatchObject({ data: { captcha_required: true } });
    expect((await login({ account: owner.email, password: PASSWORD, ...(await captcha()) }, office)).code).toBe(1);
  });

  it('throttles staff sign-in per staff account and per (account, address)', async () => {
    newHour();
    const staffLogin = (password: string, ip: string, extra = {}) =>
      h.call('POST', ADMIN_API.login, { email: ADMIN.email, password, ...extra }, from(ip));
    for (let i = 0; i < 10; i++) await staffLogin(`Guess${i}xyz`, '198.51.100.100');
    const locked = await staffLogin(ADMIN.password, '198.51.100.100');
    expect(locked.msg).toMatch(/Too many failed logins/);
    limitRefusals.push(locked);
    const asked = await staffLogin(ADMIN.password, '203.0.113.40');
    expect(asked).toMatchObject({ code: 0, data: { captcha_required: true } });
    const ok = await staffLogin(ADMIN.password, '203.0.113.40', await captcha());
    expect(ok.code, ok.msg).toBe(1);
  });

  it('never sends more codes than the limits allow, however many requests arrive at once', async () => {
    newHour();
    // 200 requests at once from one address, to 200 addresses: 30 codes per client address per hour.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        h.call('POST', API.sendEmail, { email: `burst${i}@example.com`, type: 1 }, from('198.51.100.150')),
      ),
    );
    expect(answers.filter((a) => a.code === 1).length).toBe(30);
    const refused = answers.find((a) => a.code === 0)!;
    expect(refused.msg).toBe('Too many codes requested. Please try again later');
    limitRefusals.push(refused);

    // 200 requests at once for one e-mail from 200 addresses: at most 10 codes to one address per hour.
    const target = 'victim@example.com';
    const before = h.mail.length;
    const one = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        h.call('POST', API.sendEmail, { email: target, type: 1 }, from(`10.1.${Math.floor(i / 200)}.${i}`)),
      ),
    );
    expect(one.filter((a) => a.code === 1).length).toBeLessThanOrEqual(10);
    await new Promise((r) => setTimeout(r, 200));
    expect(h.mail.slice(before).filter((m) => m.to.includes(target)).length).toBeLessThanOrEqual(10);
  });

  it('throttles code checks and account-revealing answers per address and per account', async () => {
    newHour();
    const reset = (account: string, ip: string) =>
      h.call(
        'POST',
        API.forgetPassword,
        { type: 1, account, new_password: 'Harbour-77x', secondary_password: 'Harbour-77x', auth_code: '123456' },
        from(ip),
      );
    // One address probing 100 accounts: the 101st answer is a limit, which tells nothing about the account.
    for (let i = 0; i < 100; i++) expect((await reset(`probe${i}@example.com`, '198.51.100.200')).msg).not.toMatch(/Too many/);
    const perAddress = await reset('probe-last@example.com', '198.51.100.200');
    expect(perAddress.msg).toBe('Too many requests, please wait a moment and try again');
    limitRefusals.push(perAddress);

    // One account checked from 30 addresses: the 31st is refused before anything is compared, from anywhere.
    const owner = await realUser(h, clock);
    for (let i = 0; i < 30; i++) await reset(owner.email, `10.2.0.${i}`);
    const perAccount = await reset(owner.email, '10.2.1.1');
    expect(perAccount.msg).toBe('Too many requests, please wait a moment and try again');
    limitRefusals.push(perAccount);
    // The account's sign-up check (is this e-mail taken?) is the same budget.
    const probe = await h.call(
      'POST',
      API.register,
      {
        type: 1,
        account: owner.email,
        password: 'Harbour-77x',
        re_password: 'Harbour-77x',
        sms_code: '123456',
        ...SIGN_UP_CONSENT,
      },
      from('10.2.1.2'),
    );
    expect(probe.msg).toBe('Too many requests, please wait a moment and try again');
    limitRefusals.push(probe);
  });

  it('refuses well-known passwords for traders and staff, in the user language', async () => {
    newHour();
    for (const weak of ['password1', 'qwerty123', 'Summer2024', 'abc12345']) {
      clock.advance(61_000);
      const email = `weak.${weak.toLowerCase()}@example.com`;
      expect((await h.call('POST', API.sendEmail, { email, type: 1 })).code).toBe(1);
      const r = await h.call('POST', API.register, {
        type: 1,
        account: email,
        password: weak,
        re_password: weak,
        sms_code: h.lastCode(email),
        ...SIGN_UP_CONSENT,
      });
      expect(r).toMatchObject({ code: 0, msg: 'This password is too common or too easy to guess. Please choose a stronger one' });
    }
    const hk = await h.call(
      'POST',
      API.register,
      {
        type: 1,
        account: 'weak.hk@example.com',
        password: 'password1',
        re_password: 'password1',
        sms_code: '123456',
        ...SIGN_UP_CONSENT,
      },
      { lang: 'hk' },
    );
    expect(hk.msg).toBe('此密碼太常見或太容易被猜到，請選擇更安全的密碼');

    const u = await realUser(h, clock);
    const reset = await h.call('POST', API.forgetPassword, {
      type: 1,
      account: u.email,
      new_password: 'iloveyou1',
      secondary_password: 'iloveyou1',
      auth_code: '123456',
    });
    expect(reset.msg).toMatch(/too common/);
    const amend = await u.post(API.amendPassword, {
      old_password: PASSWORD,
      new_password: 'Password123',
      secondary_password: 'Password123',
      auth_code: '123456',
      type: 1,
    });
    expect(amend.msg).toMatch(/too common/);

    const admin = await staff(h);
    const weakStaff = await admin.post(ADMIN_API.staff, {
      email: 'weak@tradepad.example',
      name: 'W',
      password: 'qwerty123',
      role: 'finance',
    });
    expect(weakStaff.msg).toMatch(/too common/);
    const decent = await admin.post(ADMIN_API.staff, {
      email: 'ok@tradepad.example',
      name: 'K',
      password: 'Lantern-42x',
      role: 'finance',
    });
    expect(decent.code, decent.msg).toBe(1);
  });

  it('keeps the counters across a restart', async () => {
    newHour();
    const owner = await realUser(h, clock);
    for (let i = 0; i < 10; i++) await login({ account: owner.email, password: `Guess${i}xyz` }, '198.51.100.210');
    await h.close();
    h = await startHarness({ clock, env: ENV, dataDir: h.dataDir, database: h.database, keepData: true });
    const locked = await login({ account: owner.email, password: PASSWORD }, '198.51.100.210');
    expect(locked.msg).toMatch(/Too many failed logins/);
    limitRefusals.push(locked);
    expect((await login({ account: owner.email, password: PASSWORD }, '203.0.113.50')).data).toEqual({ captcha_required: true });
  });

  it('sweeps the counters whose window is over', async () => {
    const db = h.app.tradepad.database.db;
    const dead = () => db.selectFrom('rate_counters').select('key').where('expires_at', '<=', clock.now()).execute();
    clock.advance(2 * 60 * MINUTE);
    expect((await dead()).length).toBeGreaterThan(0);
    await captcha();
    await expect.poll(async () => (await dead()).length).toBe(0);
  });

  it('words refusals for a lock or a limit unlike a wrong code or password', () => {
    expect(limitRefusals.length).toBe(8);
    for (const r of limitRefusals) expect(r.msg).not.toMatch(WRONG_WORDING);
  });
});
