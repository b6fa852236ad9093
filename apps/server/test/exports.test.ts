import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { approvedDeposit, demoUser, realUser, staff, type Staff, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * The back office's CSV exports (DESIGN §16 "Exports", issue 32 point 3): users, positions, deposits, withdrawals and
 * the audit log stream every row the list's filters keep, with snake_case headers, formula cells escaped, amounts
 * exact; each export is audited with its filters; roles are those of the lists. The users list's filters and country.
 */
describe('back office: CSV exports and the users list filters', () => {
  let h: Harness;
  const scripted = new ScriptedMarket();
  const { clock, tick, id: instrument } = scripted;
  let admin: Staff;
  let finance: Staff;
  let dealer: Staff;
  let support: Staff;
  let gb: TestUser;
  let fr: TestUser;
  let demo: TestUser;
  let position = 0;

  const db = () => h.app.tradepad.database.db;

  /** The raw download of a list, as the browser would fetch it. */
  async function download(s: Staff, path: string, query: Record<string, string | number> = {}) {
    const res = await h.app.inject({
      method: 'GET',
      url: path,
      query: Object.fromEntries(Object.entries({ ...query, format: 'csv' }).map(([k, v]) => [k, String(v)])),
      headers: { authorization: s.token, lang: 'en' },
    });
    return res;
  }

  /** The CSV's header and rows, each split into cells (no cell in these tests holds a comma or a quote). */
  function table(body: string): { header: string[]; rows: string[][] } {
    const lines = body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    const [header, ...rows] = lines.slice(0, -1).map((l) => l.split(','));
    return { header: header!, rows };
  }

  beforeAll(async () => {
    h = await scripted.start();
    tick('EURUSD', '1.08500');
    admin = await staff(h);
    finance = await staff(h, 'finance');
    dealer = await staff(h, 'dealer');
    support = await staff(h, 'support');
    gb = await realUser(h, clock, { country: 'GB' });
    fr = await realUser(h, clock, { country: 'FR' });
    demo = await demoUser(h);
    await approvedDeposit(gb, admin, '5000');
    tick('EURUSD', '1.08500');
    const r = await gb.post(API.submit, { type: 1, cont: '0.5', forex_id: instrument('EURUSD'), status: 1, multiple: 100 });
    expect(r.code, r.msg).toBe(1);
    position = r.data.order.Id as number;
    // An e-mail whose local part starts with '=' is valid (RFC 5322) and a formula to a spreadsheet.
    await db()
      .updateTable('users')
      .set({ email: `=HYPERLINK("x")${fr.id}@example.com` })
      .where('id', '=', fr.id)
      .execute();
  }, 180_000);
  afterAll(async () => h?.close());

  it('filters the users list by country, real/demo, real-name status and sign-up day, and shows the country', async () => {
    const list = async (q: Record<string, unknown>) => {
      const r = await support.get(ADMIN_API.users, { limit: 100, ...q });
      expect(r.code, r.msg).toBe(1);
      return r.data as { data: Array<{ id: number; country: string; is_demo: boolean; kyc_status: number }>; total: number };
    };
    const byCountry = await list({ country: 'gb' });
    expect(byCountry.data.map((u) => u.id)).toContain(gb.id);
    expect(byCountry.data.every((u) => u.country === 'GB')).toBe(true);
    expect(byCountry.data.map((u) => u.id)).not.toContain(fr.id);

    const demos = await list({ is_demo: 1 });
    expect(demos.data.map((u) => u.id)).toContain(demo.id);
    expect(demos.data.every((u) => u.is_demo)).toBe(true);
    expect((await list({ is_demo: 0 })).data.map((u) => u.id)).not.toContain(demo.id);

    expect((await list({ kyc_status: 0, country: 'FR' })).data.map((u) => u.id)).toContain(fr.id);
    expect((await list({ kyc_status: 2, country: 'FR' })).total).toBe(0);

    const today = new Date(h.now()).toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).data.map((u) => u.id)).toContain(gb.id);
    expect((await list({ to: '2001-01-01' })).total).toBe(0);

    const bad = await support.get(ADMIN_API.users, { country: 'Britain' });
    expect(bad.code).not.toBe(1);
    expect(bad.msg).toMatch(/country/);
    const badDay = await support.get(ADMIN_API.users, { from: '2026-02-30' });
    expect(badDay.code).not.toBe(1);
  });

  it('exports the users the filters keep, with a formula cell escaped and the balance exact', async () => {
    const res = await download(support, ADMIN_API.users, { is_demo: 0, from: '2020-01-01' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="users.csv"');
    const { header, rows } = table(res.body);
    expect(header).toEqual([
      'id',
      'uid',
      'email',
      'phone',
      'country',
      'is_demo',
      'login_enabled',
      'trading_enabled',
      'kyc_status',
      'balance',
      'created_at',
      'created_at_utc',
    ]);
    const cell = (row: string[], name: string) => row[header.indexOf(name)];
    expect(rows.every((r) => cell(r, 'is_demo') === 'false')).toBe(true);
    expect(rows.map((r) => Number(r[0]))).not.toContain(demo.id);
    const frRow = rows.find((r) => Number(r[0]) === fr.id)!;
    // The quote inside forces RFC 4180 quoting: read it from the raw line.
    const frLine = res.body.split('\r\n').find((l) => l.startsWith(`${fr.id},`))!;
    expect(frLine).toContain(`"'=HYPERLINK(""x"")${fr.id}@example.com"`);
    expect(frRow).toBeDefined();
    const gbRow = rows.find((r) => Number(r[0]) === gb.id)!;
    expect(cell(gbRow, 'country')).toBe('GB');
    expect(cell(gbRow, 'balance')).toMatch(/^\d+\.\d{2,6}$/);
    const only = table((await download(finance, ADMIN_API.users, { country: 'FR', q: String(fr.id) })).body);
    expect(only.rows.length).toBeLessThanOrEqual(1);

    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toEqual({ format: 'csv', filters: { q: String(fr.id), country: 'FR' } });
  });

  it('exports the desk positions with live P/L, filtered by symbol; dealers only', async () => {
    const res = await download(dealer, ADMIN_API.positions, { symbol: 'EURUSD' });
    expect(res.statusCode).toBe(200);
    const { header, rows } = table(res.body);
    expect(header.slice(0, 6)).toEqual(['id', 'user_id', 'user_account', 'is_demo', 'symbol', 'side']);
    const row = rows.find((r) => Number(r[0]) === position)!;
    expect(row[header.indexOf('symbol')]).toBe('EURUSD');
    expect(row[header.indexOf('lots')]).toBe('0.5');
    expect(row[header.indexOf('profit')]).toMatch(/^-?\d+\.\d{2,6}$/);
    expect(rows.every((r) => r[header.indexOf('symbol')] === 'EURUSD')).toBe(true);
    expect(table((await download(dealer, ADMIN_API.positions, { symbol: 'USDJPY' })).body).rows).toEqual([]);

    const refused = (await download(finance, ADMIN_API.positions)).json();
    expect(refused.code).not.toBe(1);
  });

  it('streams 5,000 deposits through a real connection, filtered by status, with exact amounts and escaped cells', async () => {
    const at = h.now();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      user_id: fr.id,
      type: 1,
      channel_id: 1,
      currency_code: 'USDT',
      protocol_code: 'TRC20',
      amount: 1_234_567 + i,
      usd_amount: 1_234_567 + i,
      proof_name: `bulk-${i}.png`,
      from_address: i === 0 ? '@SUM(1+1)' : `T${i}`,
      status: 0,
      remark: '',
      created_at: at,
      reviewed_at: null,
      reviewed_by: null,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto('deposits')
        .values(rows.slice(i, i + 500))
        .execute();

    const res = await fetch(`${h.baseUrl}${ADMIN_API.deposits}?format=csv&status=0&user_id=${fr.id}`, {
      headers: { authorization: finance.token, lang: 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="deposits.csv"');
    // Streamed: no length known up front, the body arriving in pieces.
    expect(res.headers.get('content-length')).toBeNull();
    let chunks = 0;
    let body = '';
    const decoder = new TextDecoder();
    for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
      chunks++;
      body += decoder.decode(part, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    const { header, rows: got } = table(body);
    expect(header).toContain('usd_amount');
    expect(got).toHaveLength(5000);
    expect(got.every((r) => r[header.indexOf('status')] === '0')).toBe(true);
    // Newest first: the last inserted (1,239,566 micros) leads; the first, with the formula address, ends the file.
    expect(got[0]![header.indexOf('usd_amount')]).toBe('1.239566');
    expect(got[0]![header.indexOf('amount')]).toBe('1.239566');
    expect(got.at(-1)![header.indexOf('from_address')]).toBe("'@SUM(1+1)");
    expect(new Set(got.map((r) => r[0])).size).toBe(5000);

    // The gb user's approved deposit is not among the unreviewed ones.
    const approved = table((await download(finance, ADMIN_API.deposits, { status: 1, user_id: gb.id })).body);
    expect(approved.rows).toHaveLength(1);
    expect(approved.rows[0]![header.indexOf('usd_amount')]).toBe('5000.00');
    expect((await download(support, ADMIN_API.deposits)).json().code).not.toBe(1);
  }, 60_000);

  it('exports withdrawals filtered by user, the payee escaped, fee and received exact', async () => {
    const at = h.now();
    const base = {
      type: 2,
      draw_currency_id: 1,
      method_id: 1,
      code: 'USD',
      protocol: '',
      address: '',
      bank_name: 'Bank',
      payee_account: '123',
      memo: '',
      status: 0,
      remark: '',
      transfer_ref: '',
      created_at: at,
      reviewed_at: null,
      reviewed_by: null,
    };
    await db()
      .insertInto('withdrawals')
      .values([
        { ...base, user_id: gb.id, payee_name: '-2+3+cmd', amount: 100_000_000, fee: 1_500_001, received: 98_499_999 },
        { ...base, user_id: fr.id, payee_name: 'Other', amount: 5_000_000, fee: 0, received: 5_000_000 },
      ])
      .execute();
    const res = await download(finance, ADMIN_API.withdrawals, { user_id: gb.id });
    expect(res.statusCode).toBe(200);
    const { header, rows } = table(res.body);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row[header.indexOf('payee_name')]).toBe("'-2+3+cmd");
    expect(row[header.indexOf('amount')]).toBe('100.00');
    expect(row[header.indexOf('fee')]).toBe('1.500001');
    expect(row[header.indexOf('received')]).toBe('98.499999');
    expect((await download(dealer, ADMIN_API.withdrawals)).json().code).not.toBe(1);
  });

  it('exports the audit log filtered by action, including the exports themselves; compliance and super admin only', async () => {
    const res = await download(admin, ADMIN_API.audit, { action: 'deposit' });
    expect(res.statusCode).toBe(200);
    const { header, rows } = table(res.body);
    expect(header).toEqual([
      'id',
      'created_at',
      'created_at_utc',
      'staff_id',
      'staff_email',
      'action',
      'target_type',
      'target_id',
      'before',
      'after',
      'ip',
      'peer_ip',
    ]);
    const actions = new Set(rows.map((r) => r[header.indexOf('action')]));
    expect(actions.has('deposit.export')).toBe(true);
    expect([...actions].every((a) => a!.startsWith('deposit.'))).toBe(true);
    expect((await download(dealer, ADMIN_API.audit)).json().code).not.toBe(1);
    expect((await download(finance, ADMIN_API.audit)).json().code).not.toBe(1);
    const bad = await h.app.inject({
      method: 'GET',
      url: ADMIN_API.audit,
      query: { format: 'xls' },
      headers: { authorization: admin.token, lang: 'en' },
    });
    expect(bad.json().code).not.toBe(1);
    expect(bad.json().msg).toMatch(/format/);
  });

  it('keeps the ledger sound', async () => {
    await h.expectLedgerSound();
  });
});
