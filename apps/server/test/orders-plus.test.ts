import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type OrderView, type StopoutReport } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { demoTrader, type DemoTrader } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * Issue 20 points 1 and 2 through HTTP (DESIGN §12): partial close, close all, moving a pending order, expiry,
 * trailing stops, break-even, the execution receipt and the stop-out report. Every scenario ends with the ledger
 * checker.
 */
describe('richer orders', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { clock, id, tick } = market;
  const settled = async () => {
    await new Promise((r) => setTimeout(r, 20));
    await h.app.tradepad.engine.idle();
  };

  const demoUser = () => demoTrader(h);
  type User = DemoTrader;
  const deals = async (u: User, status: number) => (await u.call(API.deals, { status, page: 1 })).data.data as OrderView[];
  const balance = async (u: User) => (await u.call(API.getBalance)).data.balance as string;

  beforeAll(async () => {
    h = await market.start();
    tick('EURUSD', '1.08500');
    tick('BTCUSD', '95000.00');
  }, 120_000);
  afterAll(async () => h.close());

  it('answers a market fill with its receipt: the quote, the price seen, the fill, slippage, spread and latency', async () => {
    const u = await demoUser();
    tick('EURUSD', '1.08500');
    const r = await u.call(API.submit, {
      type: 1,
      cont: '1',
      forex_id: id('EURUSD'),
      status: 1,
      multiple: 100,
      price_seen: '1.08505',
      deviation: 10,
    });
    expect(r.code).toBe(1);
    const order = r.data.order as OrderView;
    expect(order).toMatchObject({ TrailingDistance: 0, ExpireAt: 0, Swap: '0.000000', ParentId: 0 });
    expect(order.Receipt).toMatchObject({
      QuoteBid: 1.085,
      QuoteAsk: 1.0851,
      QuoteTime: clock.now(),
      FillPrice: 1.0851,
      PriceSeen: 1.08505,
      Slippage: 0.00005,
      Spread: 0.0001,
      // The source's own quote: the scripted feed stands in for the simulator, priced fixed at its own spread.
      Source: 'sim',
      SourceBid: 1.085,
      SourceAsk: 1.0851,
    });
    expect(order.Receipt!.LatencyMs).toBeGreaterThanOrEqual(0);
    // The same receipt in the list and, after the close, in the history.
    expect((await deals(u, 1))[0]!.Receipt).toEqual(order.Receipt);
    await u.call(API.close, { id: order.Id });
    expect((await deals(u, 3))[0]!.Receipt).toEqual(order.Receipt);
    // A pending order has none until it fills; then the level is the price expected.
    const p = await u.call(API.submit, {
      type: 1,
      cont: '1',
      forex_id: id('EURUSD'),
      status: 0,
      target_price: '1.08400',
      multiple: 100,
    });
    expect(p.data.order.Receipt).toBeNull();
    tick('EURUSD', '1.08380');
    await settled();
    const filled = (await deals(u, 1)).find((o) => o.Id === p.data.order.Id)!;
    expect(filled.Receipt).toMatchObject({ FillPrice: 1.0839, PriceSeen: 1.084, Slippage: -0.0001, QuoteBid: 1.0838 });
    await u.call(API.close, { id: filled.Id });
    await h.expectLedgerSound();
  });

  it('closes part of a position: the rest keeps its Id, the part is a History row with ParentId, money exact', async () => {
    const u = await demoUser();
    tick('EURUSD', '1.08500');
    const o = (await u.call(API.submit, { type: 1, cont: '1', forex_id: id('EURUSD'), status: 1, multiple: 100 })).data
      .order as OrderView;
    expect(await balance(u)).toBe('98911.90');
    tick('EURUSD', '1.08610');
    // Off the lot step, the whole position or more, and a bad number are refused by name.
    expect(await u.call(API.close, { id: o.Id, cont: '0.125' })).toMatchObject({
      code: 0,
      msg: 'The lots must be a multiple of 0.01',
    });
    expect(await u.call(API.close, { id: o.Id, cont: '2' })).toMatchObject({
      code: 0,
      msg: expect.stringContaining('Close less than'),
    });
    expect((await u.call(API.close, { id: o.Id, cont: 'x' })).code).toBe(0);
    const part = await u.call(API.close, { id: o.Id, cont: '0.3' });
    // 0.3 lot: (1.08610 − 1.08510) × 30,000 = 30 USD; margin 325.53 of 1085.10 back; fee 0.90 of 3 on the part.
    expect(part).toMatchObject({
      code: 1,
      data: {
        Status: 3,
        ClosedType: 1,
        ParentId: o.Id,
        Quantity: '0.3',
        FactProfits: '30.00',
        CautionMoney: '325.530000',
        TradeFee: '0.900000',
      },
    });
    expect(part.data.Id).not.toBe(o.Id);
    const open = await deals(u, 1);
    expect(open.map((x) => [x.Id, x.Quantity, x.CautionMoney, x.TradeFee])).toEqual([[o.Id, '0.7', '759.570000', '2.100000']]);
    expect(await balance(u)).toBe('99267.43'); // 98,911.90 + 325.53 + 30
    const summary = (await u.call(API.accountSummary)).data;
    expect(summary).toMatchObject({ used_margin: '759.57', floating: '70.00' });
    // The rest closes in full; the two rows add up to the position.
    await u.call(API.close, { id: o.Id });
    expect(await balance(u)).toBe('100097.00'); // 100,000 − 3 + 30 + 70
    const history = await deals(u, 3);
    expect(history.map((x) => [x.Quantity, x.ParentId]).sort()).toEqual([
      ['0.3', o.Id],
      ['0.7', 0],
    ]);
    await h.expectLedgerSound();
  });

  it('closes every position, or those of one instrument', async () => {
    const u = await demoUser();
    tick('EURUSD', '1.08500');
    tick('BTCUSD', '95000.00');
    const sub = (code: string) => u.call(API.submit, { type: 1, cont: '0.1', forex_id: id(code), status: 1, multiple: 10 });
    const e1 = (await sub('EURUSD')).data.order.Id as number;
    const e2 = (await sub('EURUSD')).data.order.Id as number;
    const b = (await sub('BTCUSD')).data.order.Id as number;
    const one = await u.call(API.closeAll, { forex_id: id('EURUSD') });
    expect(one.code).toBe(1);
    expect((one.data.closed as number[]).sort()).toEqual([e1, e2].sort());
    expect(one.data.skipped).toEqual([]);
    expect((await deals(u, 1)).map((o) => o.Id)).toEqual([b]);
    const all = await u.call(API.closeAll);
    expect(all.data).toEqual({ closed: [b], skipped: [] });
    expect(await deals(u, 1)).toEqual([]);
    expect((await u.call(API.closeAll)).data).toEqual({ closed: [], skipped: [] });
    await h.expectLedgerSound();
  });

  it('moves a pending order: same Id, margin and balance follow, the new level fills', async () => {
    const u = await demoUser();
    tick('BTCUSD', '95000.00');
    const p = (
      await u.call(API.submit, { type: 1, cont: '1', forex_id: id('BTCUSD'), status: 0, target_price: '90000.00', multiple: 10 })
    ).data.order as OrderView;
    expect(p.CautionMoney).toBe('9000.000000');
    const before = await balance(u);
    const moved = await u.call(API.setPendingPrice, { id: p.Id, price: '80000.00' });
    expect(moved).toMatchObject({
      code: 1,
      msg: 'Pending order moved',
      data: { Id: p.Id, OriginPrice: 80000, CautionMoney: '8000.000000', Status: 0 },
    });
    expect(Number(await balance(u)) - Number(before)).toBeCloseTo(1000, 2);
    // Above the ask it becomes a buy stop; a bad price or a holding order is refused.
    const stop = await u.call(API.setPendingPrice, { id: p.Id, price: '96000.00' });
    expect(stop.data).toMatchObject({ Kind: 'buy_stop', CautionMoney: '9600.000000' });
    expect((await u.call(API.setPendingPrice, { id: p.Id, price: '-1' })).code).toBe(0);
    tick('BTCUSD', '96010.00');
    await settled();
    const held = (await deals(u, 1)).find((o) => o.Id === p.Id)!;
    expect(held.Status).toBe(1);
    expect(await u.call(API.setPendingPrice, { id: p.Id, price: '90000.00' })).toMatchObject({ code: 0 });
    await u.call(API.close, { id: p.Id });
    await h.expectLedgerSound();
  });

  it('cancels a pending order at its expiry with the manual clock, and refuses an expiry in the past', async () => {
    const u = await demoUser();
    tick('EURUSD', '1.08500');
    const now = Math.floor(clock.now() / 1000);
    const past = await u.call(API.submit, {
      type: 1,
      cont: '1',
      forex_id: id('EURUSD'),
      status: 0,
      target_price: '1.08000',
      multiple: 100,
      expire_at: now - 10,
    });
    expect(past).toMatchObject({ code: 0, msg: expect.stringContaining('expiry') });
    const p = await u.call(API.submit, {
      type: 1,
      cont: '1',
      forex_id: id('EURUSD'),
      status: 0,
      target_price: '1.08000',
      multiple: 100,
      expire_at: now + 30,
    });
    expect(p.data.order.ExpireAt).toBe(now + 30);
    tick('EURUSD', '1.08500');
    await h.app.tradepad.engine.expireDue();
    expect((await deals(u, 0)).map((o) => o.Id)).toEqual([p.data.order.Id]);
    clock.advance(30_000);
    expect(await h.app.tradepad.engine.expireDue()).toEqual([p.data.order.Id]);
    expect(await deals(u, 0)).toEqual([]);
    expect((await deals(u, 3))[0]).toMatchObject({ Id: p.data.order.Id, Status: 4, ClosedType: 6 });
    expect(await balance(u)).toBe('100000.00');
    await h.expectLedgerSound();
  });

  it('trails a stop in the trader’s favour only, sets it from set_stop_price, and refuses break-even too early', async () => {
    const u = await demoUser();
    tick('BTCUSD', '95000.00');
    const o = (
      await u.call(API.submit, {
        type: 1,
        cont: '0.1',
        forex_id: id('BTCUSD'),
        status: 1,
        multiple: 10,
        trailing_distance: '500.00',
      })
    ).data.order as OrderView;
    expect(o).toMatchObject({ TrailingDistance: 500, TargetLossPrice: 94500 });
    tick('BTCUSD', '95300.00');
    await settled();
    expect((await deals(u, 1))[0]).toMatchObject({ TargetLossPrice: 94800 });
    tick('BTCUSD', '95100.00');
    await settled();
    expect((await deals(u, 1))[0]).toMatchObject({ TargetLossPrice: 94800 });
    // Break-even: the ask was 95,020; at a bid of 95,000 the market is not beyond it yet.
    tick('BTCUSD', '95000.00');
    const early = await u.call(API.setStops, { id: o.Id, stop_loss_price: '95020.00', trailing_distance: '0' });
    expect(early).toMatchObject({ code: 0, msg: expect.stringContaining('Break-even') });
    tick('BTCUSD', '95400.00');
    const be = await u.call(API.setStops, { id: o.Id, stop_loss_price: '95020.00', trailing_distance: '0' });
    expect(be).toMatchObject({ code: 1, data: { TargetLossPrice: 95020, TrailingDistance: 0 } });
    tick('BTCUSD', '96000.00');
    await settled();
    expect((await deals(u, 1))[0]).toMatchObject({ TargetLossPrice: 95020 });
    // A trail set on the open position starts at once from the bid.
    const trail = await u.call(API.setStops, { id: o.Id, trailing_distance: '300.00' });
    expect(trail).toMatchObject({ code: 1, data: { TargetLossPrice: 95700, TrailingDistance: 300 } });
    tick('BTCUSD', '95650.00');
    await settled();
    expect((await deals(u, 3))[0]).toMatchObject({ Id: o.Id, ClosedType: 4, UpdatePrice: 95650 });
    await h.expectLedgerSound();
  });

  it('reports a stop-out: the level at the trigger, the levels in force, and the orders closed in order', async () => {
    const u = await demoUser();
    tick('BTCUSD', '95000.00');
    const big = await u.call(API.submit, { type: 1, cont: '10', forex_id: id('BTCUSD'), status: 1, multiple: 10 });
    const pending = await u.call(API.submit, {
      type: 1,
      cont: '0.01',
      forex_id: id('BTCUSD'),
      status: 0,
      target_price: '50000.00',
      multiple: 10,
    });
    expect([big.code, pending.code]).toEqual([1, 1]);
    tick('BTCUSD', '85000.00');
    tick('BTCUSD', '85000.00');
    await settled();
    const list = await u.call(API.stopoutReports, { page: 1 });
    expect(list).toMatchObject({ code: 1, data: { total: 1 } });
    const report = list.data.data[0] as StopoutReport;
    expect(report).toMatchObject({ StopOutLevel: 50, MarginCallLevel: 100 });
    expect(report.MarginLevel).toBeLessThanOrEqual(50);
    expect(report.Steps.map((s) => [s.OrderId, s.Action])).toEqual([
      [pending.data.order.Id, 'cancel'],
      [big.data.order.Id, 'close'],
    ]);
    expect(report.Steps[1]).toMatchObject({ Price: 85000, Quantity: '10', Profit: '-100200.00', LevelAfter: 0 });
    expect(report.WrittenOff).not.toBe('0.00');
    // The closed order's detail finds the same report; another order's does not.
    const byOrder = await u.call(API.stopoutReports, { order_id: big.data.order.Id });
    expect(byOrder.data.data).toEqual([report]);
    const other = await demoUser();
    expect((await other.call(API.stopoutReports, { order_id: big.data.order.Id })).data).toEqual({ data: [], total: 0 });
    await h.expectLedgerSound();
  });
});

