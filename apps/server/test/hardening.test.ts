import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, OUTBOX_MASK, type DepositCoinOption } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { ADMIN, startHarness, type Envelope, type Harness } from './harness.ts';
import { outboxCode } from './outbox.ts';
import { signInStaff } from './staff-totp.ts';
import { pngOf, realUser, staff, type Staff } from './people.ts';

const MONDAY = Date.UTC(2026, 10, 16, 9, 0, 0);
const HOUR = 3_600_000;
const LOOPBACK = /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/;
const onSqlite = !process.env.TEST_DATABASE_URL;

/** One directive of an answer's CSP, as sent (`name source…`). */
const directive = (headers: Headers, name: string) =>
  (headers.get('content-security-policy') ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

/**
 * Issue 17's hardening: unknown API paths, caching and CSP of API answers (and issue 29's: the app's frame-src, the
 * console's own policy), the database file's mode, request ids,
 * article text and logos, malformed uploads, duplicate deposit proofs, the socket peer kept beside the client address,
 * the masked and audited outbox, and staff management with its absolute session lifetime.
 */
describe('hardening', () => {
  let h: Harness;
  let clock: ManualClock;
  let admin: Staff;

  beforeAll(async () => {
    clock = new ManualClock(MONDAY);
    const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'tradepad-harden-'));
    // A built front end of sorts, so an unknown path that fell through to the app would get its HTML.
    for (const app of ['web', 'admin']) {
      fs.mkdirSync(path.join(dataDir, app));
      fs.writeFileSync(path.join(dataDir, app, 'index.html'), `<!doctype html><title>${app}</title>`);
    }
    h = await startHarness({
      clock,
      dataDir,
      env: { WEB_DIST: path.join(dataDir, 'web'), ADMIN_DIST: path.join(dataDir, 'admin'), TRUST_PROXY: 'loopback' },
    });
    admin = await staff(h);
  }, 120_000);
  afterAll(async () => h?.close());

  describe('HTTP surface', () => {
    it('answers 404 in the envelope for unknown paths under /api, /v1 and /admin/api, never the app', async () => {
      for (const url of ['/api', '/api/', '/api/nope', '/v1', '/v1/nope', '/admin/api', '/admin/api/nope', '/api?x=1']) {
        for (const method of ['GET', 'POST'] as const) {
          const res = await fetch(`${h.baseUrl}${url}`, { method, headers: { lang: 'en' } });
          expect(res.status, `${method} ${url}`).toBe(404);
          expect(res.headers.get('content-type')).toMatch(/application\/json/);
          expect(await res.json()).toEqual({ code: 0, msg: 'This address does not exist', data: null });
        }
      }
      // The app's own routes still get its page.
      const page = await fetch(`${h.baseUrl}/markets`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>web</title>');
    });

    it('sends API answers with Cache-Control: no-store, and the app shell without', async () => {
      for (const res of [
        await fetch(`${h.baseUrl}${API.basicInfo}`),
        await fetch(`${h.baseUrl}${ADMIN_API.me}`),
        await fetch(`${h.baseUrl}/api/nope`),
        await fetch(`${h.baseUrl}${ADMIN_API.login}`, { method: 'POST' }),
      ])
        expect(res.headers.get('cache-control')).toBe('no-store');
      expect((await fetch(`${h.baseUrl}/markets`)).headers.get('cache-control')).toBe('no-cache');
    });

    it("limits CSP connect-src to the app's own origins: itself, its websocket, its api. host", async () => {
      const connectSrc = (csp: string | null) =>
        csp
          ?.split(';')
          .find((d) => d.trim().startsWith('connect-src'))
          ?.trim();
      const host = new URL(h.baseUrl).host;
      const direct = await fetch(`${h.baseUrl}/markets`);
      expect(connectSrc(direct.headers.get('content-security-policy'))).toBe(`connect-src 'self' wss://${host} ws://${host}`);
      const named = await h.app.inject({ method: 'GET', url: API.basicInfo, headers: { host: 'trade.example.com' } });
      expect(connectSrc(named.headers['content-security-policy'] as string)).toBe(
        "connect-src 'self' wss://trade.example.com ws://trade.example.com https://api.trade.example.com " +
          'http://api.trade.example.com wss://api.trade.example.com ws://api.trade.example.com',
      );
      const api = await h.app.inject({
        method: 'GET',
        url: API.basicInfo,
        headers: { host: 'api.example.com', 'x-forwarded-proto': 'https' },
      });
      expect(connectSrc(api.headers['content-security-policy'] as string)).toBe("connect-src 'self' wss://api.example.com");
      // A made-up Host cannot add a source of its choosing.
      const odd = await h.app.inject({ method: 'GET', url: API.basicInfo, headers: { host: 'a.com; script-src *' } });
      expect(connectSrc(odd.headers['content-security-policy'] as string)).toBe("connect-src 'self'");
    });

    it('lets the app frame only the support page staff chose to show inside it, and nothing without one', async () => {
      const frameSrc = async (url: string) => directive((await fetch(`${h.baseUrl}${url}`)).headers, 'frame-src');
      const setLink = async (service_link: string, service_link_type: string) =>
        expect((await admin.postJson(ADMIN_API.settings, { service_link, service_link_type })).code).toBe(1);
      // No support link (the default): the app frames nothing, its pages and its calls alike.
      expect(await frameSrc('/markets')).toBe("frame-src 'none'");
      expect(await frameSrc(API.basicInfo)).toBe("frame-src 'none'");
      try {
        await setLink('https://help.example.com:8443/chat?room=1', '1');
        expect(await frameSrc('/mine/chat')).toBe('frame-src https://help.example.com:8443');
        expect(await frameSrc(API.basicInfo)).toBe('frame-src https://help.example.com:8443');
        // The console never frames it.
        expect(await frameSrc('/admin/')).toBe("frame-src 'none'");
        // Opened in the browser instead: nothing to frame.
        await setLink('https://help.example.com/chat', '2');
        expect(await frameSrc('/mine/chat')).toBe("frame-src 'none'");
        await setLink('https://other.example.org/x', '1');
        expect(await frameSrc('/mine/chat')).toBe('frame-src https://other.example.org');
      } finally {
        await setLink('', '1');
      }
      expect(await frameSrc('/mine/chat')).toBe("frame-src 'none'");
    });

    it('gives the console its own CSP: inline styles for MUI, scripts from itself, framed by no one', async () => {
      const page = await fetch(`${h.baseUrl}/admin/news`);
      expect(await page.text()).toContain('<title>admin</title>');
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(directive(page.headers, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
      expect(directive(page.headers, 'script-src')).toBe("script-src 'self'");
      expect(directive(page.headers, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive(page.headers, 'connect-src')).toBe(
        `connect-src 'self' wss://${new URL(h.baseUrl).host} ws://${new URL(h.baseUrl).host}`,
      );
      expect((await fetch(`${h.baseUrl}${ADMIN_API.me}`)).headers.get('content-security-policy')).toBe(csp);
      // The app's pages keep their inline styles to the page's own, by hash.
      const app = await fetch(`${h.baseUrl}/markets`);
      expect(directive(app.headers, 'style-src')).not.toContain('unsafe-inline');
      expect(directive(app.headers, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    });

    it.runIf(onSqlite)('creates the SQLite file and its -wal and -shm readable by the owner only (0600)', () => {
      for (const file of ['tradepad.sqlite', 'tradepad.sqlite-wal', 'tradepad.sqlite-shm']) {
        const at = path.join(h.dataDir, file);
        expect(fs.existsSync(at), file).toBe(true);
        expect((fs.statSync(at).mode & 0o777).toString(8), file).toBe('600');
      }
    });

    it("never takes a client's X-Request-Id as the server's request id", async () => {
      const res = await fetch(`${h.baseUrl}${API.basicInfo}`, { headers: { 'x-request-id': 'attacker-chosen-id-1' } });
      expect(res.headers.get('x-request-id')).not.toBe('attacker-chosen-id-1');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    });
  });

  describe('articles', () => {
    it('stores and serves title and description as plain text', async () => {
      const saved = await admin.postJson(ADMIN_API.news, {
        category_id: 2,
        published: true,
        text: {
          en: {
            title: '<b>Big</b> news<script>alert(1)</script> &amp; more',
            desc: '<img src=x onerror=alert(1)>Quiet &lt;img src=x onerror=alert(2)&gt; week',
            content: '<p>Body</p>',
          },
        },
      });
      expect(saved.code, saved.msg).toBe(1);
      expect(saved.data.text.en).toMatchObject({ title: 'Big news & more', desc: 'Quiet img src=x onerror=alert(2) week' });
      const listed = await h.call('GET', API.newsList, { category_id: 2 });
      const item = (listed.data.data as Array<{ id: number; title: string; desc: string }>).find((a) => a.id === saved.data.id);
      expect(item).toMatchObject({ title: 'Big news & more', desc: 'Quiet img src=x onerror=alert(2) week' });
      expect(
        (await admin.postJson(ADMIN_API.news, { category_id: 2, published: true, text: { en: { title: '<script>x</script>' } } }))
          .code,
      ).toBe(0);
    });

    it('takes as logo only an image path of ours', async () => {
      const article = (logo: string) =>
        admin.postJson(ADMIN_API.news, { category_id: 1, published: false, logo, text: { en: { title: 'Logo' } } });
      for (const logo of [
        'https://evil.example/x.png',
        '//evil.example/x.png',
        'javascript:alert(1)',
        'data:image/png;base64,AAAA',
        '/../../etc/passwd.png',
        '/uploads/x.png?u=https://evil.example',
        'logo.svg',
      ]) {
        const r = await article(logo);
        expect(r, logo).toMatchObject({ code: 0, msg: 'The field "logo" is invalid' });
      }
      expect((await article('/logo.svg')).data.logo).toBe('/logo.svg');
      expect((await article('/icons/news-1.png')).code).toBe(1);
    });
  });

  describe('uploads and deposits', () => {
    it('refuses a multipart request without a boundary, or cut short, with code 0 instead of a 500', async () => {
      const user = await realUser(h, clock);
      const send = async (contentType: string, body: string) => {
        const res = await fetch(`${h.baseUrl}${API.imageUpload}`, {
          method: 'POST',
          headers: { authorization: user.token, lang: 'en', 'content-type': contentType },
          body,
        });
        expect(res.status).toBe(200);
        return (await res.json()) as Envelope;
      };
      const part = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
      expect(await send('multipart/form-data', `${part}abc\r\n--XYZ--\r\n`)).toMatchObject({
        code: 0,
        msg: 'The request could not be read',
      });
      expect(await send('multipart/form-data; boundary=', `${part}abc\r\n--XYZ--\r\n`)).toMatchObject({ code: 0 });
      expect(await send('multipart/form-data; boundary=XYZ', part)).toMatchObject({ code: 0 });
      expect(await send('multipart/form-data; boundary=XYZ', '--XYZ\r\nbroken')).toMatchObject({ code: 0 });
    });

    it('flags to staff a deposit whose proof is the same image as another deposit, whoever sent it', async () => {
      const alice = await realUser(h, clock);
      const bob = await realUser(h, clock);
      const coins = (await alice.get(API.depositCoins)).data as DepositCoinOption[];
      const same = await pngOf(211);
      const deposit = async (u: typeof alice, image: Buffer) => {
        const r = await u.post(API.depositSubmit, { charge_id: coins[0]!.id, number: '100', proofImg: await u.upload(image) });
        expect(r.code, r.msg).toBe(1);
        return r.data.id as number;
      };
      const first = await deposit(alice, same);
      const again = await deposit(alice, same);
      const other = await deposit(bob, same);
      const fresh = await deposit(bob, await pngOf(212));
      const queue = (await admin.get(ADMIN_API.deposits, { status: 0, limit: 100 })).data.data as Array<{
        id: number;
        duplicate_of: number[];
      }>;
      const flags = (id: number) => queue.find((d) => d.id === id)?.duplicate_of;
      expect(flags(first)).toEqual([again, other]);
      expect(flags(again)).toEqual([first, other]);
      expect(flags(other)).toEqual([first, again]);
      expect(flags(fresh)).toEqual([]);
    });
  });

  describe('client address beside the socket peer', () => {
    it('stores the validated client address and the socket peer in sessions, codes and the audit log', async () => {
      const db = h.app.tradepad.database.db;
      const fwd = { 'x-forwarded-for': '203.0.113.9' };
      const email = `peer.${Date.now()}@example.com`;
      clock.advance(61_000);
      expect((await h.call('POST', API.sendEmail, { email, type: 1 }, fwd)).code).toBe(1);
      const code = await db
        .selectFrom('verification_codes')
        .select(['client_ip', 'peer_ip'])
        .where('address', '=', email)
        .executeTakeFirstOrThrow();
      expect(code.client_ip).toBe('203.0.113.9');
      expect(code.peer_ip).toMatch(LOOPBACK);

      const lying = { 'x-forwarded-for': '<b>not an address</b>' };
      const login = {
        data: await signInStaff(
          (method, url, params, headers) => h.call(method, url, params, { ...headers, ...lying }),
          h.staffSecrets,
          ADMIN,
          h.now(),
        ),
      };
      const session = await db
        .selectFrom('sessions')
        .select(['ip', 'peer_ip'])
        .where('actor', '=', 'staff')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(session.ip).toMatch(LOOPBACK);
      expect(session.peer_ip).toMatch(LOOPBACK);

      await h.call('POST', ADMIN_API.settings, { site_name: 'Tradepad' }, { authorization: login.data.token, ...fwd });
      const audit = await db
        .selectFrom('audit_log')
        .select(['ip', 'peer_ip'])
        .where('action', '=', 'settings.update')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.ip).toBe('203.0.113.9');
      expect(audit.peer_ip).toMatch(LOOPBACK);
    });
  });

  describe('staff management', () => {
    const db = () => h.app.tradepad.database.db;
    const lastAudit = (action: string) =>
      db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();
    /** A staff sign-in with TOTP (enrolled at the first), as an envelope: code 0 when it is refused. */
    const signIn = async (email: string, password = 'Staff12345'): Promise<Envelope> =>
      signInStaff(h.call, h.staffSecrets, { email, password }, h.now()).then(
        (data) => ({ code: 1, msg: '', data }),
        (err: unknown) => ({ code: 0, msg: String(err), data: null }),
      );

    it('lets a super admin add, list, change the role of, disable and re-enable staff, each step audited', async () => {
      const add = await admin.post(ADMIN_API.staff, {
        email: 'desk@tradepad.example',
        name: 'Desk',
        password: 'Staff12345',
        role: 'support',
      });
      expect(add).toMatchObject({ code: 1, data: { email: 'desk@tradepad.example', role: 'support' } });
      const id = add.data.id as number;
      expect(JSON.parse((await lastAudit('staff.create')).after_json!)).toMatchObject({
        email: 'desk@tradepad.example',
        role: 'support',
      });
      const list = (await admin.get(ADMIN_API.staff)).data as Array<{ id: number; role: string; status: number }>;
      expect(list.find((s) => s.id === id)).toMatchObject({ role: 'support', status: 1 });

      const desk = await signIn('desk@tradepad.example');
      const deskToken = desk.data.token as string;
      expect((await h.call('GET', ADMIN_API.me, {}, { authorization: deskToken })).code).toBe(1);

      const promoted = await admin.post(`${ADMIN_API.staff}/${id}`, { role: 'finance' });
      expect(promoted).toMatchObject({ code: 1, data: { id, role: 'finance', status: 1 } });
      const roleAudit = await lastAudit('staff.update');
      expect(JSON.parse(roleAudit.before_json!)).toEqual({ role: 'support', status: 1 });
      expect(JSON.parse(roleAudit.after_json!)).toEqual({ role: 'finance', status: 1 });
      expect((await h.call('GET', ADMIN_API.deposits, {}, { authorization: deskToken })).code).toBe(1);

      const disabled = await admin.post(`${ADMIN_API.staff}/${id}`, { enabled: false });
      expect(disabled.data).toMatchObject({ status: 0 });
      expect((await h.call('GET', ADMIN_API.me, {}, { authorization: deskToken })).code).toBe(999);
      const live = await db()
        .selectFrom('sessions')
        .select('id')
        .where('actor', '=', 'staff')
        .where('actor_id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toEqual([]);
      expect((await signIn('desk@tradepad.example')).code).toBe(0);
      expect(JSON.parse((await lastAudit('staff.update')).after_json!)).toEqual({ role: 'finance', status: 0 });

      expect((await admin.post(`${ADMIN_API.staff}/${id}`, { enabled: true })).data).toMatchObject({ status: 1 });
      // Re-enabled: the old session stays ended; a new sign-in works.
      expect((await h.call('GET', ADMIN_API.me, {}, { authorization: deskToken })).code).toBe(999);
      clock.advance(60_000); // a TOTP step the refused sign-in has not spent
      expect((await signIn('desk@tradepad.example')).code).toBe(1);

      expect((await admin.post(`${ADMIN_API.staff}/${id}`, {})).code).toBe(0);
      expect((await admin.post(`${ADMIN_API.staff}/${id}`, { role: 'god' })).code).toBe(0);
      expect((await admin.post(`${ADMIN_API.staff}/${id}`, { status: 0 })).code).toBe(0);
      expect((await admin.post(`${ADMIN_API.staff}/99999`, { enabled: false })).code).toBe(0);
    });

    it('refuses staff management to every role but super admin', async () => {
      for (const role of ['finance', 'compliance', 'dealer', 'content', 'support']) {
        const s = await staff(h, role);
        expect((await s.get(ADMIN_API.staff)).msg, role).toBe('You do not have permission to do this');
        expect(
          (
            await s.post(ADMIN_API.staff, {
              email: `x.${role}@example.com`,
              name: 'X',
              password: 'Staff12345',
              role: 'super_admin',
            })
          ).msg,
        ).toBe('You do not have permission to do this');
        expect((await s.post(`${ADMIN_API.staff}/1`, { enabled: false })).msg).toBe('You do not have permission to do this');
      }
    });

    it('never leaves no active super admin, even when two demote each other at once', async () => {
      const me = (await admin.get(ADMIN_API.me)).data.id as number;
      const refused = 'At least one active super admin must remain: this change is not allowed';
      // Alone: the super admin can neither demote nor disable themself.
      const others = ((await admin.get(ADMIN_API.staff)).data as Array<{ id: number; role: string; status: number }>).filter(
        (s) => s.role === 'super_admin' && s.status === 1 && s.id !== me,
      );
      expect(others).toEqual([]);
      expect((await admin.post(`${ADMIN_API.staff}/${me}`, { role: 'finance' })).msg).toBe(refused);
      expect((await admin.post(`${ADMIN_API.staff}/${me}`, { enabled: false })).msg).toBe(refused);

      const second = await admin.post(ADMIN_API.staff, {
        email: 'second.admin@tradepad.example',
        name: 'Second',
        password: 'Staff12345',
        role: 'super_admin',
      });
      const other = await staff(h, undefined);
      const secondToken = (await signIn('second.admin@tradepad.example')).data.token as string;
      const [a, b] = await Promise.all([
        other.post(`${ADMIN_API.staff}/${second.data.id}`, { role: 'dealer' }),
        h.call('POST', `${ADMIN_API.staff}/${me}`, { enabled: false }, { authorization: secondToken }),
      ]);
      expect([a.code, b.code].sort()).toEqual([0, 1]);
      const active = await db()
        .selectFrom('staff')
        .select('id')
        .where('role', '=', 'super_admin')
        .where('status', '=', 1)
        .execute();
      expect(active).toHaveLength(1);
      // Put things back for the next tests: the first super admin active.
      if (b.code === 1) {
        expect((await h.call('POST', `${ADMIN_API.staff}/${me}`, { enabled: true }, { authorization: secondToken })).code).toBe(
          1,
        );
        admin = await staff(h);
      }
    });

    it('ends a staff session at its absolute lifetime however active it is (a setting)', async () => {
      const s = await staff(h, undefined, { fresh: true });
      for (let i = 0; i < 11; i++) {
        clock.advance(HOUR);
        expect((await s.get(ADMIN_API.me)).code, `hour ${i + 1}`).toBe(1);
      }
      clock.advance(HOUR - 60_000);
      expect((await s.get(ADMIN_API.me)).code).toBe(1);
      clock.advance(60_000);
      expect((await s.get(ADMIN_API.me)).code).toBe(999);
      // Revoked, not just refused: winding the clock back does not bring it back.
      clock.advance(-HOUR);
      expect((await s.get(ADMIN_API.me)).code).toBe(999);
      clock.advance(HOUR);

      admin = await staff(h);
      expect((await admin.post(ADMIN_API.settings, { staff_session_max_hours: 2 })).code).toBe(1);
      const short = await staff(h);
      clock.advance(2 * HOUR - 60_000);
      expect((await short.get(ADMIN_API.me)).code).toBe(1);
      clock.advance(60_000);
      expect((await short.get(ADMIN_API.me)).code).toBe(999);
      expect((await admin.post(ADMIN_API.settings, { staff_session_max_hours: 0 })).code).toBe(999);
      admin = await staff(h);
      expect((await admin.post(ADMIN_API.settings, { staff_session_max_hours: 0 })).code).toBe(0);
      expect((await admin.post(ADMIN_API.settings, { staff_session_max_hours: 12 })).code).toBe(1);
    });
  });
});

describe('outbox', () => {
  let h: Harness;
  let admin: Staff;

  beforeAll(async () => {
    h = await startHarness({ env: { SMTP_URL: '', SMS_URL: '' } });
    admin = await staff(h);
  }, 120_000);
  afterAll(async () => h?.close());

  const audits = (action: string) =>
    h.app.tradepad.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  it('masks codes for every role that reads it, super admin included, and audits every reading', async () => {
    expect((await h.call('POST', API.sendEmail, { email: 'masked@example.com', type: 1 })).code).toBe(1);
    expect((await h.call('POST', API.sendSms, { to: '51234567', area_id: 1, type: 1 })).code).toBe(1);
    const mailCode = await outboxCode(h, 'masked@example.com');
    const smsCode = await outboxCode(h, '+85251234567');
    const compliance = await staff(h, 'compliance');
    for (const reader of [admin, compliance]) {
      const page = await reader.get(ADMIN_API.outbox);
      expect(page.code).toBe(1);
      const text = JSON.stringify(page.data);
      expect(text).not.toContain(mailCode);
      expect(text).not.toContain(smsCode);
      for (const m of page.data.data as Array<{ body: string; masked: boolean }>) {
        expect(m.body).toContain(OUTBOX_MASK);
        expect(m.masked).toBe(true);
      }
    }
    const reads = await audits('outbox.read');
    expect(reads).toHaveLength(2);
    const staffIds = [(await admin.get(ADMIN_API.me)).data.id, (await compliance.get(ADMIN_API.me)).data.id];
    expect(reads.map((r) => r.staff_id)).toEqual(staffIds);
    expect(JSON.parse(reads[0]!.after_json!).ids).toHaveLength(2);
  });

  it('reveals one message in clear to a super admin only, and audits it', async () => {
    const [sms, mail] = (await admin.get(ADMIN_API.outbox)).data.data as Array<{ id: number }>;
    for (const role of ['compliance', 'finance', 'support']) {
      const s = await staff(h, role);
      expect((await s.post(`${ADMIN_API.outbox}/${mail!.id}/reveal`)).msg, role).toBe('You do not have permission to do this');
    }
    expect(await audits('outbox.reveal')).toEqual([]);
    const shown = await admin.post(`${ADMIN_API.outbox}/${mail!.id}/reveal`);
    expect(shown.code).toBe(1);
    expect(shown.data).toMatchObject({ id: mail!.id, recipient: 'masked@example.com', masked: false });
    expect(shown.data.body).toContain(await outboxCode(h, 'masked@example.com'));
    const reveals = await audits('outbox.reveal');
    expect(reveals).toHaveLength(1);
    expect(reveals[0]).toMatchObject({ target_type: 'outbox', target_id: String(mail!.id) });
    expect((await admin.post(`${ADMIN_API.outbox}/${sms!.id + 100}/reveal`)).code).toBe(0);
  });
});
