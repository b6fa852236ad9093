import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type DepositCoinOption, type DeskPosition, type ExposureRow } from '@tradepad/contracts';
import type { Envelope, Harness } from './harness.ts';
import { approvedDeposit, demoUser, realUser, staff, type Staff, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * The back office's trading desk, risk page and dashboard (issue 18 points 2, 4, 5; DESIGN §11): positions with the
 * owner's live P/L, a dealer's close at the market (ClosedType 5, pushed, audited, exactly once), the house's exposure
 * over real accounts with exact figures on a scripted market, the risk lists, the dashboard, and who may call what.
 */
describe('back office: trading desk, risk, dashboard', () => {
  let h: Harness;
  const scripted = new ScriptedMarket();
  const { clock, tick, id: instrument } = scripted;
  let coins: DepositCoinOption[];
  let admin: Staff;
  let dealer: Staff;
  let finance: Staff;
  let compliance: Staff;
  let a: TestUser;
  let b: TestUser;
  let demo: TestUser;
  const ids = { aLong: 0, bShort: 0, bJpy: 0, demoLong: 0, aPending: 0 };

  /** A real trader with `usd` credited through an approved USDT deposit. */
  async function funded(usd: string): Promise<TestUser> {
    const u = await realUser(h, clock);
    await approvedDeposit(u, admin, usd);
    return u;
  }

  async function market(u: TestUser, code: string, type: 1 | 2, cont: string, multiple = 100): Promise<number> {
    const r = await u.post(API.submit, { type, cont, forex_id: instrument(code), status: 1, multiple });
    expect(r.code, r.msg).toBe(1);
    return r.data.order.Id as number;
  }

  const closeAs = (s: Staff, id: number, reason?: string) =>
    s.post(`${ADMIN_API.positions}/${id}/close`, reason === undefined ? {} : { reason });
  const exposure = async (s: Staff = dealer) => {
    const r = await s.get(ADMIN_API.exposure);
    expect(r.code, r.msg).toBe(1);
    return r.data.data as ExposureRow[];
  };

  beforeAll(async () => {
    h = await scripted.start();
    tick('EURUSD', '1.08500');
    tick('USDJPY', '150.000');
    admin = await staff(h);
    dealer = await staff(h, 'dealer');
    finance = await staff(h, 'finance');
    compliance = await staff(h, 'compliance');
    const probe = await realUser(h, clock);
    coins = (await probe.get(API.depositCoins)).data;
    a = await funded('10000');
    b = await funded('10000');
    demo = await demoUser(h);
    // Fresh quotes again (each registration moved the clock past the quotes' age).
    tick('EURUSD', '1.08500');
    tick('USDJPY', '150.000');
    // EURUSD bid 1.08500, ask 1.08510 (spread 10 points); USDJPY bid 150.000, ask 150.012.
    ids.aLong = await market(a, 'EURUSD', 1, '1'); // long 1 lot at 1.08510
    ids.bShort = await market(b, 'EURUSD', 2, '0.5'); // short 0.5 lot at 1.08500
    ids.bJpy = await market(b, 'USDJPY', 1, '1'); // long 1 lot at 150.012
    ids.demoLong = await market(demo, 'EURUSD', 1, '2'); // demo: never in the house's exposure
    const pending = await a.post(API.submit, {
      type: 1,
      cont: '0.1',
      forex_id: instrument('EURUSD'),
      status: 0,
      target_price: '1.07000',
      multiple: 100,
    });
    expect(pending.code, pending.msg).toBe(1);
    ids.aPending = pending.data.order.Id;
    tick('EURUSD', '1.08600'); // ask 1.08610
  }, 180_000);
  afterAll(async () => h?.close());

  it('lists open positions and pending orders with owner, filters and the live P/L their owner sees', async () => {
    const all = await dealer.get(ADMIN_API.positions, { status: 1 });
    expect(all.code, all.msg).toBe(1);
    expect(all.data.total).toBe(4);
    const rows = all.data.data as DeskPosition[];
    expect(rows.map((r) => r.id)).toEqual([ids.demoLong, ids.bJpy, ids.bShort, ids.aLong]);
    const aLong = rows.find((r) => r.id === ids.aLong)!;
    expect(aLong).toMatchObject({
      user_id: a.id,
      user_account: a.email,
      is_demo: false,
      symbol: 'EURUSD',
      side: 1,
      status: 1,
      lots: '1',
      open_price: 1.0851,
      current_price: 1.086,
      profit: '90.00',
    });
    expect(rows.find((r) => r.id === ids.bShort)).toMatchObject({
      side: 2,
      lots: '0.5',
      current_price: 1.0861,
      profit: '-55.00',
    });
    expect(rows.find((r) => r.id === ids.demoLong)).toMatchObject({ is_demo: true, lots: '2' });
    // The same figure as the owner's own list.
    const own = (await a.get(API.deals, { status: 1 })).data.data as Array<{ Id: number; FactProfits: string }>;
    expect(own.find((o) => o.Id === ids.aLong)!.FactProfits).toBe(aLong.profit);

    const ofIds = (r: Envelope) => (r.data.data as DeskPosition[]).map((p) => p.id).sort((x, y) => x - y);
    expect(ofIds(await dealer.get(ADMIN_API.positions, { status: 1, symbol: 'usdjpy' }))).toEqual([ids.bJpy]);
    expect(ofIds(await dealer.get(ADMIN_API.positions, { status: 1, user_id: b.id }))).toEqual([ids.bShort, ids.bJpy]);
    expect(ofIds(await dealer.get(ADMIN_API.positions, { status: 1, min_lots: '1' }))).toEqual([
      ids.aLong,
      ids.bJpy,
      ids.demoLong,
    ]);
    const page2 = await dealer.get(ADMIN_API.positions, { status: 1, page: 2, limit: 3 });
    expect(page2.data).toMatchObject({ total: 4, data: [{ id: ids.aLong }] });
    const pending = await dealer.get(ADMIN_API.positions, { status: 0 });
    expect(pending.data).toMatchObject({
      total: 1,
      data: [{ id: ids.aPending, status: 0, kind: 'buy_limit', open_price: 1.07, profit: '0.00' }],
    });
    expect((await dealer.get(ADMIN_API.positions, { status: 3 })).code).toBe(0);
    expect((await dealer.get(ADMIN_API.positions, { min_lots: 'lots' })).msg).toMatch(/min_lots/);
  });

  it('computes the exposure over real accounts only, with exact figures', async () => {
    const rows = await exposure();
    expect(rows).toEqual([
      {
        symbol: 'EURUSD',
        long_lots: '1',
        short_lots: '0.5',
        net_lots: '0.5',
        // 0.5 lot × 100,000 × 1.08600
        net_notional_usd: '54300.00',
        // traders: +90.00 (long) − 55.00 (short) → the house −35.00
        house_unrealised_pnl: '-35.00',
        positions: 2,
        limit_lots: null,
        over_limit: false,
        hedged_lots: '0',
      },
      {
        symbol: 'USDJPY',
        long_lots: '1',
        short_lots: '0',
        net_lots: '1',
        net_notional_usd: '100000.00',
        // trader: (150.000 − 150.012) × 100,000 JPY = −1,200 JPY = −8.00 USD → the house +8.00
        house_unrealised_pnl: '8.00',
        positions: 1,
        limit_lots: null,
        over_limit: false,
        hedged_lots: '0',
      },
    ]);
  });

  it('alerts when an instrument passes its configured net limit; malformed limits are refused', async () => {
    expect((await admin.postJson(ADMIN_API.settings, { exposure_limits: { EURUSD: '0.4', USDJPY: '5' } })).code).toBe(1);
    const rows = await exposure();
    expect(rows.map((r) => [r.symbol, r.limit_lots, r.over_limit])).toEqual([
      ['EURUSD', '0.4', true],
      ['USDJPY', '5', false],
    ]);
    const risk = await dealer.get(ADMIN_API.risk);
    expect(risk.data.alerts).toEqual([{ symbol: 'EURUSD', net_lots: '0.5', limit_lots: '0.4' }]);
    const board = await dealer.get(ADMIN_API.dashboard);
    expect(board.data.alerts).toEqual([{ symbol: 'EURUSD', net_lots: '0.5', limit_lots: '0.4' }]);
    for (const bad of [{ eurusd: '1' }, { EURUSD: '-1' }, { EURUSD: 'x' }, '[1]', 'not json'])
      expect((await admin.postJson(ADMIN_API.settings, { exposure_limits: bad })).code, JSON.stringify(bad)).toBe(0);
    expect((await admin.get(ADMIN_API.settings)).data.exposure_limits).toBe('{"EURUSD":"0.4","USDJPY":"5"}');
  });

  it("lists the accounts nearest stop-out and today's winners and losers, real accounts only", async () => {
    const r = await dealer.get(ADMIN_API.risk);
    expect(r.code, r.msg).toBe(1);
    const nearest = r.data.nearest_stop_out as Array<{ user_id: number; margin_level: number }>;
    expect(nearest.map((x) => x.user_id).sort()).toEqual([a.id, b.id].sort());
    expect(nearest[0]!.margin_level).toBeLessThanOrEqual(nearest[1]!.margin_level);
    expect(r.data.margin_calls).toEqual([]);
    expect(r.data.winners).toEqual([
      { user_id: a.id, user_account: a.email, realised: '0.00', unrealised: '90.00', total: '90.00' },
    ]);
    expect(r.data.losers).toEqual([
      { user_id: b.id, user_account: b.email, realised: '0.00', unrealised: '-63.00', total: '-63.00' },
    ]);
    expect(r.data).toMatchObject({ margin_call_level: 100, stop_out_level: 50 });
  });

  it('closes a position at the market: ClosedType 5, pushed to the owner, audited, the ledger sound', async () => {
    const s = await h.ws();
    s.send({ type: 'login', params: a.token });
    await s.json('login_result');
    s.send({ type: 'sub', params: 'FOREX_CLOSED' });
    await s.json('sub_result');

    expect((await closeAs(dealer, ids.aLong)).msg).toBe('Please give a reason');
    expect((await closeAs(dealer, ids.aLong, '   ')).code).toBe(0);
    expect((await closeAs(dealer, ids.aPending, 'client asked')).msg).toMatch(/Only a holding order/);
    expect((await closeAs(dealer, 999_999, 'typo')).msg).toBe('This order does not exist');

    const r = await closeAs(dealer, ids.aLong, 'client asked by phone');
    expect(r.code, r.msg).toBe(1);
    // At the bid, as the owner's own close: the published quote, never a staff price.
    expect(r.data).toMatchObject({
      id: ids.aLong,
      user_id: a.id,
      status: 3,
      closed_type: 5,
      close_price: 1.086,
      profit: '90.00',
    });
    expect(await s.json('FOREX_CLOSED')).toEqual({ type: 'FOREX_CLOSED', id: [ids.aLong], ClosedType: 5 });
    s.close();

    const own = (await a.get(API.deals, { status: 3 })).data.data as Array<{ Id: number; ClosedType: number }>;
    expect(own.find((o) => o.Id === ids.aLong)!.ClosedType).toBe(5);
    const audit = await h.app.tradepad.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'position.close')
      .where('target_id', '=', String(ids.aLong))
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ status: 1, lots: '1', open_price: 1.0851, user_id: a.id });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      status: 3,
      closed_type: 5,
      close_price: 1.086,
      profit: '90.00',
      reason: 'client asked by phone',
    });

    expect((await closeAs(dealer, ids.aLong, 'again')).msg).toBe('This order is already closed');
    // The exposure followed the close at once.
    expect((await exposure()).find((e) => e.symbol === 'EURUSD')).toMatchObject({
      long_lots: '0',
      short_lots: '0.5',
      net_lots: '-0.5',
      net_notional_usd: '-54300.00',
      house_unrealised_pnl: '55.00',
      positions: 1,
    });
    const risk = (await dealer.get(ADMIN_API.risk)).data;
    expect(risk.winners).toEqual([
      { user_id: a.id, user_account: a.email, realised: '90.00', unrealised: '0.00', total: '90.00' },
    ]);
    await h.app.tradepad.engine.idle();
    await h.expectLedgerSound();
  });

  it('settles two concurrent closes of one position once', async () => {
    const [one, two] = await Promise.all([closeAs(dealer, ids.bShort, 'desk one'), closeAs(admin, ids.bShort, 'desk two')]);
    expect([one.code, two.code].sort()).toEqual([0, 1]);
    expect([one, two].find((x) => x.code === 0)!.msg).toMatch(/already closed|being processed/);
    const row = await h.app.tradepad.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', ids.bShort)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 3, closed_type: 5 });
    const entries = await h.app.tradepad.database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('type', '=', 'order_close')
      .where('ref_id', '=', String(ids.bShort))
      .execute();
    expect(entries).toHaveLength(1);
    const audits = await h.app.tradepad.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'position.close')
      .where('target_id', '=', String(ids.bShort))
      .execute();
    expect(audits).toHaveLength(1);
    await h.app.tradepad.engine.idle();
    await h.expectLedgerSound();
  });

  it('replays a repeated Idempotency-Key instead of refusing the second close', async () => {
    const headers = { authorization: dealer.token, lang: 'en', 'idempotency-key': 'desk-close-6f1c2b1e-0c5a' };
    const first = await h.call('POST', `${ADMIN_API.positions}/${ids.bJpy}/close`, { reason: 'limit' }, headers);
    const again = await h.call('POST', `${ADMIN_API.positions}/${ids.bJpy}/close`, { reason: 'limit' }, headers);
    expect(first.code, first.msg).toBe(1);
    expect(again).toEqual(first);
    await h.app.tradepad.engine.idle();
    await h.expectLedgerSound();
  });

  it('lists margin calls', async () => {
    // 1 lot EURUSD at 1.08610 with 1:100 holds 1,086.10 of margin and 3.00 of fee: 1,100 leaves 10.90 free.
    const c = await funded('1100');
    tick('EURUSD', '1.08600');
    const id = await market(c, 'EURUSD', 1, '1');
    tick('EURUSD', '1.08590'); // bid 1.08590 − ask 1.08610 = −20.00: equity 1,077.00, level 99.16 % < 100 %, above 50 %
    await h.app.tradepad.engine.idle();
    const r = (await dealer.get(ADMIN_API.risk)).data;
    expect(r.margin_calls).toEqual([
      {
        user_id: c.id,
        user_account: c.email,
        balance: '10.90',
        equity: '1077.00',
        used_margin: '1086.10',
        floating: '-20.00',
        margin_level: 99.16,
      },
    ]);
    expect(r.nearest_stop_out[0]).toMatchObject({ user_id: c.id });
    expect((await closeAs(dealer, id, 'margin call, client agreed')).code).toBe(1);
    await h.app.tradepad.engine.idle();
    await h.expectLedgerSound();
  });

  it('answers the dashboard per role', async () => {
    const s = await h.ws();
    s.send({ type: 'login', params: b.token });
    await s.json('login_result');
    const pendingDeposit = await b.post(API.depositSubmit, {
      charge_id: coins.find((x) => x.protocol_code === 'TRC20')!.id,
      number: '50',
      proofImg: await b.upload(),
    });
    expect(pendingDeposit.code, pendingDeposit.msg).toBe(1);
    const money = await finance.get(ADMIN_API.dashboard);
    expect(money.code, money.msg).toBe(1);
    expect(money.data).toMatchObject({
      day_start: Date.UTC(2026, 10, 18),
      deposits: '21100.00',
      withdrawals: '0.00',
      // 1 + 0.5 + 1 + 1 lots and the 0.1 lot pending order at 3.00 per lot (the demo's 2 lots go to the demo fund)
      fees: '10.80',
      // a +90.00, b −55.00 (short) and −8.00 (yen), c −20.00: the house's −7.00
      house_pnl: '-7.00',
      // a, b, c and the probe
      signups: 4,
      traders_online: 1,
      queues: { deposits: 1, withdrawals: 0, kyc: 0 },
      ledger: { sound: true, problems: 0 },
      alerts: [],
    });
    const desk = await dealer.get(ADMIN_API.dashboard);
    expect(desk.data).toMatchObject({ deposits: null, fees: null, house_pnl: null, signups: 4, traders_online: 1 });
    s.close();
  });

  it('lets dealers and super admins use the desk, and refuses every other role', async () => {
    const others = [finance, compliance, await staff(h, 'content'), await staff(h, 'support')];
    const calls: Array<(st: Staff) => Promise<Envelope>> = [
      (st) => st.get(ADMIN_API.positions),
      (st) => st.post(`${ADMIN_API.positions}/${ids.aPending}/close`, { reason: 'x' }),
      (st) => st.get(ADMIN_API.exposure),
      (st) => st.get(ADMIN_API.risk),
    ];
    for (const st of others)
      for (const call of calls) expect(await call(st)).toMatchObject({ code: 0, msg: 'You do not have permission to do this' });
    for (const st of [dealer, admin]) {
      expect((await st.get(ADMIN_API.positions)).code).toBe(1);
      expect((await st.get(ADMIN_API.exposure)).code).toBe(1);
      expect((await st.get(ADMIN_API.risk)).code).toBe(1);
      // Allowed in: refused only because a pending order is not a position.
      expect((await calls[1]!(st)).msg).toMatch(/Only a holding order/);
    }
    for (const st of [...others, dealer, admin]) expect((await st.get(ADMIN_API.dashboard)).code).toBe(1);
    expect((await h.call('GET', ADMIN_API.exposure)).code).toBe(999);
  });
});
