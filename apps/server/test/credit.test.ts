import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type AccountSummary, type DrawCurrency, type StatementView, type TradeItem } from '@tradepad/contracts';
import { checkLedger } from '../src/modules/ledger/ledger-checker.ts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { approvedKyc, ownerCode, realUser, staff, type Staff, type TestUser } from './people.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * Issue 32 point 2 (DESIGN §16 "Credit", §17 equity): a bonus goes to the trader's credit balance, not the cash. Credit
 * counts in equity (margin level, stop-out) and covers a floating loss in the free margin, is never withdrawable, shows
 * in forexDetail, the account summary and the statement, and a negative bonus removes it but never below zero. The
 * ledger checker ties each credit account to the credited bonuses.
 */
describe('credit: bonuses counted for margin, never withdrawable', () => {
  let h: Harness;
  let clock: ManualClock;
  let feed: ScriptedFeed;
  let admin: Staff;
  let finance: Staff;
  let items: TradeItem[];

  const db = () => h.app.tradepad.database.db;
  const tick = (code: string, bid: string) => {
    clock.advance(1000);
    feed.pushPrice(code, bid, clock.now());
    feed.pushPrice(code, bid, clock.now());
  };
  const adjust = (by: Staff, u: TestUser, amount: string, kind: string) =>
    by.post(`${ADMIN_API.users}/${u.id}/adjust`, { amount, kind, reason: 'campaign' });
  /** A bonus above the author's self limit waits; a second staff member credits it. */
  const bonus = async (u: TestUser, amount: string) => {
    const asked = await adjust(finance, u, amount, 'bonus');
    expect(asked.code, asked.msg).toBe(1);
    expect(asked.data.balance).toBe('credit');
    if (asked.data.status === 0) expect((await admin.post(`${ADMIN_API.adjustments}/${asked.data.id}/approve`)).code).toBe(1);
    return asked.data.id as number;
  };
  const detail = async (u: TestUser) => (await u.get(API.forexDetail)).data as { balance: string; credit: string };
  const summary = async (u: TestUser) => (await u.get(API.accountSummary)).data as AccountSummary;

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    feed = new ScriptedFeed(INSTRUMENTS);
    h = await startHarness({ clock, feed });
    items = (await h.call('GET', API.tradeList)).data;
    admin = await staff(h);
    finance = await staff(h, 'finance');
    expect((await admin.postJson(ADMIN_API.walletSettings, { withdraw_method_hold_hours: 0 })).code).toBe(1);
  }, 120_000);
  afterAll(async () => h?.close());

  it('credits a bonus to credit, not cash, and shows it apart in forexDetail, the summary, the profile and the statement', async () => {
    const u = await realUser(h, clock);
    expect((await adjust(finance, u, '300.00', 'correction')).data).toMatchObject({ status: 1, balance: 'cash' });
    const id = await bonus(u, '500.00');
    expect(await detail(u)).toMatchObject({ balance: '300.00', credit: '500.00' });
    expect(await summary(u)).toMatchObject({
      cash: '300.00',
      balance: '300.00',
      credit: '500.00',
      equity: '800.00',
      free_margin: '300.00',
    });
    const profile = (await admin.get(`${ADMIN_API.users}/${u.id}`)).data as {
      balance: string;
      credit: string;
      equity: string;
      ledger: Array<{ type: string; memo: string; value: string }>;
    };
    expect(profile).toMatchObject({ balance: '300.00', credit: '500.00', equity: '800.00' });
    // The console's ledger lists the credit in beside the cash movements.
    expect(profile.ledger[0]).toMatchObject({ type: 'credit', memo: `Credit in (bonus) #${id}`, value: '500.00' });

    const day = new Date(clock.now()).toISOString().slice(0, 10);
    const st = (await u.get(API.statement, { from: day, to: day, tz: 'UTC' })).data as StatementView;
    const row = st.funds.find((f) => f.Kind === 'credit')!;
    expect(row).toMatchObject({ Type: 'credit', Amount: '500.00', Memo: `Credit in (bonus) #${id}` });
    expect(st.totals).toMatchObject({ adjustments: '300.00', credit: '500.00' });
    await h.expectLedgerSound();
  });

  it('counts credit in equity: a loss that would stop the cash alone out leaves the position open, and covers the free margin', async () => {
    const u = await realUser(h, clock);
    await adjust(finance, u, '300.00', 'correction');
    await bonus(u, '500.00');
    const eurusd = items.find((i) => i.Code === 'EURUSD')!.Id;
    tick('EURUSD', '1.08500');
    const order = await u.post(API.submit, { type: 1, cont: '0.2', forex_id: eurusd, status: 1, multiple: 100 });
    expect(order.code, order.msg).toBe(1);
    const id = order.data.order.Id as number;
    // About 200 USD of loss: the cash (about 80 after 217 of margin) plus the margin is near 100, under the 50 %
    // stop-out; with 500 of credit the equity is about 600 and the position stays.
    tick('EURUSD', '1.07500');
    const s = await summary(u);
    const cash = Number(s.cash);
    expect(Number(s.balance)).toBeCloseTo(cash + Number(s.used_margin), 2);
    expect(Number(s.floating)).toBeLessThan(-190);
    expect(Number(s.equity)).toBeCloseTo(cash + Number(s.used_margin) + Number(s.floating) + 500, 2);
    expect(s.margin_level).toBeGreaterThan(200);
    expect((cash + Number(s.used_margin) + Number(s.floating)) / Number(s.used_margin)).toBeLessThan(0.5);
    // The credit covers the floating loss: the whole cash stays free for margin (it never goes beyond it).
    expect(s.free_margin).toBe(s.cash);
    const open = await u.get(API.deals, { status: 1 });
    expect((open.data.data as Array<{ Id: number }>).map((o) => o.Id)).toContain(id);
    // Without the credit the same account would be stopped out at once: staff remove it, the next tick does it.
    await bonus(u, '-500.00');
    tick('EURUSD', '1.07500');
    await expect.poll(async () => (await u.get(API.deals, { status: 1 })).data.data.length, { timeout: 5000 }).toBe(0);
    expect((await detail(u)).credit).toBe('0.00');
    await h.expectLedgerSound();
  });

  it('never lets a withdrawal take credit', async () => {
    const u = await realUser(h, clock);
    await approvedKyc(u, admin);
    await adjust(finance, u, '100.00', 'correction');
    await bonus(u, '500.00');
    expect((await u.get(API.drawConfig)).data).toMatchObject({ free_balance: '100.00' });
    const usdt = ((await u.get(API.drawSymbols, { type: 1 })).data as DrawCurrency[]).find((c) => c.protocol === 'TRC20')!;
    const bound = await u.post(API.bindDrawMethod, {
      type: 1,
      draw_id: usdt.id,
      dc_address: TRON,
      auth_code: await ownerCode(h, clock, u),
    });
    expect(bound.code, bound.msg).toBe(1);
    const draw = (number: string) =>
      ownerCode(h, clock, u).then((code) =>
        u.post(API.draw, { draw_currency_id: usdt.id, number, draw_method_id: bound.data.id, auth_code: code }),
      );
    const refused = await draw('150');
    expect(refused.code).toBe(0);
    expect(await detail(u)).toMatchObject({ balance: '100.00', credit: '500.00' });
    const ok = await draw('100');
    expect(ok.code, ok.msg).toBe(1);
    expect(await detail(u)).toMatchObject({ balance: '0.00', credit: '500.00' });
    await h.expectLedgerSound();
  });

  it('removes credit with a negative bonus, never below zero, and the checker ties credit to the bonuses', async () => {
    const u = await realUser(h, clock);
    await bonus(u, '80.00');
    const tooMuch = await adjust(finance, u, '-80.01', 'bonus');
    expect(tooMuch).toMatchObject({ code: 0, msg: 'A bonus can remove at most the credit held: 80.00 USD' });
    await bonus(u, '-30.00');
    expect(await detail(u)).toMatchObject({ balance: '0.00', credit: '50.00' });
    const day = new Date(clock.now()).toISOString().slice(0, 10);
    const st = (await u.get(API.statement, { from: day, to: day, tz: 'UTC' })).data as StatementView;
    expect(st.funds.filter((f) => f.Kind === 'credit').map((f) => f.Amount)).toEqual(['80.00', '-30.00']);
    expect(st.funds.at(-1)!.Memo).toMatch(/^Credit out \(bonus removed\) #\d+$/);
    await h.expectLedgerSound();

    // A credit account that no longer matches the bonuses credited is a ledger problem.
    const row = await db()
      .selectFrom('balance_adjustments')
      .select('id')
      .where('user_id', '=', u.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('balance_adjustments').set({ amount: 81_000_000 }).where('id', '=', row.id).execute();
    expect(await checkLedger(db())).toEqual([
      { kind: 'credit_mismatch', detail: `user:${u.id}: credit account 50000000, credited adjustments 51000000` },
    ]);
    await db().updateTable('balance_adjustments').set({ amount: 80_000_000 }).where('id', '=', row.id).execute();
    await h.expectLedgerSound();
  });
});
