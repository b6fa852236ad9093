import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, CALLS, STAFF_ENROLMENT_PATHS } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { PASSWORD, realUser, staff, type TestUser } from './people.ts';

const STEP = 30_000;
/** The authenticator's code for `secret` at `ms`. */
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

/**
 * Two-factor sign-in (DESIGN §10, issue 17 point 5): a trader's optional TOTP with recovery codes, a code serving
 * once, wrong codes evaluated at most 5 times whatever arrives at once, and staff enrolment before anything else.
 */
describe('two-factor sign-in', () => {
  let h: Harness;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 10, 18, 14, 0, 5));
    h = await startHarness({ clock });
  }, 120_000);
  afterAll(async () => h?.close());

  const login = (u: TestUser, extra: Record<string, unknown> = {}) =>
    h.call('POST', API.login, { account: u.email, password: PASSWORD, login_type: 1, ...extra });

  /** A trader with 2FA on: the secret and the recovery codes. */
  async function withTotp(): Promise<{ user: TestUser; secret: string; recovery: string[] }> {
    const user = await realUser(h, clock);
    const setup = await user.post(API.totpSetup);
    expect(setup.code, setup.msg).toBe(1);
    const on = await user.post(API.totpEnable, { code: await codeAt(setup.data.secret, clock.now()) });
    expect(on.code, on.msg).toBe(1);
    clock.advance(STEP);
    return { user, secret: setup.data.secret as string, recovery: on.data.recovery_codes as string[] };
  }

  it('sets up a pending secret, turns it on with a code (recovery codes shown once), and off again', async () => {
    const user = await realUser(h, clock);
    expect((await user.get(API.totpStatus)).data).toEqual({ enabled: false });
    const setup = await user.post(API.totpSetup);
    expect(setup.data.otpauth_url).toMatch(/^otpauth:\/\/totp\/Tradepad:.*secret=[A-Z2-7]+.*/);
    expect(setup.data.otpauth_url).toContain(encodeURIComponent(user.email));
    // Pending only: sign-in still needs no code.
    expect((await login(user)).code).toBe(1);
    expect((await user.get(API.totpStatus)).data).toEqual({ enabled: false });

    expect((await user.post(API.totpEnable, { code: 'abc' })).msg).toBe('Please enter the 6-digit code or a recovery code');
    const wrong = await user.post(API.totpEnable, {
      code: String((Number(await codeAt(setup.data.secret, clock.now())) + 1) % 1e6).padStart(6, '0'),
    });
    expect(wrong).toMatchObject({ code: 0, msg: 'The authentication code is incorrect' });
    const on = await user.post(API.totpEnable, { code: await codeAt(setup.data.secret, clock.now()) });
    expect(on).toMatchObject({ code: 1, msg: 'Two-factor authentication is on' });
    expect(on.data.recovery_codes).toHaveLength(10);
    expect(new Set(on.data.recovery_codes).size).toBe(10);
    expect((await user.get(API.totpStatus)).data).toEqual({ enabled: true });
    // The secret is never answered again, and not stored as given back.
    expect((await user.post(API.totpSetup)).msg).toBe('Two-factor authentication is already on');
    const stored = await h.app.tradepad.database.db.selectFrom('totp_recovery_codes').select('code_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(on.data.recovery_codes[0]);

    clock.advance(STEP);
    expect((await user.post(API.totpDisable, { code: '000000' })).code).toBe(0);
    const off = await user.post(API.totpDisable, { code: await codeAt(setup.data.secret, clock.now()) });
    expect(off).toMatchObject({ code: 1, msg: 'Two-factor authentication is off' });
    expect((await user.get(API.totpStatus)).data).toEqual({ enabled: false });
    expect((await login(user)).code).toBe(1);
  });

  it('asks for the code at sign-in when 2FA is on, refuses a wrong one, and accepts the right one once', async () => {
    const { user, secret } = await withTotp();
    const bare = await login(user);
    expect(bare).toMatchObject({ code: 0, data: { totp_required: true } });
    expect(bare.msg).toBe('Please enter the 6-digit code from your authenticator app');
    // A wrong password is still a wrong password, whatever the code.
    expect((await login(user, { password: 'Wrong-pass1', totp: await codeAt(secret, clock.now()) })).msg).toBe(
      'The account or password is incorrect',
    );
    expect((await login(user, { totp: '000000' === (await codeAt(secret, clock.now())) ? '111111' : '000000' })).msg).toBe(
      'The authentication code is incorrect',
    );
    const code = await codeAt(secret, clock.now());
    const ok = await login(user, { totp: code });
    expect(ok.code, ok.msg).toBe(1);
    expect(ok.data.token).toBeTruthy();
    // Replayed within its step: refused, and no session made.
    const replay = await login(user, { totp: code });
    expect(replay).toMatchObject({ code: 0, msg: 'This code has already been used. Please wait for the next one' });
    expect(replay.data).toBeNull();
    // An older code than the last one used is refused too; the next step's code works.
    expect((await login(user, { totp: await codeAt(secret, clock.now() - STEP) })).code).toBe(0);
    clock.advance(STEP);
    expect((await login(user, { totp: await codeAt(secret, clock.now()) })).code).toBe(1);
  });

  it('accepts a recovery code in place of the code, once', async () => {
    const { user, recovery } = await withTotp();
    const first = await login(user, { totp: recovery[3]!.toLowerCase() });
    expect(first.code, first.msg).toBe(1);
    expect((await login(user, { totp: recovery[3] })).msg).toBe('The authentication code is incorrect');
    expect((await login(user, { totp: recovery[4]!.replace('-', '') })).code).toBe(1);
  });

  it('evaluates at most 5 wrong codes whatever arrives at once, then compares nothing until the window ends', async () => {
    const { user, secret } = await withTotp();
    const right = await codeAt(secret, clock.now());
    const wrongCode = right === '123456' ? '654321' : '123456';
    const answers = await Promise.all(Array.from({ length: 200 }, () => user.post(API.totpDisable, { code: wrongCode })));
    const evaluated = answers.filter((a) => a.msg === 'The authentication code is incorrect');
    const refused = answers.filter((a) => a.msg.startsWith('Too many attempts'));
    expect(evaluated).toHaveLength(5);
    expect(refused).toHaveLength(195);
    for (const a of refused) expect(a.msg).not.toMatch(/incorrect|tries left/);
    // The right code is not even compared while the limit holds, at sign-in too.
    expect((await login(user, { totp: right })).msg).toMatch(/^Too many attempts/);
    expect((await user.get(API.totpStatus)).data).toEqual({ enabled: true });
    clock.advance(15 * 60_000);
    expect((await login(user, { totp: await codeAt(secret, clock.now()) })).code).toBe(1);
  });

  it('lets a staff member without TOTP only enrol, then requires the code at every sign-in', async () => {
    const admin = await staff(h);
    const who = { email: 'newcomer@tradepad.example', password: 'Newcomer-123' };
    expect((await admin.post(ADMIN_API.staff, { ...who, name: 'Newcomer', role: 'super_admin' })).code).toBe(1);
    const first = await h.call('POST', ADMIN_API.login, who);
    expect(first.code, first.msg).toBe(1);
    expect(first.data.totp_pending).toBe(true);
    const headers = { authorization: first.data.token as string, lang: 'en' };
    expect((await h.call('GET', ADMIN_API.me, {}, headers)).data).toMatchObject({ email: who.email, totp_pending: true });
    // The password the creator chose is replaced first (DESIGN §16).
    const changed = await h.call(
      'POST',
      ADMIN_API.mePassword,
      { old_password: who.password, new_password: 'Newcomer-own-456' },
      headers,
    );
    expect(changed.code, changed.msg).toBe(1);
    who.password = 'Newcomer-own-456';

    // Every other staff call refuses the pending token (a super admin's: no role stands in the way).
    const staffCalls = CALLS.filter((c) => c.auth === 'staff' && !STAFF_ENROLMENT_PATHS.includes(c.path));
    expect(staffCalls.length).toBeGreaterThan(20);
    for (const c of staffCalls)
      for (const method of c.methods) {
        const r = await h.call(method, c.path.replace(':id', '1'), {}, headers);
        expect({ call: `${method} ${c.path}`, code: r.code, msg: r.msg }).toEqual({
          call: `${method} ${c.path}`,
          code: 0,
          msg: 'Please set up two-factor authentication first',
        });
      }

    const setup = await h.call('POST', ADMIN_API.meTotp, {}, headers);
    expect(setup.data.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const wrongConfirm = await h.call('POST', ADMIN_API.meTotpConfirm, { code: '000000' }, headers);
    if ((await codeAt(setup.data.secret, clock.now())) !== '000000') expect(wrongConfirm.code).toBe(0);
    const confirm = await h.call(
      'POST',
      ADMIN_API.meTotpConfirm,
      { code: await codeAt(setup.data.secret, clock.now()) },
      headers,
    );
    expect(confirm).toMatchObject({ code: 1, data: { totp_pending: false } });
    // The same token is now open to the role.
    expect((await h.call('GET', ADMIN_API.staff, {}, headers)).code).toBe(1);
    expect((await h.call('GET', ADMIN_API.me, {}, headers)).data.totp_pending).toBe(false);
    expect((await h.call('POST', ADMIN_API.meTotp, {}, headers)).msg).toBe('Two-factor authentication is already on');

    // From now on the code is required at sign-in, and serves once.
    expect(await h.call('POST', ADMIN_API.login, who)).toMatchObject({ code: 0, data: { totp_required: true } });
    const used = await codeAt(setup.data.secret, clock.now());
    expect((await h.call('POST', ADMIN_API.login, { ...who, totp: used })).msg).toBe(
      'This code has already been used. Please wait for the next one',
    );
    clock.advance(STEP);
    const next = await h.call('POST', ADMIN_API.login, { ...who, totp: await codeAt(setup.data.secret, clock.now()) });
    expect(next).toMatchObject({ code: 1, data: { totp_pending: false } });
    const audit = await admin.get(ADMIN_API.audit, { action: 'staff.totp_enrol' });
    expect(JSON.stringify(audit.data)).toContain('staff.totp_enrol');
  });
});

describe('two-factor secrets with TOTP_KEY', () => {
  let h: Harness;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 10, 18, 15, 0, 5));
    h = await startHarness({ clock, env: { TOTP_KEY: 'ab'.repeat(32) } });
  }, 120_000);
  afterAll(async () => h?.close());

  it('stores the secret encrypted, never as answered at set-up, and still checks codes', async () => {
    const user = await realUser(h, clock);
    const setup = await user.post(API.totpSetup);
    const secret = setup.data.secret as string;
    expect((await user.post(API.totpEnable, { code: await codeAt(secret, clock.now()) })).code).toBe(1);
    const rows = await h.app.tradepad.database.db.selectFrom('totp_factors').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret).toMatch(/^v1:/);
    expect(JSON.stringify(rows)).not.toContain(secret);
    clock.advance(STEP);
    const ok = await h.call('POST', API.login, {
      account: user.email,
      password: PASSWORD,
      login_type: 1,
      totp: await codeAt(secret, clock.now()),
    });
    expect(ok.code, ok.msg).toBe(1);
  });
});
