import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type AdminInstrument, type TradeItem } from '@tradepad/contracts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { demoUser, realUser, staff, type Staff, type TestUser } from './people.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const DAY = 86_400_000;

/**
 * The back office's instruments, settings, audit log and reports (issue 18 points 6, 8, 9) through HTTP, with a
 * scripted feed and a hand-moved clock: a change takes effect at once for everyone (trade list, fills), refusals
 * change nothing, every change is audited with before and after, and the reports read the ledger exactly.
 */
describe('back office: instruments, settings, audit, reports', () => {
  let h: Harness;
  let feed: ScriptedFeed;
  let clock: ManualClock;
  let admin: Staff;
  let eurusd: number;

  const tick = (code: string, bid: string) => {
    clock.advance(1000);
    feed.pushPrice(code, bid, clock.now());
    feed.pushPrice(code, bid, clock.now());
  };
  const instrument = async (id: number): Promise<AdminInstrument> =>
    ((await admin.get(ADMIN_API.instruments)).data.data as AdminInstrument[]).find((i) => i.Id === id)!;
  const tradeItem = async (code: string): Promise<TradeItem | undefined> =>
    ((await h.call('GET', API.tradeList)).data as TradeItem[]).find((i) => i.Code === code);

  async function funded(usd: string): Promise<TestUser> {
    const u = await realUser(h, clock);
    const coins = (await u.get(API.depositCoins)).data;
    const d = await u.post(API.depositSubmit, { charge_id: coins[0].id, number: usd, proofImg: await u.upload() });
    expect(d.code, d.msg).toBe(1);
    expect((await admin.post(`${ADMIN_API.deposits}/${d.data.id}/approve`)).code).toBe(1);
    // Signing up moved the clock past the resend wait: a fresh quote.
    tick('EURUSD', '1.08500');
    return u;
  }
  /** Closes every holding order of a user at the market. */
  async function closeAll(u: TestUser) {
    const deals = await u.get(API.deals, { status: 1 });
    for (const o of deals.data.data as Array<{ Id: number }>) expect((await u.post(API.close, { id: o.Id })).code).toBe(1);
  }
  const buy = (u: TestUser, cont: string) => u.post(API.submit, { type: 1, cont, forex_id: eurusd, status: 1, multiple: 100 });

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    feed = new ScriptedFeed(INSTRUMENTS);
    h = await startHarness({ clock, feed });
    admin = await staff(h);
    eurusd = (await tradeItem('EURUSD'))!.Id;
    tick('EURUSD', '1.08500');
  }, 120_000);
  afterAll(async () => {
    await h.expectLedgerSound();
    await h.close();
  });

  describe('instruments', () => {
    it('lists every instrument with its terms, swaps included', async () => {
      const list = await admin.get(ADMIN_API.instruments);
      expect(list.code, list.msg).toBe(1);
      expect(list.data.total).toBe(INSTRUMENTS.length);
      expect(await instrument(eurusd)).toMatchObject({
        Code: 'EURUSD',
        fee_rate: '3',
        leverage: [10, 20, 50, 100, 200, 500],
        min_lots: '0.01',
        max_lots: '50',
        lot_step: '0.01',
        enabled: true,
        close_only: false,
        swap_long: '0',
        swap_short: '0',
        swap_triple_day: 3,
      });
    });

    it('changes the spread for everyone at once: the trade list and the next fill use it', async () => {
      const u = await funded('1000');
      const saved = await admin.postJson(`${ADMIN_API.instruments}/${eurusd}`, { spread: 20 });
      expect(saved.code, saved.msg).toBe(1);
      expect(saved.data.spread).toBe(20);
      // The current quote is repriced at once, before any new tick: fixed pricing centres the new spread on the
      // source's mid (the scripted feed's 1.08500 / 1.08510, as the simulator's 10-point raw spread).
      expect(await tradeItem('EURUSD')).toMatchObject({ Spread: 20, Bid: 1.08495, Ask: 1.08515, Pricing: 'fixed', Markup: 0 });
      const first = await buy(u, '0.1');
      expect(first.code, first.msg).toBe(1);
      expect(first.data.order.Price).toBe(1.08515);

      expect((await admin.post(`${ADMIN_API.instruments}/${eurusd}`, { spread: '5' })).code).toBe(1);
      tick('EURUSD', '1.08500');
      // An odd spread around the mid 1.085050: the bid rounds down to 1.08502, the ask is 5 points above.
      const second = await buy(u, '0.1');
      expect(second.data.order.Price).toBe(1.08507);
      expect(await tradeItem('EURUSD')).toMatchObject({ Spread: 5, Bid: 1.08502, Ask: 1.08507 });
      for (const o of [first, second]) expect((await u.post(API.close, { id: o.data.order.Id })).code).toBe(1);
    });

    it('applies fee rate, lot terms and leverage options to the next order', async () => {
      const u = await funded('1000');
      const r = await admin.postJson(`${ADMIN_API.instruments}/${eurusd}`, {
        fee_rate: '5',
        min_lots: '0.1',
        lot_step: '0.1',
        max_lots: 2,
        leverage: [200, 50, 100],
      });
      expect(r.code, r.msg).toBe(1);
      expect(r.data).toMatchObject({ fee_rate: '5', min_lots: '0.1', lot_step: '0.1', max_lots: '2', leverage: [50, 100, 200] });
      expect(await tradeItem('EURUSD')).toMatchObject({ ForexFeeRate: '5', ForexMinCont: '0.1', Pip: '0.1', ForexMaxCont: '2' });
      expect((await buy(u, '0.05')).code).toBe(0);
      expect((await buy(u, '3')).code).toBe(0);
      expect((await u.post(API.submit, { type: 1, cont: '0.1', forex_id: eurusd, status: 1, multiple: 500 })).code).toBe(0);
      const ok = await buy(u, '0.2');
      expect(ok.code, ok.msg).toBe(1);
      expect(ok.data.order.TradeFee).toBe('1.000000');
      expect((await u.post(API.close, { id: ok.data.order.Id })).code).toBe(1);
      const back = await admin.postJson(`${ADMIN_API.instruments}/${eurusd}`, {
        fee_rate: 3,
        min_lots: '0.01',
        lot_step: '0.01',
        max_lots: '50',
        leverage: '10,20,50,100,200,500',
      });
      expect(back.code, back.msg).toBe(1);
    });

    it('close-only refuses new orders but lets positions close; disabled hides the instrument and refuses orders', async () => {
      const u = await funded('1000');
      tick('EURUSD', '1.08500');
      const open = await buy(u, '0.1');
      expect(open.code, open.msg).toBe(1);
      expect((await admin.post(`${ADMIN_API.instruments}/${eurusd}`, { close_only: 'true' })).data.close_only).toBe(true);
      expect(await buy(u, '0.1')).toMatchObject({ code: 0, msg: /close-only/ });
      const pending = await u.post(API.submit, {
        type: 1,
        cont: '0.1',
        forex_id: eurusd,
        status: 2,
        target_price: '1.08000',
        multiple: 100,
      });
      expect(pending.code).toBe(0);
      const closed = await u.post(API.close, { id: open.data.order.Id });
      expect(closed.code, closed.msg).toBe(1);
      expect((await admin.post(`${ADMIN_API.instruments}/${eurusd}`, { close_only: 0 })).code).toBe(1);
      expect((await buy(u, '0.1')).code).toBe(1);
      await closeAll(u);

      expect((await admin.post(`${ADMIN_API.instruments}/${eurusd}`, { enabled: false })).code).toBe(1);
      expect(await tradeItem('EURUSD')).toBeUndefined();
      expect((await buy(u, '0.1')).code).toBe(0);
      expect((await admin.post(`${ADMIN_API.instruments}/${eurusd}`, { enabled: true })).code).toBe(1);
      expect(await tradeItem('EURUSD')).toBeDefined();
      tick('EURUSD', '1.08500');
      await closeAll(u);
    });

    it('applies new trading hours at once: a closed market refuses orders, and reopens when they are restored', async () => {
      const u = await funded('1000');
      const hours = (await instrument(eurusd)).hours;
      const sundayHour = { timeZone: 'UTC', sessions: [{ day: 0, open: 0, close: 60 }], rollover: 0 };
      expect((await admin.postJson(`${ADMIN_API.instruments}/${eurusd}`, { hours: sundayHour })).code).toBe(1);
      expect((await tradeItem('EURUSD'))!.MarketStatus).toBe(2);
      expect(await buy(u, '0.1')).toMatchObject({ code: 0, msg: /closed/i });
      expect((await admin.postJson(`${ADMIN_API.instruments}/${eurusd}`, { hours })).code).toBe(1);
      tick('EURUSD', '1.08500');
      expect((await tradeItem('EURUSD'))!.MarketStatus).toBe(1);
      const ok = await buy(u, '0.1');
      expect(ok.code, ok.msg).toBe(1);
      await closeAll(u);
    });

    it('refuses malformed, unknown, empty or inconsistent changes whole, changing nothing', async () => {
      const before = await instrument(eurusd);
      const bodies: unknown[] = [
        {},
        { spread: -1 },
        { spread: 1.5 },
        { spread: 30, colour: 'red' },
        { min_lots: '60' },
        { lot_step: '0.03' },
        { max_lots: '50.005' },
        { leverage: [] },
        { leverage: [7] },
        { leverage: [100, 100] },
        { fee_rate: '-1' },
        { swap_long: 'abc' },
        { swap_triple_day: 7 },
        { enabled: 'maybe' },
        { category_id: 999 },
        { hours: { timeZone: 'Mars/Olympus', sessions: [{ day: 1, open: 0, close: 1440 }], rollover: 0 } },
        { spread: 30, min_lots: '100' },
      ];
      for (const body of bodies) {
        const r = await admin.postJson(`${ADMIN_API.instruments}/${eurusd}`, body);
        expect(r.code, JSON.stringify(body)).toBe(0);
      }
      expect(await instrument(eurusd)).toEqual(before);
      expect((await admin.post(`${ADMIN_API.instruments}/999999`, { spread: 1 })).code).toBe(0);
    });

    it('lets only one of two staff saving at once win; the other is refused, never silently undone', async () => {
      const auditBefore = (await admin.get(ADMIN_API.audit, { action: 'instrument.update' })).data.total;
      const results = await Promise.all([
        admin.postJson(`${ADMIN_API.instruments}/${eurusd}`, { spread: 31, fee_rate: '4' }),
        admin.postJson(`${ADMIN_API.instruments}/${eurusd}`, { spread: 32, fee_rate: '6' }),
      ]);
      const won = results.filter((r) => r.code === 1);
      expect(won.length).toBeGreaterThanOrEqual(1);
      for (const r of results.filter((x) => x.code !== 1)) expect(r.msg).toMatch(/same time/);
      const final = await instrument(eurusd);
      expect(won.map((r) => [r.data.spread, r.data.fee_rate])).toContainEqual([final.spread, final.fee_rate]);
      expect((await admin.get(ADMIN_API.audit, { action: 'instrument.update' })).data.total).toBe(auditBefore + won.length);
      expect((await admin.postJson(`${ADMIN_API.instruments}/${eurusd}`, { spread: 5, fee_rate: 3 })).code).toBe(1);
    });

    it('takes swaps and audits each change with its before and after', async () => {
      const r = await admin.postJson(`${ADMIN_API.instruments}/${eurusd}`, {
        swap_long: '-6.25',
        swap_short: 1.2,
        swap_triple_day: 5,
      });
      expect(r.code, r.msg).toBe(1);
      expect(r.data).toMatchObject({ swap_long: '-6.25', swap_short: '1.2', swap_triple_day: 5 });
      const log = await admin.get(ADMIN_API.audit, { action: 'instrument.update' });
      expect(log.code, log.msg).toBe(1);
      expect(log.data.data[0]).toMatchObject({
        action: 'instrument.update',
        object: `instrument:${eurusd}`,
        staff_email: 'admin@example.com',
        before: { swap_long: '0', swap_short: '0', swap_triple_day: 3 },
        after: { swap_long: '-6.25', swap_short: '1.2', swap_triple_day: 5 },
      });
      const spread = log.data.data.find((a: { after: { spread?: number } }) => a.after.spread === 20);
      expect(spread.before).toEqual({ spread: expect.any(Number) });
    });
  });

  describe('settings', () => {
    it('validates and audits every run-time setting, the demo start balance and restricted regions included', async () => {
      const saved = await admin.postJson(ADMIN_API.settings, {
        demo_start_balance: '25000.50',
        restricted_regions: 'us, kp,US',
        withdraw_method_hold_hours: 12,
        verify_reg_type: 2,
        is_show_mobile: 1,
      });
      expect(saved.code, saved.msg).toBe(1);
      expect(saved.data).toMatchObject({
        demo_start_balance: '25000.50',
        restricted_regions: 'KP,US',
        withdraw_method_hold_hours: '12',
        verify_reg_type: '2',
        is_show_mobile: '1',
      });
      for (const body of [
        { demo_start_balance: '0' },
        { demo_start_balance: '-5' },
        { restricted_regions: 'USA' },
        { withdraw_method_hold_hours: 721 },
        { margin_call_level: 40 },
      ]) {
        expect((await admin.postJson(ADMIN_API.settings, body)).code, JSON.stringify(body)).toBe(0);
      }
      expect((await admin.get(ADMIN_API.settings)).data).toMatchObject({ demo_start_balance: '25000.50' });
      const log = (await admin.get(ADMIN_API.audit, { action: 'settings.update' })).data.data[0];
      // Seeded from RESTRICTED_REGIONS on first start.
      expect(log.before).toMatchObject({ demo_start_balance: '100000', restricted_regions: 'KP,IL,CN,VU,CU' });
      expect(log.after).toMatchObject({ demo_start_balance: '25000.50', restricted_regions: 'KP,US' });

      // Sign-up follows the setting at once: US is refused now, CN no longer is.
      const areas = (await h.call('GET', API.areaList)).data as Array<{ area_id: number; area_code: string }>;
      const smsTo = (code: string) =>
        h.call('POST', API.sendSms, { to: '2025550123', area_id: areas.find((a) => a.area_code === code)!.area_id, type: 1 });
      expect((await smsTo('US')).msg).toMatch(/policy reasons/);
      expect((await smsTo('CN')).msg).not.toMatch(/policy reasons/);

      // A new demo account starts with the setting's balance.
      const demo = await demoUser(h);
      expect((await demo.get(API.forexDetail)).data.balance).toBe('25000.50');
      expect(
        (
          await admin.postJson(ADMIN_API.settings, {
            demo_start_balance: 100000,
            verify_reg_type: 1,
            is_show_mobile: 3,
            restricted_regions: 'KP,IL,CN,VU,CU',
          })
        ).code,
      ).toBe(1);
    });

    it('counts the real accounts a margin-call or stop-out level would touch, before it is saved (demo apart)', async () => {
      const u = await funded('1000');
      const demo = await demoUser(h);
      tick('EURUSD', '1.08500');
      // 0.5 lot at 1:100: about 543 USD of margin on about 1,000 of equity, a level near 184 %.
      expect((await buy(u, '0.5')).code).toBe(1);
      expect((await demo.post(API.submit, { type: 1, cont: '5', forex_id: eurusd, status: 1, multiple: 100 })).code).toBe(1);
      const impact = async (q: Record<string, unknown>) => {
        const r = await admin.get(ADMIN_API.settingsImpact, q);
        expect(r.code, r.msg).toBe(1);
        return r.data;
      };
      expect(await impact({ margin_call: 200, stop_out: 150 })).toEqual({
        accounts_with_positions: 1,
        margin_call: { level: 200, accounts: 1 },
        stop_out: { level: 150, accounts: 0 },
      });
      expect(await impact({ margin_call: 1000, stop_out: 185 })).toMatchObject({
        margin_call: { accounts: 1 },
        stop_out: { accounts: 1 },
      });
      // Without proposals, the saved levels (100 / 50): nobody.
      expect(await impact({})).toMatchObject({ margin_call: { level: 100, accounts: 0 }, stop_out: { level: 50, accounts: 0 } });
      expect((await admin.get(ADMIN_API.settingsImpact, { margin_call: 'x' })).code).toBe(0);
      for (const who of [u, demo]) await closeAll(who);
    });
  });

  describe('audit log', () => {
    it('filters by staff member, action or object, and dates', async () => {
      const dealer = await staff(h, 'dealer');
      const all = await admin.get(ADMIN_API.audit, { limit: 100 });
      expect(all.code).toBe(1);
      expect(all.data.total).toBeGreaterThan(5);
      const byAdmin = await admin.get(ADMIN_API.audit, { staff_id: 1, limit: 100 });
      expect(byAdmin.data.data.every((a: { staff_id: number }) => a.staff_id === 1)).toBe(true);
      const staffCreate = await admin.get(ADMIN_API.audit, { action: 'staff' });
      expect(staffCreate.data.data.length).toBeGreaterThan(0);
      expect(staffCreate.data.data.every((a: { action: string }) => a.action.startsWith('staff.'))).toBe(true);
      const today = new Date(clock.now()).toISOString().slice(0, 10);
      const tomorrow = new Date(clock.now() + DAY).toISOString().slice(0, 10);
      expect((await admin.get(ADMIN_API.audit, { from: today, to: today })).data.total).toBe(all.data.total);
      expect((await admin.get(ADMIN_API.audit, { from: tomorrow })).data.total).toBe(0);
      expect((await admin.get(ADMIN_API.audit, { to: String(WEDNESDAY - 1) })).data.total).toBe(0);
      expect((await admin.get(ADMIN_API.audit, { from: '2026-02-30' })).code).toBe(0);
      expect((await dealer.get(ADMIN_API.audit)).code).toBe(0);
    });
  });

  describe('reports', () => {
    it('gives a known day exactly from the ledger, and the CSV with its fixed header', async () => {
      // A day of its own: Thursday.
      clock.advance(DAY);
      admin = await staff(h);
      const day = new Date(clock.now()).toISOString().slice(0, 10);
      tick('EURUSD', '1.08500');
      expect((await admin.post(`${ADMIN_API.instruments}/${eurusd}`, { spread: 20 })).code).toBe(1);
      const u = await funded('1000');
      const demo = await demoUser(h);
      // Real: buy 0.1 at 1.08515 (fee 0.30; 20 points around the source's mid 1.08505), close at 1.08995 (the mid
      // 1.09005 less 10 points): the trader wins 48.00, the house loses it.
      const o = await buy(u, '0.1');
      expect(o.data.order.Price).toBe(1.08515);
      // Demo money never reaches the report.
      expect((await demo.post(API.submit, { type: 1, cont: '1', forex_id: eurusd, status: 1, multiple: 100 })).code).toBe(1);
      tick('EURUSD', '1.09000');
      expect((await u.post(API.close, { id: o.data.order.Id })).code).toBe(1);

      const finance = await staff(h, 'finance');
      const r = await finance.get(ADMIN_API.reportsDaily, { from: day, to: day });
      expect(r.code, r.msg).toBe(1);
      expect(r.data).toEqual({
        data: [
          {
            date: day,
            deposits: '1000.00',
            withdrawals: '0.00',
            fees: '0.30',
            trading_pnl: '-48.00',
            write_offs: '0.00',
            adjustments: '0.00',
          },
        ],
        total: 1,
      });
      const yesterday = new Date(clock.now() - DAY).toISOString().slice(0, 10);
      const two = await finance.get(ADMIN_API.reportsDaily, { from: yesterday, to: day });
      expect(two.data.data.map((d: { date: string }) => d.date)).toEqual([yesterday, day]);
      expect(Number(two.data.data[0].deposits)).toBeGreaterThan(0);

      const month = await finance.get(ADMIN_API.reportsMonthly, { from: '2026-11-01', to: '2026-11-30' });
      expect(month.data.data).toHaveLength(1);
      expect(month.data.data[0].month).toBe('2026-11');
      expect(Number(month.data.data[0].deposits)).toBe(Number(two.data.data[0].deposits) + Number(two.data.data[1].deposits));

      const csv = await h.app.inject({
        method: 'GET',
        url: ADMIN_API.reportsDaily,
        query: { from: day, to: day, format: 'csv' },
        headers: { authorization: finance.token, lang: 'hk' },
      });
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.body.split('\r\n')).toEqual([
        'date,deposits,withdrawals,fees,trading_pnl,write_offs,adjustments',
        `${day},1000.00,0.00,0.30,-48.00,0.00,0.00`,
        '',
      ]);
      const monthlyCsv = await h.app.inject({
        method: 'GET',
        url: ADMIN_API.reportsMonthly,
        query: { from: day, to: day, format: 'csv' },
        headers: { authorization: finance.token, lang: 'hk' },
      });
      expect(monthlyCsv.body.split('\r\n')[0]).toBe('month,deposits,withdrawals,fees,trading_pnl,write_offs,adjustments');

      for (const q of [
        { from: day, to: yesterday },
        { from: '2026-13-01', to: day },
        { from: day },
        { from: '2000-01-01', to: day },
      ])
        expect((await finance.get(ADMIN_API.reportsDaily, q)).code, JSON.stringify(q)).toBe(0);
      await closeAll(demo);
    });
  });

  describe('who may use these calls', () => {
    it('lets each role use only its routes', async () => {
      const roles = ['finance', 'compliance', 'dealer', 'content', 'support'] as const;
      const people: Record<string, Staff> = { super_admin: admin };
      for (const role of roles) people[role] = await staff(h, role);
      const day = new Date(clock.now()).toISOString().slice(0, 10);
      const routes: Array<{ name: string; call: (s: Staff) => Promise<{ code: number }>; allowed: string[] }> = [
        { name: 'GET instruments', call: (s) => s.get(ADMIN_API.instruments), allowed: ['super_admin', 'dealer'] },
        {
          name: 'POST instruments/:id',
          call: (s) => s.postJson(`${ADMIN_API.instruments}/${eurusd}`, { swap_triple_day: 3 }),
          allowed: ['super_admin'],
        },
        { name: 'GET settings', call: (s) => s.get(ADMIN_API.settings), allowed: ['super_admin'] },
        {
          name: 'POST settings',
          call: (s) => s.postJson(ADMIN_API.settings, { restricted_regions: 'CN,CU,IL,KP,VU' }),
          allowed: ['super_admin'],
        },
        { name: 'GET settings/impact', call: (s) => s.get(ADMIN_API.settingsImpact), allowed: ['super_admin'] },
        { name: 'GET audit', call: (s) => s.get(ADMIN_API.audit), allowed: ['super_admin', 'compliance'] },
        {
          name: 'GET reports/daily',
          call: (s) => s.get(ADMIN_API.reportsDaily, { from: day, to: day }),
          allowed: ['super_admin', 'finance'],
        },
        {
          name: 'GET reports/monthly',
          call: (s) => s.get(ADMIN_API.reportsMonthly, { from: day, to: day }),
          allowed: ['super_admin', 'finance'],
        },
      ];
      const seen: string[] = [];
      for (const route of routes)
        for (const [role, person] of Object.entries(people)) {
          const r = await route.call(person);
          seen.push(`${route.name} ${role} ${r.code === 1 ? 'ok' : 'refused'}`);
        }
      const expected = routes.flatMap((route) =>
        Object.keys(people).map((role) => `${route.name} ${role} ${route.allowed.includes(role) ? 'ok' : 'refused'}`),
      );
      expect(seen).toEqual(expected);
      // Without a token: the session answer.
      expect((await h.call('GET', ADMIN_API.instruments)).code).toBe(999);
    });
  });
});
