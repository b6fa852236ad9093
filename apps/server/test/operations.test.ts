import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API } from '@tradepad/contracts';
import { ADMIN, startHarness, type Harness } from './harness.ts';
import { outboxCode } from './outbox.ts';
import { demoTrader } from './people.ts';
import { ScriptedMarket, SEED_QUOTES } from './scripted-market.ts';
import { signInStaff } from './staff-totp.ts';

describe('server operations', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  it('reports health with the database in use', async () => {
    const res = await fetch(`${h.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite',
      role: 'all',
    });
  });

  it('exposes Prometheus metrics with per-route latency', async () => {
    await fetch(`${h.baseUrl}${API.basicInfo}`);
    const text = await (await fetch(`${h.baseUrl}/metrics`)).text();
    expect(text).toContain('tradepad_http_request_duration_seconds_bucket');
    expect(text).toMatch(/route="\/api\/basicSet\/getBasicInfo"/);
    expect(text).toContain('tradepad_websocket_connections');
  });

  it("gives every response a request id, never the client's own", async () => {
    const fresh = await fetch(`${h.baseUrl}${API.basicInfo}`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // A client's own id is never taken as the server's (issue 17): it is only logged beside it.
    const kept = await fetch(`${h.baseUrl}${API.basicInfo}`, { headers: { 'x-request-id': 'trace-12345678' } });
    expect(kept.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const replaced = await fetch(`${h.baseUrl}${API.basicInfo}`, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).not.toContain('<');
  });

  it('answers in the lang header, hk when unknown or absent, tw meaning hk', async () => {
    const msg = async (lang?: string) =>
      ((await (await fetch(`${h.baseUrl}${API.userInfo}`, { headers: lang ? { lang } : {} })).json()) as { msg: string }).msg;
    const hk = await msg();
    expect(await msg('xx')).toBe(hk);
    expect(await msg('tw')).toBe(hk);
    expect(await msg('en')).toBe('Your session has expired, please log in again');
    const all = await Promise.all(
      ['hk', 'en', 'jp', 'kr', 'th', 'vn', 'fr', 'de', 'ru', 'spa', 'pt', 'ar', 'it', 'tr'].map((l) => msg(l)),
    );
    expect(new Set(all).size).toBe(14);
  });

  it('accepts state-changing GET calls as POST too', async () => {
    const uuid = '0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';
    const get = await h.call('GET', API.createDemo, { uuid });
    const post = await h.call('POST', API.createDemo, { uuid });
    expect(post.data.demo_id).toBe(get.data.demo_id);
  });

  it('says plainly that a front end is not built instead of failing', async () => {
    const res = await fetch(`${h.baseUrl}/login`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });

  it('sets security headers', async () => {
    const res = await fetch(`${h.baseUrl}${API.basicInfo}`);
    const csp = res.headers.get('content-security-policy');
    expect(csp).toContain("default-src 'self'");
    // No front end built here: the app's styles come from itself only, and it frames nothing without a support link.
    expect(csp).toContain("style-src 'self' 'sha256-");
    expect(csp).not.toContain("'unsafe-inline'");
    expect(csp).toContain("frame-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // The console's pages have their own policy, even before it is built.
    const console = await fetch(`${h.baseUrl}/admin/`);
    expect(console.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
    expect(console.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  describe('back office', () => {
    it('signs the first super admin in from ADMIN_EMAIL/ADMIN_PASSWORD and shows the outbox', async () => {
      const bad = await h.call('POST', ADMIN_API.login, { email: ADMIN.email, password: 'wrong-password' });
      expect(bad).toMatchObject({ code: 0, msg: 'The account or password is incorrect' });
      const login = await signInStaff(h.call, h.staffSecrets, ADMIN);
      expect(login).toMatchObject({ email: ADMIN.email, role: 'super_admin' });
      const token = login.token;
      expect((await h.call('GET', ADMIN_API.me, {}, { authorization: token })).data.role).toBe('super_admin');
      // Mail goes through SMTP here, so the outbox holds nothing yet.
      const outbox = await h.call('GET', ADMIN_API.outbox, {}, { authorization: token });
      expect(outbox.data).toEqual({ data: [], total: 0 });
      const audit = await h.app.tradepad.database.db.selectFrom('audit_log').selectAll().execute();
      expect(audit.map((a) => a.action)).toContain('staff.login');
    });

    it('lets a super admin add staff with a role, each role seeing only its part, every step audited', async () => {
      const admin = (await signInStaff(h.call, h.staffSecrets, ADMIN)).token;
      const add = (params: Record<string, unknown>, token = admin) =>
        h.call('POST', ADMIN_API.staff, params, { authorization: token });
      const fin = { email: 'finance@example.com', name: 'Fiona Finance', password: 'Ledger-84x', role: 'finance' };
      const created = await add(fin);
      expect(created.data).toMatchObject({ email: fin.email, role: 'finance' });
      expect((await add(fin)).msg).toBe('This email address is already registered');
      expect((await add({ ...fin, email: 'x@example.com', role: 'god' })).code).toBe(0);
      expect((await add({ ...fin, email: 'y@example.com', password: 'short' })).msg).toMatch(/8 to 64 characters/);

      const finance = (await signInStaff(h.call, h.staffSecrets, fin)).token;
      expect((await h.call('GET', ADMIN_API.me, {}, { authorization: finance })).data.role).toBe('finance');
      expect((await h.call('GET', ADMIN_API.outbox, {}, { authorization: finance })).msg).toBe(
        'You do not have permission to do this',
      );
      expect((await add({ ...fin, email: 'z@example.com' }, finance)).msg).toBe('You do not have permission to do this');

      const staffList = await h.call('GET', ADMIN_API.staff, {}, { authorization: admin });
      expect(staffList.data.map((s: { email: string }) => s.email)).toEqual([ADMIN.email, fin.email]);
      expect(JSON.stringify(staffList.data)).not.toMatch(/password/);
      const audit = await h.call('GET', ADMIN_API.audit, {}, { authorization: admin });
      const entry = audit.data.data.find((a: { action: string }) => a.action === 'staff.create');
      expect(entry).toMatchObject({ target_type: 'staff', target_id: String(created.data.id) });
      expect(JSON.parse(entry.after_json)).toEqual({ email: fin.email, name: fin.name, role: 'finance' });
      expect(entry.staff_id).toBe(staffList.data[0].id);
    });

    it('refuses the back office to traders and to no one', async () => {
      expect((await h.call('GET', ADMIN_API.outbox)).code).toBe(999);
      const uuid = '11111111-2222-4333-8444-555555555555';
      const demo = await h.call('GET', API.createDemo, { uuid });
      const trader = await h.call('POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: 3 });
      expect((await h.call('GET', ADMIN_API.outbox, {}, { authorization: trader.data.token })).code).toBe(999);
    });
  });
});

describe('the metrics of DESIGN §15', () => {
  let h: Harness;
  /** A Wednesday afternoon (every market open), no quote delivered until a test ticks. */
  const market = new ScriptedMarket();
  let first = '';
  const scrape = async () => (await fetch(`${h.baseUrl}/metrics`)).text();
  /** A sample's value, by its full name with labels as printed; undefined when the series is absent. */
  const sample = (text: string, series: string): number | undefined => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  beforeAll(async () => {
    h = await market.start();
    first = await scrape();
  }, 120_000);
  afterAll(async () => h.close());

  it('shows every one from the start, before any quote or order', () => {
    for (const name of [
      'tradepad_engine_leader',
      'tradepad_bus_connected',
      'tradepad_orders_total',
      'tradepad_quote_age_seconds',
      'tradepad_fix_session_up',
      'tradepad_hedge_orders_total',
      'tradepad_ws_clients',
      'tradepad_event_loop_lag_seconds',
      'tradepad_db_commit_seconds',
      'tradepad_account_pushes_total',
      'tradepad_account_listeners',
    ]) {
      expect(first, name).toMatch(new RegExp(`^# HELP ${name} `, 'm'));
      expect(first, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    // The lone SQLite node runs the engine, and its bus is in process.
    expect(sample(first, 'tradepad_engine_leader')).toBe(1);
    expect(sample(first, 'tradepad_bus_connected')).toBe(1);
    expect(sample(first, 'tradepad_orders_total{result="filled"}')).toBe(0);
    expect(sample(first, 'tradepad_ws_clients')).toBe(0);
    expect(sample(first, 'tradepad_websocket_connections')).toBe(0);
    // Each open market's last quote (the one stored before this start, here) has an age.
    expect(sample(first, 'tradepad_quote_age_seconds{symbol="EURUSD"}')).toBeGreaterThanOrEqual(0);
  });

  it('gives each open instrument the age of its last quote, on the clock the engine uses', async () => {
    for (const [code, bid] of Object.entries(SEED_QUOTES)) market.tick(code, bid);
    const text = await scrape();
    // Each tick moves the clock by a second: the first instrument ticked is the oldest.
    const codes = Object.keys(SEED_QUOTES);
    codes.forEach((code, i) =>
      expect(sample(text, `tradepad_quote_age_seconds{symbol="${code}"}`), code).toBe(codes.length - 1 - i),
    );
  });

  it('counts orders by result where the engine decides, and times the commits that wrote them', async () => {
    const before = await scrape();
    const u = await demoTrader(h);
    const buy = { type: 1, cont: '1', forex_id: market.id('EURUSD'), status: 1, multiple: 100 };
    expect((await u.call(API.submit, buy)).code).toBe(1);
    expect((await u.call(API.submit, { ...buy, status: 0, target_price: '1.05000' })).code).toBe(1);
    expect((await u.call(API.submit, { ...buy, multiple: 7 })).code).toBe(0);
    const after = await scrape();
    const grew = (series: string) => sample(after, series)! - sample(before, series)!;
    expect(grew('tradepad_orders_total{result="filled"}')).toBe(1);
    expect(grew('tradepad_orders_total{result="placed"}')).toBe(1);
    expect(grew('tradepad_orders_total{result="refused"}')).toBe(1);
    expect(grew('tradepad_orders_total{result="failed"}')).toBe(0);
    expect(grew('tradepad_db_commit_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'tradepad_db_commit_seconds_sum')).toBeGreaterThan(0);
  });

  it('counts the traders listening to their figures and each push of them, so a stalled push shows', async () => {
    const before = await scrape();
    expect(sample(before, 'tradepad_account_listeners')).toBe(0);
    const u = await demoTrader(h);
    const s = await h.ws();
    try {
      s.send({ type: 'login', params: u.token });
      expect(await s.json('login_result')).toMatchObject({ code: 1 });
      s.send({ type: 'sub', params: 'FOREX_TRADE' });
      expect(await s.json('sub_result')).toMatchObject({ code: 1 });
      expect(sample(await scrape(), 'tradepad_account_listeners')).toBe(1);
      const buy = { type: 1, cont: '1', forex_id: market.id('EURUSD'), status: 1, multiple: 100 };
      expect((await u.call(API.submit, buy)).code).toBe(1);
      await s.json('FOREX_TRADE');
      const after = await scrape();
      expect(
        sample(after, 'tradepad_account_pushes_total')! - sample(before, 'tradepad_account_pushes_total')!,
      ).toBeGreaterThanOrEqual(1);
    } finally {
      s.close();
    }
    await expect.poll(async () => sample(await scrape(), 'tradepad_account_listeners')).toBe(0);
  });

  it('leaves out the instruments whose market is closed (a weekend), so a quote-age alert needs no hours', async () => {
    market.clock.advance(3 * 24 * 3600_000); // Saturday afternoon
    const text = await scrape();
    expect(sample(text, 'tradepad_quote_age_seconds{symbol="EURUSD"}')).toBeUndefined();
    // Crypto trades on weekends: its last quote is three days old.
    expect(sample(text, 'tradepad_quote_age_seconds{symbol="BTCUSD"}')).toBeGreaterThan(3 * 24 * 3600);
  });
});

describe('without SMTP_URL and SMS_URL', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { SMTP_URL: '', SMS_URL: '' } });
  });
  afterAll(async () => h.close());

  it('puts mail and SMS in the outbox, which staff can read', async () => {
    expect((await h.call('POST', API.sendEmail, { email: 'outbox@example.com', type: 1 })).code).toBe(1);
    expect((await h.call('POST', API.sendSms, { to: '51234567', area_id: 1, type: 1 })).code).toBe(1);
    expect(h.mail).toHaveLength(0);
    expect(h.sms).toHaveLength(0);
    const token = (await signInStaff(h.call, h.staffSecrets, ADMIN)).token;
    const outbox = await h.call('GET', ADMIN_API.outbox, {}, { authorization: token });
    expect(outbox.data.total).toBe(2);
    const [sms, mail] = outbox.data.data;
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+85251234567' });
    expect(mail).toMatchObject({ channel: 'email', recipient: 'outbox@example.com' });
    // Codes are masked for every role (DESIGN §10); the code itself is read from the database (test-only path).
    expect(mail.body).toContain('••••••');
    expect(mail.body).not.toMatch(/\b\d{6}\b/);
    expect(await outboxCode(h, 'outbox@example.com')).toMatch(/^\d{6}$/);
    const onlyMail = await h.call(
      'GET',
      ADMIN_API.outbox,
      { channel: 'email', recipient: 'outbox@example.com' },
      { authorization: token },
    );
    expect(onlyMail.data.total).toBe(1);
  });
});