/** The trailing stop is stored: after a restart on the same database it is where it was and keeps trailing. */
describe('a trailing stop across a restart', () => {
  const market = new ScriptedMarket();
  const { id, tick } = market;
  let h: Harness | undefined;
  afterAll(async () => h?.close());

  it('keeps the trailed level and distance, and moves on after the restart', async () => {
    const first = await market.start({ keepData: true });
    const auth = { authorization: (await demoTrader(first)).token };
    tick('BTCUSD', '95000.00');
    const o = await first.call(
      'POST',
      API.submit,
      { type: 1, cont: '0.1', forex_id: id('BTCUSD'), status: 1, multiple: 10, trailing_distance: '500.00' },
      auth,
    );
    expect(o.data.order).toMatchObject({ TargetLossPrice: 94500, TrailingDistance: 500 });
    tick('BTCUSD', '96000.00');
    await new Promise((r) => setTimeout(r, 20));
    await first.app.tradepad.engine.idle();

    h = await market.restart(first);
    const open = async () => (await h!.call('GET', API.deals, { status: 1, page: 1 }, auth)).data.data as OrderView[];
    expect((await open()).map((x) => [x.Id, x.TargetLossPrice, x.TrailingDistance])).toEqual([[o.data.order.Id, 95500, 500]]);
    const settle = async () => {
      await new Promise((r) => setTimeout(r, 20));
      await h!.app.tradepad.engine.idle();
    };
    tick('BTCUSD', '95800.00');
    await settle();
    expect((await open())[0]!.TargetLossPrice).toBe(95500);
    tick('BTCUSD', '96500.00');
    await settle();
    expect((await open())[0]!.TargetLossPrice).toBe(96000);
    tick('BTCUSD', '95990.00');
    await settle();
    expect(await open()).toEqual([]);
    await h.expectLedgerSound();
  }, 120_000);
});
