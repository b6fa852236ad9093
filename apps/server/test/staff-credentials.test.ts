import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { BreakGlassRefused, breakGlassReset } from '../src/break-glass.ts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { PASSWORD, realUser, staff } from './people.ts';

const STEP = 30_000;
const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The authenticator's code for `secret` at `ms`. */
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });
const TEMPORARY = /^[A-HJ-NP-Za-km-z2-9]{4}(-[A-HJ-NP-Za-km-z2-9]{4}){3}$/;

/**
 * Staff 2FA binds the session, and staff accounts (issue 29 points 2 and 3, DESIGN §16): a session opened before
 * enrolment gains nothing from it, a pending enrolment is its session's, every factor change ends the other sessions
 * (traders' and staff's), staff change their password, a password someone else set is replaced first, super admins
 * reset others, and the break-glass command resets a super admin on the server machine.
 */
describe('staff sessions, passwords and resets', () => {
  let h: Harness;
  let clock: ManualClock;
  let seq = 0;

  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 10, 18, 14, 0, 5));
    h = await startHarness({ clock });
  }, 120_000);
  afterAll(async () => h?.close());

  const as = (token: string) => ({ authorization: token, lang: 'en' });
  const login = (who: { email: string; password: string }, totp?: string) =>
    h.call('POST', ADMIN_API.login, { ...who, ...(totp ? { totp } : {}) }, { lang: 'en' });
  const audits = async (action: string) => {
    const admin = await staff(h);
    return (await admin.get(ADMIN_API.audit, { action })).data.data as Array<{
      staff_id: number | null;
      target_id: string;
      after: any;
      before: any;
    }>;
  };

  /** A staff member created by the super admin, password replaced (fresh sessions may sign in), not yet enrolled. */
  async function newStaff(role = 'finance') {
    const admin = await staff(h);
    const who = { email: `member${seq++}@tradepad.example`, password: 'Given-pass-1234' };
    const made = await admin.post(ADMIN_API.staff, { ...who, name: 'Member', role });
    expect(made.code, made.msg).toBe(1);
    const first = await login(who);
    const own = { ...who, password: 'Own-choice-5678x' };
    const changed = await h.call(
      'POST',
      ADMIN_API.mePassword,
      { old_password: who.password, new_password: own.password },
      as(first.data.token),
    );
    expect(changed.code, changed.msg).toBe(1);
    return { id: Number(made.data.id), who: own, token: first.data.token as string };
  }

  /** Enrols a staff member in the session `token`: answers the secret. */
  async function enrol(token: string): Promise<string> {
    const setup = await h.call('POST', ADMIN_API.meTotp, {}, as(token));
    expect(setup.code, setup.msg).toBe(1);
    const confirm = await h.call(
      'POST',
      ADMIN_API.meTotpConfirm,
      { code: await codeAt(setup.data.secret, clock.now()) },
      as(token),
    );
    expect(confirm.code, confirm.msg).toBe(1);
    clock.advance(STEP);
    return setup.data.secret as string;
  }

  it('the bootstrap super admin: a session opened before enrolment gets nothing once another session enrols', async () => {
    // Runs first: the super admin from ADMIN_PASSWORD has not enrolled yet, and chose the password (no forced change).
    const early = await login(ADMIN);
    expect(early.data).toMatchObject({ totp_pending: true, must_change_password: false });
    const owner = await login(ADMIN);
    const secret = await enrol(owner.data.token);
    h.staffSecrets.set(ADMIN.email, { secret, lastStep: Math.floor(clock.now() / STEP) });
    // The session that enrolled is open to the role; the earlier one is over, not promoted.
    expect((await h.call('GET', ADMIN_API.staff, {}, as(owner.data.token))).code).toBe(1);
    for (const path of [ADMIN_API.staff, ADMIN_API.me, ADMIN_API.meTotp])
      expect((await h.call(path === ADMIN_API.meTotp ? 'POST' : 'GET', path, {}, as(early.data.token))).code).toBe(999);
  });

  it('a staff session opened before enrolment stays without access after the owner enrols elsewhere', async () => {
    const m = await newStaff();
    const early = (await login(m.who)).data.token as string;
    expect((await h.call('GET', ADMIN_API.deposits, {}, as(early))).msg).toBe('Please set up two-factor authentication first');
    await enrol(m.token);
    expect((await h.call('GET', ADMIN_API.deposits, {}, as(m.token))).code).toBe(1);
    expect((await h.call('GET', ADMIN_API.deposits, {}, as(early))).code).toBe(999);
    expect((await h.call('GET', ADMIN_API.me, {}, as(early))).code).toBe(999);
  });

  it('a pending enrolment belongs to the session that started it: another session cannot confirm it', async () => {
    const m = await newStaff();
    const other = (await login(m.who)).data.token as string;
    const setup = await h.call('POST', ADMIN_API.meTotp, {}, as(m.token));
    const code = await codeAt(setup.data.secret, clock.now());
    const stolen = await h.call('POST', ADMIN_API.meTotpConfirm, { code }, as(other));
    expect(stolen).toMatchObject({ code: 0, msg: 'Please start the two-factor set-up again' });
    const own = await h.call('POST', ADMIN_API.meTotpConfirm, { code }, as(m.token));
    expect(own.code, own.msg).toBe(1);
    // Enrolling ended the other session.
    expect((await h.call('GET', ADMIN_API.me, {}, as(other))).code).toBe(999);
  });

  it("a trader's 2FA on or off, or a staff reset of it, ends the trader's other sessions and silences their sockets", async () => {
    const u = await realUser(h, clock);
    const second = await h.call('POST', API.login, { account: u.email, password: PASSWORD, login_type: 1 });
    const socket = await h.ws('?lang=en');
    socket.send({ type: 'login', params: second.data.token });
    expect(await socket.json('login_result')).toMatchObject({ code: 1 });

    const setup = await u.post(API.totpSetup);
    // Set up in one session, confirmed in another: refused.
    const cross = await h.call(
      'POST',
      API.totpEnable,
      { code: await codeAt(setup.data.secret, clock.now()) },
      as(second.data.token),
    );
    expect(cross.code).toBe(0);
    expect((await u.post(API.totpEnable, { code: await codeAt(setup.data.secret, clock.now()) })).code).toBe(1);
    expect(await socket.json('session_revoked')).toMatchObject({ type: 'session_revoked' });
    socket.close();
    expect((await h.call('GET', API.forexDetail, {}, as(second.data.token))).code).toBe(999);
    expect((await u.get(API.forexDetail)).code).toBe(1);

    // Off: from a new session (with a code); the first one ends.
    clock.advance(STEP);
    const third = await h.call('POST', API.login, {
      account: u.email,
      password: PASSWORD,
      login_type: 1,
      totp: await codeAt(setup.data.secret, clock.now()),
    });
    expect(third.code, third.msg).toBe(1);
    clock.advance(STEP);
    const off = await h.call(
      'POST',
      API.totpDisable,
      { code: await codeAt(setup.data.secret, clock.now()) },
      as(third.data.token),
    );
    expect(off.code, off.msg).toBe(1);
    expect((await u.get(API.forexDetail)).code).toBe(999);
    expect((await h.call('GET', API.forexDetail, {}, as(third.data.token))).code).toBe(1);

    // On again in the third session, then a staff reset: every session of the trader ends.
    const again = await h.call('POST', API.totpSetup, {}, as(third.data.token));
    clock.advance(STEP);
    const on = await h.call('POST', API.totpEnable, { code: await codeAt(again.data.secret, clock.now()) }, as(third.data.token));
    expect(on.code, on.msg).toBe(1);
    const finance = await staff(h, 'finance');
    const reset = await finance.post(`${ADMIN_API.users}/${u.id}/totp/reset`);
    expect(reset.code, reset.msg).toBe(1);
    expect((await h.call('GET', API.forexDetail, {}, as(third.data.token))).code).toBe(999);
  });

  it('a staff member changes their password with the old one; the other sessions end; audited', async () => {
    const m = await newStaff();
    const secret = await enrol(m.token);
    const second = await login(m.who, await codeAt(secret, clock.now()));
    expect(second.code, second.msg).toBe(1);
    const post = (body: Record<string, unknown>) => h.call('POST', ADMIN_API.mePassword, body, as(m.token));
    expect((await post({ old_password: 'wrong-one-1', new_password: 'Another-pass-987' })).msg).toBe(
      'The current password is incorrect',
    );
    expect((await post({ old_password: m.who.password, new_password: 'password1' })).msg).toMatch(/too common/);
    expect((await post({ old_password: m.who.password, new_password: m.who.password })).msg).toBe(
      'The new password must differ from the current one',
    );
    const ok = await post({ old_password: m.who.password, new_password: 'Another-pass-987' });
    expect(ok.code, ok.msg).toBe(1);
    expect((await h.call('GET', ADMIN_API.me, {}, as(second.data.token))).code).toBe(999);
    expect((await h.call('GET', ADMIN_API.deposits, {}, as(m.token))).code).toBe(1);
    expect((await login(m.who)).code).toBe(0);
    const [record] = await audits('staff.password_change');
    expect(record).toMatchObject({ staff_id: m.id, target_id: String(m.id) });
  });

  it('a password another staff member set must be changed before anything else', async () => {
    const admin = await staff(h);
    const who = { email: `given${seq++}@tradepad.example`, password: 'Given-pass-1234' };
    expect((await admin.post(ADMIN_API.staff, { ...who, name: 'Given', role: 'super_admin' })).code).toBe(1);
    const first = await login(who);
    expect(first.data).toMatchObject({ must_change_password: true, totp_pending: true });
    const token = first.data.token as string;
    expect((await h.call('GET', ADMIN_API.me, {}, as(token))).data.must_change_password).toBe(true);
    for (const [method, p] of [
      ['POST', ADMIN_API.meTotp],
      ['GET', ADMIN_API.staff],
    ] as const)
      expect((await h.call(method, p, {}, as(token))).msg).toMatch(
        /^(Please replace the password you were given before continuing|Please set up two-factor authentication first)$/,
      );
    expect((await h.call('POST', ADMIN_API.meTotp, {}, as(token))).msg).toBe(
      'Please replace the password you were given before continuing',
    );
    const hk = await h.call('POST', ADMIN_API.meTotp, {}, { authorization: token, lang: 'hk' });
    expect(hk.msg).toBe('請先更改獲發的密碼，才可繼續');
    const changed = await h.call(
      'POST',
      ADMIN_API.mePassword,
      { old_password: who.password, new_password: 'Chosen-by-me-2468' },
      as(token),
    );
    expect(changed.code, changed.msg).toBe(1);
    expect((await h.call('GET', ADMIN_API.me, {}, as(token))).data.must_change_password).toBe(false);
    expect((await h.call('POST', ADMIN_API.meTotp, {}, as(token))).code).toBe(1);
  });

  it('a super admin resets another staff member: password (temporary, changed first) or 2FA; never themself', async () => {
    const admin = await staff(h);
    const m = await newStaff();
    const secret = await enrol(m.token);
    const finance = await staff(h, 'finance');
    expect((await finance.post(`${ADMIN_API.staff}/${m.id}/reset`, { what: 'password' })).code).toBe(0);
    expect((await admin.post(`${ADMIN_API.staff}/${m.id}/reset`, { what: 'email' })).code).toBe(0);
    const me = (await admin.get(ADMIN_API.me)).data.id as number;
    expect((await admin.post(`${ADMIN_API.staff}/${me}/reset`, { what: '2fa' })).msg).toBe(
      'You cannot reset your own account: ask another super admin',
    );

    const reset = await admin.post(`${ADMIN_API.staff}/${m.id}/reset`, { what: 'password' });
    expect(reset.code, reset.msg).toBe(1);
    const temporary = reset.data.temporary_password as string;
    expect(temporary).toMatch(TEMPORARY);
    expect((await h.call('GET', ADMIN_API.me, {}, as(m.token))).code).toBe(999);
    expect((await login(m.who, await codeAt(secret, clock.now()))).code).toBe(0);
    const withTemporary = await login({ ...m.who, password: temporary }, await codeAt(secret, clock.now()));
    expect(withTemporary.data).toMatchObject({ must_change_password: true, totp_pending: false });
    expect((await h.call('GET', ADMIN_API.deposits, {}, as(withTemporary.data.token))).msg).toBe(
      'Please replace the password you were given before continuing',
    );

    const twoFactor = await admin.post(`${ADMIN_API.staff}/${m.id}/reset`, { what: '2fa' });
    expect(twoFactor).toMatchObject({ code: 1, data: {} });
    expect((await h.call('GET', ADMIN_API.me, {}, as(withTemporary.data.token))).code).toBe(999);
    const noCode = await login({ ...m.who, password: temporary });
    expect(noCode.data).toMatchObject({ totp_pending: true, must_change_password: true });

    const records = await audits('staff.reset');
    expect(records.slice(0, 2).map((r) => r.after)).toEqual([{ what: ['2fa'] }, { what: ['password'] }]);
    expect(records[0]).toMatchObject({ before: { totp_enabled: true }, target_id: String(m.id), staff_id: me });
  });

  it('the break-glass command resets a super admin (password and 2FA), refuses other accounts, and is audited', async () => {
    const database = h.app.tradepad.database;
    const finance = await newStaff('finance');
    await expect(breakGlassReset(database, finance.who.email)).rejects.toBeInstanceOf(BreakGlassRefused);
    await expect(breakGlassReset(database, 'nobody@tradepad.example')).rejects.toBeInstanceOf(BreakGlassRefused);

    const admin = await staff(h);
    const temporary = await breakGlassReset(database, ADMIN.email, { clock, by: 'ops@server' });
    expect(temporary).toMatch(TEMPORARY);
    expect((await admin.get(ADMIN_API.me)).code).toBe(999);
    const first = await login({ email: ADMIN.email, password: temporary });
    expect(first.data).toMatchObject({ totp_pending: true, must_change_password: true });
    const [record] = await auditsAs(first.data.token, temporary);
    expect(record).toMatchObject({ staff_id: null, ip: 'local', after: { what: ['password', '2fa'], by: 'ops@server' } });
  });

  /** The audit log read by the super admin after the break-glass reset: password replaced, then enrolled again. */
  async function auditsAs(token: string, temporary: string) {
    const changed = await h.call(
      'POST',
      ADMIN_API.mePassword,
      { old_password: temporary, new_password: ADMIN.password + '-after' },
      as(token),
    );
    expect(changed.code, changed.msg).toBe(1);
    const secret = await enrol(token);
    h.staffSecrets.set(ADMIN.email, { secret, lastStep: Math.floor(clock.now() / STEP) });
    return (await h.call('GET', ADMIN_API.audit, { action: 'staff.reset' }, as(token))).data.data;
  }

  it('`npm run admin -- reset <email>` prints the temporary password, and refuses an account that is not a super admin', async () => {
    const env = {
      ...process.env,
      DATA_DIR: h.dataDir,
      ...(h.database.url ? { DATABASE_URL: h.database.url } : {}),
    };
    const run = promisify(execFile);
    // The built command, as on a server pruned of development dependencies (built first when stale).
    const out = await run('node', ['scripts/admin.mjs', 'reset', ADMIN.email], { cwd: ROOT, env });
    expect(out.stdout).toMatch(/^password: [A-Za-z0-9-]{19}\n/);
    const refused = await run('node', ['scripts/admin.mjs', 'reset', 'member0@tradepad.example'], {
      cwd: ROOT,
      env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('is not a super admin') });
  }, 60_000);
});