describe('OpenAPI', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  const committed = () => fs.readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8');

  it('documents every API route the server registers, from the contracts', async () => {
    const doc = JSON.parse(committed()) as { paths: Record<string, Record<string, unknown>> };
    const routes = h.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((l) => l.replace(/^[\s│├└─]+/, ''))
      .filter((l) => /^\/(api|v1\/api|admin\/api)\//.test(l) && !l.startsWith('/api/openapi.json'));
    expect(routes.length).toBeGreaterThan(15);
    for (const line of routes) {
      const [path, methods] = line.split(' (');
      for (const m of (methods ?? '')
        .replace(')', '')
        .split(', ')
        .filter((x) => x === 'GET' || x === 'POST'))
        // The document writes path parameters the OpenAPI way: `/x/:id` is documented as `/x/{id}`.
        expect(doc.paths[path!.replace(/:(\w+)/g, '{$1}')]?.[m.toLowerCase()], `${m} ${path} is not in CALLS`).toBeDefined();
    }
    expect(doc.paths['/api/user/register']).toHaveProperty('post.requestBody');
  });

  it('serves the committed docs/openapi.json without the back office’s calls', async () => {
    const res = await fetch(`${h.baseUrl}/api/openapi.json`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const served = (await res.json()) as { paths: Record<string, unknown> };
    const whole = JSON.parse(committed()) as { paths: Record<string, unknown> };
    expect(Object.keys(whole.paths).some((p) => p.startsWith('/admin/api/'))).toBe(true);
    expect(Object.keys(served.paths).filter((p) => p.startsWith('/admin/'))).toEqual([]);
    expect(served.paths).toEqual(Object.fromEntries(Object.entries(whole.paths).filter(([p]) => !p.startsWith('/admin/'))));
  });
});
