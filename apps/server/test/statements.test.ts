import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type DrawCurrency, type OrderView, type StatementView } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { approvedDeposit, approvedKyc, demoUser, ownerCode, realUser, staff, type Staff, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const DAY = '2026-11-18';

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF): the CSV read back as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** How many page objects a PDF holds (`/Type /Page`, not `/Pages`). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

/**
 * Issue 21 point 3 (DESIGN §13): the trader's statement through HTTP. Closed trades (a partial close its own row)
 * with P/L, fee and swap apart, deposits, paid withdrawals and adjustments, exact totals; the period in the trader's
 * zone; CSV read back; PDF with its fonts embedded; every refusal in the request's language. Ends with the ledger
 * checker.
 */
describe('statements', () => {
  let h: Harness;
  let admin: Staff;
  const market = new ScriptedMarket();
  const { clock, id, tick } = market;

  const statement = (u: TestUser, params: Record<string, unknown>, lang = 'en') =>
    h.call('GET', API.statement, params, { authorization: u.token, lang });
  const download = (u: TestUser, params: Record<string, string>, lang = 'en') =>
    h.app.inject({ method: 'GET', url: API.statement, query: params, headers: { authorization: u.token, lang } });

  async function funded(usd: string): Promise<TestUser> {
    const u = await realUser(h, clock);
    await approvedDeposit(u, admin, usd);
    return u;
  }

  /** A paid withdrawal of `usd` USDT (TRC20): real-name approved, a method bound, the request approved. */
  async function withdraw(u: TestUser, usd: string): Promise<void> {
    await approvedKyc(u, admin);
    const usdt = ((await u.get(API.drawSymbols, { type: 1 })).data as DrawCurrency[]).find((c) => c.protocol === 'TRC20')!;
    const bound = await u.post(API.bindDrawMethod, {
      type: 1,
      draw_id: usdt.id,
      dc_address: TRON,
      auth_code: await ownerCode(h, clock, u),
    });
    expect(bound.code, bound.msg).toBe(1);
    const r = await u.post(API.draw, {
      draw_currency_id: usdt.id,
      number: usd,
      draw_method_id: bound.data.id,
      auth_code: await ownerCode(h, clock, u),
    });
    expect(r.code, r.msg).toBe(1);
    // Paid by the money desk: the super admin credited this trader by adjustment, and may not pay them out (issue 29).
    const desk = await staff(h, 'finance');
    expect((await desk.post(`${ADMIN_API.withdrawals}/${r.data.id}/approve`, { transfer_ref: 'TX-1' })).code).toBe(1);
  }

  const buy = async (u: TestUser, lots: string) => {
    const r = await u.post(API.submit, { type: 1, cont: lots, forex_id: id('EURUSD'), status: 1, multiple: 100 });
    expect(r.code, r.msg).toBe(1);
    return r.data.order as OrderView;
  };

  beforeAll(async () => {
    h = await market.start();
    admin = await staff(h);
    expect((await admin.postJson(ADMIN_API.settings, { withdraw_method_hold_hours: 0 })).code).toBe(1);
    tick('EURUSD', '1.08500');
  }, 120_000);
  afterAll(async () => h?.close());

  let trader: TestUser;
  let position: OrderView;
  let partId: number;

  it('lists each closed trade with P/L, fee and swap apart (a partial close its own row), the cash movements, exact totals', async () => {
    trader = await funded('1000');
    expect((await admin.post(`${ADMIN_API.users}/${trader.id}/adjust`, { amount: '50', kind: 'bonus', reason: 'x' })).code).toBe(
      1,
    );
    tick('EURUSD', '1.08500');
    position = await buy(trader, '0.5');
    tick('EURUSD', '1.08610');
    const part = await trader.post(API.close, { id: position.Id, cont: '0.2' });
    expect(part.code, part.msg).toBe(1);
    partId = part.data.Id as number;
    tick('EURUSD', '1.08410');
    expect((await trader.post(API.close, { id: position.Id })).code).toBe(1);
    await withdraw(trader, '100');
    // Overnight financing is charged by another part of the system (issue 20 point 3): the statement reads the
    // order's own column, so one is set here as it would be.
    await h.app.tradepad.database.db.updateTable('orders').set({ swap: -1_250_000 }).where('id', '=', position.Id).execute();

    const r = await statement(trader, { from: DAY, to: DAY });
    expect(r.code, r.msg).toBe(1);
    const s = r.data as StatementView;
    expect(s).toMatchObject({ from: DAY, to: DAY, tz: 'UTC', start: Date.UTC(2026, 10, 18), end: Date.UTC(2026, 10, 19) });
    expect(s.trades).toEqual([
      {
        Id: partId,
        ParentId: position.Id,
        Code: 'EUR/USD',
        OrderType: 1,
        Quantity: '0.2',
        OpenPrice: '1.08510',
        ClosePrice: '1.08610',
        OpenedAt: position.OpenedAt,
        ClosedAt: expect.any(Number),
        Profit: '20.00',
        Fee: '0.60',
        Swap: '0.00',
        Commission: '0.00',
        Net: '19.40',
      },
      {
        Id: position.Id,
        ParentId: 0,
        Code: 'EUR/USD',
        OrderType: 1,
        Quantity: '0.3',
        OpenPrice: '1.08510',
        ClosePrice: '1.08410',
        OpenedAt: position.OpenedAt,
        ClosedAt: expect.any(Number),
        Profit: '-30.00',
        Fee: '0.90',
        Swap: '-1.25',
        Commission: '0.00',
        Net: '-32.15',
      },
    ]);
    expect(s.funds.map((f) => [f.Kind, f.Type, f.Amount, f.Fee])).toEqual([
      ['deposit', 'deposit', '1000.00', '0.00'],
      // A bonus moves credit, not cash (issue 32): a row of its own kind, totalled apart from the adjustments.
      ['credit', 'credit', '50.00', '0.00'],
      ['withdrawal', 'withdraw_paid', '-100.00', '1.00'],
    ]);
    expect(s.funds[2]!.Memo).toMatch(/^Withdrawal #\d+ paid out$/);
    expect(s.totals).toEqual({
      trades: 2,
      profit: '-10.00',
      fees: '1.50',
      swap: '-1.25',
      commissions: '0.00',
      net: '-12.75',
      deposits: '1000.00',
      withdrawals: '100.00',
      withdrawal_fees: '1.00',
      adjustments: '0.00',
      credit: '50.00',
      copy: '0.00',
    });
    // The ledger's own account of the same money: what moved the cash in the period adds up.
    await h.expectLedgerSound();
  });

  it('answers the day in the trader’s time zone: a trade closed just before midnight in Hong Kong is that day’s', async () => {
    const u = await demoUser(h);
    // To 15:59:00 UTC = 23:59:00 in Hong Kong (UTC+8), then close one trade on each side of its midnight.
    clock.advance(Date.UTC(2026, 10, 18, 15, 59, 0) - clock.now());
    tick('EURUSD', '1.08500');
    const a = await buy(u, '0.1');
    const b = await buy(u, '0.1');
    tick('EURUSD', '1.08520'); // 15:59:02
    expect((await u.post(API.close, { id: a.Id })).code).toBe(1);
    clock.advance(60_000); // 16:00:02 UTC = 00:00:02 on the 19th in Hong Kong
    tick('EURUSD', '1.08530');
    expect((await u.post(API.close, { id: b.Id })).code).toBe(1);

    const ids = async (from: string, to: string, tz?: string) => {
      const r = await statement(u, { from, to, ...(tz ? { tz } : {}) });
      expect(r.code, r.msg).toBe(1);
      return (r.data as StatementView).trades.map((t) => t.Id);
    };
    expect(await ids('2026-11-18', '2026-11-18', 'Asia/Hong_Kong')).toEqual([a.Id]);
    expect(await ids('2026-11-19', '2026-11-19', 'Asia/Hong_Kong')).toEqual([b.Id]);
    expect(await ids('2026-11-18', '2026-11-18')).toEqual([a.Id, b.Id]);
    expect(await ids('2026-11-19', '2026-11-19')).toEqual([]);
    // New York (UTC−5 in November): both closed in the afternoon of the 18th there.
    expect(await ids('2026-11-18', '2026-11-18', 'America/New_York')).toEqual([a.Id, b.Id]);
    const hk = (await statement(u, { from: '2026-11-18', to: '2026-11-19', tz: 'Asia/Hong_Kong' })).data as StatementView;
    expect(hk).toMatchObject({ start: Date.UTC(2026, 10, 17, 16), end: Date.UTC(2026, 10, 19, 16) });
    // The demo account's funding is an adjustment of the period it happened in.
    expect(hk.funds.map((f) => f.Type)).toEqual(['demo_funding']);
    await h.expectLedgerSound();
  });

  it('downloads a CSV in the trader’s language: BOM, RFC 4180, formula-safe text, the same figures', async () => {
    // A symbol a spreadsheet would run as a formula (instrument names are staff input), with a comma and quotes.
    const db = h.app.tradepad.database.db;
    const eur = await db.selectFrom('instruments').select('show_code').where('code', '=', 'EURUSD').executeTakeFirstOrThrow();
    await db.updateTable('instruments').set({ show_code: '=HYPERLINK("x","E,U")' }).where('code', '=', 'EURUSD').execute();
    try {
      const res = await download(trader, { from: DAY, to: DAY, format: 'csv' }, 'de');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${DAY}-${DAY}.csv"`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
      expect(rows[0]).toEqual([
        'Art',
        'Nr.',
        'Zeit',
        'Eröffnet',
        'Symbol',
        'Richtung',
        'Lots',
        'Eröffnungskurs',
        'Schlusskurs',
        'G/V',
        'Gebühr',
        'Swap',
        'Betrag',
        'Beschreibung',
        'Kommission',
      ]);
      expect(rows.slice(1).every((r) => r.length === 15)).toBe(true);
      const [part, rest] = rows.slice(1, 3);
      expect(part).toMatchObject({
        0: 'Trade',
        1: String(partId),
        4: `'=HYPERLINK("x","E,U")`,
        5: 'Kauf',
        6: '0.2',
        7: '1.08510',
        8: '1.08610',
        9: '20.00',
        10: '0.60',
        11: '0.00',
        12: '19.40',
        13: `Teilschließung von #${position.Id}`,
      });
      expect(part![2]).toMatch(/^2026-11-18 \d\d:\d\d:\d\d$/);
      expect(rest).toMatchObject({ 1: String(position.Id), 9: '-30.00', 10: '0.90', 11: '-1.25', 12: '-32.15', 13: '' });
      expect(rows.slice(3, 6).map((r) => [r[0], r[10], r[12]])).toEqual([
        ['Einzahlung', '', '1000.00'],
        ['Kredit', '', '50.00'],
        ['Auszahlung', '1.00', '-100.00'],
      ]);
      // Totals: the trades' line sums the columns above it; then deposits, withdrawals and adjustments.
      expect(rows.slice(6).map((r) => [r[0], r[1], r[9], r[10], r[11], r[12], r[13]])).toEqual([
        ['Summe', '2', '-10.00', '1.50', '-1.25', '-12.75', 'Netto-Handelsergebnis'],
        ['Summe', '', '', '', '', '1000.00', 'Einzahlungen'],
        ['Summe', '', '', '1.00', '', '-100.00', 'Auszahlungen'],
        ['Summe', '', '', '', '', '0.00', 'Korrekturen'],
        ['Summe', '', '', '', '', '50.00', 'Kredit (nicht auszahlbar)'],
      ]);
      // No cell a spreadsheet would evaluate: text starting with = + - @ carries an apostrophe; numbers are plain.
      for (const r of rows) for (const cell of r) if (/^[=+@]/.test(cell)) throw new Error(`formula cell ${cell}`);
    } finally {
      await db.updateTable('instruments').set({ show_code: eur.show_code }).where('code', '=', 'EURUSD').execute();
    }
  });

  it('downloads a PDF with its fonts embedded, in Chinese, Arabic, Thai and English, one page here', async () => {
    for (const [lang, font] of [
      ['hk', 'NotoSansHK-Regular'],
      ['ar', 'NotoSansArabic-Regular'],
      ['th', 'NotoSansThai-Regular'],
      ['en', 'NotoSans-Regular'],
    ] as const) {
      const res = await download(trader, { from: DAY, to: DAY, format: 'pdf' }, lang);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${DAY}-${DAY}.pdf"`);
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdf.toString('latin1');
      expect(text).toContain('/FontFile2');
      expect(text).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${font}\\b`));
      expect(pageCount(pdf)).toBe(1);
      expect(text).toMatch(/\/Type \/Pages\s*\/Count 1\b/);
    }
  });

  it('spreads a long statement over pages, and refuses a PDF beyond its 5,000 rows with a clear message', async () => {
    const u = await demoUser(h);
    const db = h.app.tradepad.database.db;
    const eurusd = await db.selectFrom('instruments').select('id').where('code', '=', 'EURUSD').executeTakeFirstOrThrow();
    const at = Date.UTC(2026, 9, 1, 12);
    const row = (i: number) => ({
      user_id: u.id,
      is_demo: 1,
      instrument_id: eurusd.id,
      side: 1 + (i % 2),
      status: 3,
      kind: 'market',
      lots: 1000,
      leverage: 100,
      order_price: 108500,
      open_price: 108500,
      close_price: 108600,
      stop_loss: 0,
      take_profit: 0,
      margin: 0,
      fee: 300_000,
      profit: 1_000_000,
      closed_type: 1,
      created_at: at + i,
      opened_at: at + i,
      closed_at: at + i + 1,
      receipt: null,
    });
    const insert = async (from: number, n: number) => {
      for (let i = from; i < from + n; i += 500)
        await db
          .insertInto('orders')
          .values(Array.from({ length: Math.min(500, from + n - i) }, (_, k) => row(i + k)))
          .execute();
    };
    // 100 trades: several pages, each counted in the document.
    await insert(0, 100);
    const pdf = (await download(u, { from: '2026-10-01', to: '2026-10-01', format: 'pdf' }, 'en')).rawPayload;
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(pdf.toString('latin1')).toMatch(new RegExp(`/Type /Pages\\s*/Count ${pages}\\b`));
    const json = (await statement(u, { from: '2026-10-01', to: '2026-10-01' })).data as StatementView;
    expect(json.totals).toMatchObject({ trades: 100, profit: '100.00', fees: '30.00', net: '70.00' });

    await insert(100, 4_901);
    const refused = await download(u, { from: '2026-10-01', to: '2026-10-01', format: 'pdf' }, 'en');
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.json()).toEqual({
      code: 0,
      msg: 'This period has more than 5000 rows, the most a PDF statement holds: please choose a shorter period',
      data: null,
    });
    // The CSV holds more; its totals are exact over all 5,001.
    const csv = await download(u, { from: '2026-10-01', to: '2026-10-01', format: 'csv' });
    const rows = parseCsv(csv.rawPayload.toString('utf8').slice(1));
    expect(rows.filter((r) => r[0] === 'Trade')).toHaveLength(5_001);
    expect(rows.find((r) => r[0] === 'Total')).toMatchObject({ 1: '5001', 9: '5001.00', 10: '1500.30', 12: '3500.70' });
  }, 60_000);

  it('builds one PDF at a time per trader: a burst is refused as busy, never queued, and the slot comes back', async () => {
    const burst = await Promise.all(
      Array.from({ length: 4 }, () => download(trader, { from: DAY, to: DAY, format: 'pdf' }, 'en')),
    );
    const pdfs = burst.filter((r) => r.headers['content-type'] === 'application/pdf');
    const busy = burst.filter((r) => r.headers['content-type'] !== 'application/pdf').map((r) => r.json());
    expect(pdfs.length).toBeGreaterThanOrEqual(1);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const b of busy)
      expect(b).toEqual({
        code: 0,
        msg: 'Your previous statement is still being prepared: please wait a moment and try again',
        data: null,
      });
    const again = await download(trader, { from: DAY, to: DAY, format: 'pdf' }, 'en');
    expect(again.headers['content-type']).toBe('application/pdf');
  });

  it('refuses wrong dates, a long period, an unknown zone or format, each in the request’s language', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ from: '2026-11-19', to: '2026-11-18' }, 'en', 'Please choose the dates as YYYY-MM-DD, the start on or before the end'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'en', 'Please choose the dates as YYYY-MM-DD, the start on or before the end'],
      [{ from: '18/11/2026', to: '2026-11-18' }, 'hk', '請以 YYYY-MM-DD 格式選擇日期，開始日期不可遲於結束日期'],
      [{ to: '2026-11-18' }, 'en', 'Please choose the dates as YYYY-MM-DD, the start on or before the end'],
      [{ from: '2025-01-01', to: '2026-01-02' }, 'en', 'A statement covers at most 366 days: please choose a shorter period'],
      [
        { from: DAY, to: DAY, tz: 'Mars/Olympus' },
        'en',
        'Unknown time zone: please use a name such as Europe/London or Asia/Hong_Kong',
      ],
      [
        { from: DAY, to: DAY, tz: '+08:00' },
        'de',
        'Unbekannte Zeitzone: Bitte verwenden Sie einen Namen wie Europe/Berlin oder Asia/Hong_Kong',
      ],
      [{ from: DAY, to: DAY, format: 'xlsx' }, 'en', 'Please choose the format json, csv or pdf'],
    ];
    for (const [params, lang, msg] of cases)
      expect(await statement(trader, params, lang), JSON.stringify(params)).toEqual({ code: 0, msg, data: null });
    // A download refused is the same envelope, never a file.
    const r = await download(trader, { from: DAY, to: '2026-11-17', format: 'csv' }, 'ar');
    expect(r.headers['content-disposition']).toBeUndefined();
    expect(r.json()).toMatchObject({ code: 0, msg: 'يرجى اختيار التواريخ بصيغة YYYY-MM-DD، على ألا تكون البداية بعد النهاية' });
    // No session, no statement.
    expect((await h.call('GET', API.statement, { from: DAY, to: DAY, format: 'pdf' })).code).toBe(999);
  });

  it('shows a trader only their own trades', async () => {
    const other = await demoUser(h);
    const s = (await statement(other, { from: DAY, to: DAY })).data as StatementView;
    expect(s.trades).toEqual([]);
    expect(s.funds.map((f) => f.Type)).toEqual(['demo_funding']);
    expect(s.totals.trades).toBe(0);
    await h.expectLedgerSound();
  });
});
