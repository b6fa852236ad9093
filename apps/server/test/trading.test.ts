import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CHANNEL_FOREX_CLOSED, CHANNEL_FOREX_TRADE, type OrderView } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { demoTrader } from './people.ts';
import { ScriptedMarket, SEED_QUOTES } from './scripted-market.ts';

/**
 * Trading through HTTP and websockets with a scripted feed and a hand-moved clock: fills, conversions, pending
 * orders, stops, margin call, stop-out, negative balance protection, races and restarts. Every scenario ends with
 * the ledger checker.
 */
describe('trading', () => {
  let h: Harness;
  /** A Wednesday afternoon in London (every market of the seed is open), a scripted feed, ticks delivered by hand. */
  const market = new ScriptedMarket();
  const { id, tick } = market;
  /** Quotes for the instruments the tests use, near their seed prices. */
  const quoteAll = () => {
    for (const [code, bid] of Object.entries(SEED_QUOTES)) tick(code, bid);
  };

  const demoUser = () => demoTrader(h);
  /** Waits until the engine's queued writes are committed (triggers settle asynchronously after a tick). */
  const settled = async () => {
    await new Promise((r) => setTimeout(r, 20));
    await h.app.tradepad.engine.idle();
  };

  beforeAll(async () => {
    h = await market.start();
    quoteAll();
  }, 120_000);
  afterAll(async () => h.close());

  it('opens a market buy at the ask and closes it at the bid: balance changes by exactly −fee + P/L', async () => {
    const u = await demoUser();
    tick('EURUSD', '1.08500');
    const r = await u.call(API.submit, { type: 1, cont: '1', forex_id: id('EURUSD'), status: 1, multiple: 100 });
    expect(r).toMatchObject({ code: 1, msg: 'Order submitted' });
    const order = r.data.order as OrderView;
    expect(order).toMatchObject({
      Status: 1,
      OrderType: 1,
      Quantity: '1',
      Price: 1.0851,
      CautionMoney: '1085.100000',
      TradeFee: '3.000000',
      Multiple: 100,
    });
    expect(r.data.balance).toBe('98911.90');
    tick('EURUSD', '1.08700');
    const holding = await u.call(API.deals, { status: 1, page: 1 });
    expect(holding.data).toMatchObject({ total: 1, all_fact_profits: '190.00', balance: '98911.90' });
    expect(holding.data.data[0]).toMatchObject({ Id: order.Id, UpdatePrice: 1.087, FactProfits: '190.00' });
    const summary = await u.call(API.accountSummary);
    expect(summary.data).toMatchObject({
      cash: '98911.90',
      balance: '99997.00',
      used_margin: '1085.10',
      floating: '190.00',
      equity: '100187.00',
    });
    // The floating profit is not spendable until realised: free margin is the cash, as the engine enforces it.
    expect(summary.data.free_margin).toBe('98911.90');
    const closed = await u.call(API.close, { id: order.Id });
    expect(closed).toMatchObject({ code: 1, data: { Status: 3, ClosedType: 1, FactProfits: '190.00', UpdatePrice: 1.087 } });
    expect((await u.call(API.getBalance)).data.balance).toBe('100187.00');
    const history = await u.call(API.deals, { status: 3, page: 1 });
    expect(history.data).toMatchObject({ total: 1, all_fact_profits: '190.00' });
    const ledger = await u.call(API.ledger, { page: 1 });
    expect(ledger.data.data.map((e: { Value: string }) => e.Value)).toEqual(['1275.10', '-1088.10', '100000.00']);
    expect(ledger.data.data[0].MemoTran).toBe(`Order #${order.Id} closed: margin returned with the profit or loss`);
    await h.expectLedgerSound();
  });

  it('refuses the orders past the free margin among many sent at once: no trace of them, balance = sum of the ledger', async () => {
    const u = await demoUser();
    tick('EURUSD', '1.08500');
    // 10 lots: margin 10,851.00 + fee 30.00 = 10,881.00 each, so 9 fit in 100,000.00 (group-committed together).
    const results = await Promise.all(
      Array.from({ length: 14 }, () =>
        u.call(API.submit, { type: 1, cont: '10', forex_id: id('EURUSD'), status: 1, multiple: 100 }),
      ),
    );
    const filled = results.filter((r) => r.code === 1);
    expect(filled).toHaveLength(9);
    for (const r of results.filter((r) => r.code !== 1)) {
      expect(r).toMatchObject({ code: 0, msg: 'Not enough free margin for this order', data: null });
    }
    expect(new Set(filled.map((r) => (r.data.order as OrderView).Id)).size).toBe(9);
    expect((await u.call(API.getBalance)).data.balance).toBe('2071.00');
    expect((await u.call(API.deals, { status: 1, page: 1 })).data.total).toBe(9);
    // The demo funding and one entry per filled order, nothing of the refused ones.
    expect((await u.call(API.ledger, { page: 1 })).data.total).toBe(10);
    await h.expectLedgerSound();
  });

  it('settles USDJPY, EURJPY and EURGBP in dollars (USD/XXX and both kinds of cross)', async () => {
    const u = await demoUser();
    quoteAll();
    // USD/JPY: margin 100,000 × 150 ÷ 100 JPY = 1,000 USD; P/L in JPY divided by the exit price.
    const sell = await u.call(API.submit, { type: 2, cont: '1', forex_id: id('USDJPY'), status: 1, multiple: 100 });
    expect(sell.data.order).toMatchObject({ Price: 150, CautionMoney: '1000.000000' });
    tick('USDJPY', '149.000');
    const closed = await u.call(API.close, { id: sell.data.order.Id });
    // (150.000 − 149.012) × 100,000 = 98,800 JPY ÷ 149.012 = 663.033850 USD.
    expect(closed.data).toMatchObject({ UpdatePrice: 149.012, FactProfits: '663.03' });
    // EUR/JPY converts through USD/JPY: 0.1 lot up 0.200 is 0.2 × 10,000 = 2,000 JPY ÷ 149.000 = 13.42 USD.
    const cross = await u.call(API.submit, { type: 1, cont: '0.1', forex_id: id('EURJPY'), status: 1, multiple: 100 });
    expect(cross.code).toBe(1);
    const entry = cross.data.order.Price as number;
    tick('EURJPY', (entry + 0.2).toFixed(3));
    const crossClosed = await u.call(API.close, { id: cross.data.order.Id });
    expect(crossClosed.data.FactProfits).toBe('13.42');
    // EUR/GBP converts through GBP/USD: margin 100,000 × 0.85516 ÷ 100 GBP × 1.27 = 1,086.05 USD.
    tick('EURGBP', '0.85500');
    const gbp = await u.call(API.submit, { type: 1, cont: '1', forex_id: id('EURGBP'), status: 1, multiple: 100 });
    expect(gbp.data.order).toMatchObject({ Price: 0.85516, CautionMoney: '1086.053200' });
    await u.call(API.close, { id: gbp.data.order.Id });
    await h.expectLedgerSound();
  });

  it('fills a buy limit at the market once the ask reaches it, and a sell stop once the bid falls to it', async () => {
    const u = await demoUser();
    tick('XAUUSD', '2650.00');
    const limit = await u.call(API.submit, {
      type: 1,
      cont: '0.1',
      forex_id: id('XAUUSD'),
      status: 0,
      target_price: '2640.00',
      multiple: 100,
    });
    expect(limit.data.order).toMatchObject({
      Status: 0,
      Kind: 'buy_limit',
      OriginPrice: 2640,
      Price: 0,
      CautionMoney: '264.000000',
    });
    const stop = await u.call(API.submit, {
      type: 2,
      cont: '0.1',
      forex_id: id('XAUUSD'),
      status: 0,
      target_price: '2645.00',
      multiple: 100,
    });
    expect(stop.data.order).toMatchObject({ Kind: 'sell_stop' });
    tick('XAUUSD', '2646.00');
    await settled();
    expect((await u.call(API.deals, { status: 0, page: 1 })).data.total).toBe(2);
    // Bid 2644.50: the sell stop fires (bid ≤ 2645); ask 2644.80 is not yet at the limit.
    tick('XAUUSD', '2644.50');
    await settled();
    tick('XAUUSD', '2639.50');
    await settled();
    const holding = (await u.call(API.deals, { status: 1, page: 1 })).data.data as OrderView[];
    expect(holding.map((o) => [o.Kind, o.Price]).sort()).toEqual([
      ['buy_limit', 2639.8],
      ['sell_stop', 2644.5],
    ]);
    await h.expectLedgerSound();
  });

  it('closes at the take-profit, and a stop-loss the market gaps through at the first price past it', async () => {
    const u = await demoUser();
    tick('BTCUSD', '95000.00');
    const a = await u.call(API.submit, {
      type: 1,
      cont: '0.1',
      forex_id: id('BTCUSD'),
      status: 1,
      multiple: 10,
      stop_loss_price: '94000.00',
      target_profit_price: '96000.00',
    });
    expect(a.data.order).toMatchObject({ TargetLossPrice: 94000, TargetProfitPrice: 96000 });
    const b = await u.call(API.submit, {
      type: 1,
      cont: '0.1',
      forex_id: id('BTCUSD'),
      status: 1,
      multiple: 10,
      stop_loss_price: '94500.00',
    });
    const ws = await h.ws();
    ws.send({ type: 'login', params: u.token });
    await ws.json('login_result');
    ws.send({ type: 'sub', params: CHANNEL_FOREX_CLOSED });
    await ws.json('sub_result');
    // A gap from 95,000 to 93,800 passes both stop-losses: each fills at 93,800.
    tick('BTCUSD', '93800.00');
    tick('BTCUSD', '93800.00');
    await settled();
    const closedMsgs = [await ws.json('FOREX_CLOSED'), await ws.json('FOREX_CLOSED')];
    expect(closedMsgs.map((m) => m.ClosedType)).toEqual([4, 4]);
    const history = (await u.call(API.deals, { status: 3, page: 1 })).data.data as OrderView[];
    expect(history.map((o) => [o.Id, o.ClosedType, o.UpdatePrice]).sort()).toEqual(
      [
        [a.data.order.Id, 4, 93800],
        [b.data.order.Id, 4, 93800],
      ].sort(),
    );
    // Take-profit at its level or better.
    const c = await u.call(API.submit, {
      type: 2,
      cont: '0.1',
      forex_id: id('BTCUSD'),
      status: 1,
      multiple: 10,
      target_profit_price: '93000.00',
    });
    expect(c.code).toBe(1);
    tick('BTCUSD', '93000.00');
    await settled();
    expect((await u.call(API.deals, { status: 1, page: 1 })).data.total).toBe(1);
    // Bid 92,970: the short closes at the ask, 92,990, better than its level.
    tick('BTCUSD', '92970.00');
    await settled();
    const tp = (await u.call(API.deals, { status: 3, page: 1 })).data.data[0] as OrderView;
    expect(tp).toMatchObject({ Id: c.data.order.Id, ClosedType: 3, UpdatePrice: 92990 });
    ws.socket.close();
    await h.expectLedgerSound();
  });

  it('warns at the margin-call level, refuses new orders, and stops out largest loss first with the balance never below zero', async () => {
    const u = await demoUser();
    tick('BTCUSD', '95000.00');
    // 100,000 USD: 10 lots at 1:10 hold 95,020 margin and cost 100 in fees, leaving 4,880 of cash.
    const big = await u.call(API.submit, { type: 1, cont: '10', forex_id: id('BTCUSD'), status: 1, multiple: 10 });
    expect(big.code).toBe(1);
    const pending = await u.call(API.submit, {
      type: 1,
      cont: '0.01',
      forex_id: id('BTCUSD'),
      status: 0,
      target_price: '50000.00',
      multiple: 10,
    });
    expect(pending.code).toBe(1);
    const ws = await h.ws('?lang=en');
    ws.send({ type: 'login', params: u.token });
    await ws.json('login_result');
    ws.send({ type: 'sub', params: CHANNEL_FOREX_TRADE });
    await ws.json('sub_result');
    ws.send({ type: 'sub', params: CHANNEL_FOREX_CLOSED });
    await ws.json('sub_result');
    // At 94,500 the floating loss is 5,200: equity 94,700 is 99.66 % of the margin.
    tick('BTCUSD', '94500.00');
    await settled();
    const call = await ws.json('MARGIN_CALL');
    expect(call.msg).toMatch(/^Margin call/);
    const refused = await u.call(API.submit, { type: 1, cont: '0.01', forex_id: id('BTCUSD'), status: 1, multiple: 10 });
    expect(refused).toMatchObject({ code: 0, msg: expect.stringContaining('margin level is at or below 100%') });
    // A 30 % crash, confirmed by a second print: the stop-out closes everything and the house writes off the rest.
    tick('BTCUSD', '66500.00');
    tick('BTCUSD', '66500.00');
    await settled();
    const closed = await ws.json('FOREX_CLOSED');
    expect(closed).toMatchObject({ ClosedType: 2 });
    expect((closed.id as number[]).sort()).toEqual([big.data.order.Id, pending.data.order.Id].sort());
    expect((await u.call(API.getBalance)).data.balance).toBe('0.00');
    const ledger = (await u.call(API.ledger, { page: 1 })).data.data as Array<{ MemoTran: string }>;
    expect(ledger[0]!.MemoTran).toMatch(/^Negative balance reset to zero/);
    ws.socket.close();
    await h.expectLedgerSound();
  });

  it('stops out the largest loss first and stops when the level recovers; the cash never stays below zero', async () => {
    const u = await demoUser();
    tick('XAUUSD', '2650.00');
    tick('EURUSD', '1.08500');
    // Gold 10 lots (1,000 oz) from 2,650.30: margin 26,503; EURUSD 20 lots from 1.08510: margin 21,702.
    const gold = await u.call(API.submit, { type: 1, cont: '10', forex_id: id('XAUUSD'), status: 1, multiple: 100 });
    const euro = await u.call(API.submit, { type: 1, cont: '20', forex_id: id('EURUSD'), status: 1, multiple: 100 });
    expect([gold.code, euro.code]).toEqual([1, 1]);
    // Gold at 2,570: equity 19,390 on 48,205 of margin (40 %). Closing gold (−80,300) leaves the euro position at a
    // safe level, and the 2,112 the cash went below zero is written off by the house.
    tick('XAUUSD', '2570.00');
    await settled();
    const history = (await u.call(API.deals, { status: 3, page: 1 })).data.data as OrderView[];
    expect(history.map((o) => [o.Id, o.ClosedType, o.FactProfits])).toEqual([[gold.data.order.Id, 2, '-80300.00']]);
    const holding = (await u.call(API.deals, { status: 1, page: 1 })).data.data as OrderView[];
    expect(holding.map((o) => o.Id)).toEqual([euro.data.order.Id]);
    expect((await u.call(API.getBalance)).data.balance).toBe('0.00');
    await u.call(API.close, { id: euro.data.order.Id });
    await h.expectLedgerSound();
  });

  it('resets a demo account: closes and cancels everything and restores the start balance', async () => {
    const u = await demoUser();
    tick('EURUSD', '1.08500');
    await u.call(API.submit, { type: 1, cont: '0.5', forex_id: id('EURUSD'), status: 1, multiple: 100 });
    await u.call(API.submit, { type: 2, cont: '0.5', forex_id: id('EURUSD'), status: 0, target_price: '1.09000', multiple: 100 });
    tick('EURUSD', '1.08300');
    const reset = await u.call(API.resetDemo);
    expect(reset).toMatchObject({ code: 1, data: { balance: '100000.00' } });
    expect((await u.call(API.deals, { status: 1, page: 1 })).data.total).toBe(0);
    expect((await u.call(API.deals, { status: 0, page: 1 })).data.total).toBe(0);
    expect((await u.call(API.deals, { status: 3, page: 1 })).data.total).toBe(2);
    await h.expectLedgerSound();
  });

  it('settles an order exactly once when a user close and its stop-loss race (50 rounds)', async () => {
    const u = await demoUser();
    let settledTwice = 0;
    for (let round = 0; round < 50; round++) {
      tick('EURUSD', '1.08500');
      const o = await u.call(API.submit, {
        type: 1,
        cont: '0.1',
        forex_id: id('EURUSD'),
        status: 1,
        multiple: 100,
        stop_loss_price: '1.08400',
      });
      const closing = u.call(API.close, { id: o.data.order.Id });
      tick('EURUSD', '1.08390');
      const r = await closing;
      await settled();
      const row = (await u.call(API.deals, { status: 3, page: 1, limit: 1 })).data.data[0] as OrderView;
      expect(row.Id).toBe(o.data.order.Id);
      expect([1, 4]).toContain(row.ClosedType);
      if (r.code === 1 && row.ClosedType !== 1) settledTwice++;
    }
    expect(settledTwice).toBe(0);
    const entries = (await u.call(API.ledger, { page: 1, limit: 100 })).data.total as number;
    // Funding, then one open and one close per round: never two closes.
    expect(entries).toBe(1 + 50 * 2);
    await h.expectLedgerSound();
  });

  it('refuses bad input with a clear message and no ledger change', async () => {
    const u = await demoUser();
    const other = await demoUser();
    tick('EURUSD', '1.08500');
    const base = { type: 1, cont: '0.1', forex_id: id('EURUSD'), status: 1, multiple: 100 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cont: '-1' }, 'Please enter a valid number of lots'],
      [{ cont: '0' }, 'Please enter a valid number of lots'],
      [{ cont: 'abc' }, 'Please enter a valid number of lots'],
      [{ cont: 'NaN' }, 'Please enter a valid number of lots'],
      [{ cont: 'Infinity' }, 'Please enter a valid number of lots'],
      [{ cont: '1e3' }, 'Please enter a valid number of lots'],
      [{ cont: '99999999999999999999' }, 'Please enter a valid number of lots'],
      [{ cont: '0.015' }, 'The lots must be a multiple of 0.01'],
      [{ cont: '0.001' }, 'The minimum is 0.01 lots'],
      [{ cont: '51' }, 'The maximum is 50 lots per order'],
      [{ multiple: 7 }, 'This leverage is not offered for this instrument'],
      [{ forex_id: 999 }, 'This instrument does not exist'],
      [{ type: 3 }, 'The order direction must be buy (1) or sell (2)'],
      [{ status: 0 }, 'Please enter the price of the pending order'],
      [{ status: 0, target_price: '-1' }, 'Please enter a valid price'],
      [{ status: 0, target_price: '1.0850001' }, 'The price may have at most 5 decimals'],
      [{ status: 0, target_price: '999999999999' }, 'Please enter a valid price'],
      [{ stop_loss_price: '1.09000' }, 'The stop-loss must be below the price for a buy and above it for a sell'],
      [{ target_profit_price: '1.08000' }, 'The take-profit must be above the price for a buy and below it for a sell'],
      [{ cont: '50', multiple: 10 }, 'Not enough free margin for this order'],
    ];
    for (const [change, msg] of cases) {
      const r = await u.call(API.submit, { ...base, ...change });
      expect(r, JSON.stringify(change)).toMatchObject({ code: 0, msg, data: null });
    }
    const mine = await u.call(API.submit, base);
    const pending = await u.call(API.submit, { ...base, status: 0, target_price: '1.08000' });
    expect((await other.call(API.close, { id: mine.data.order.Id })).msg).toBe('This order does not exist');
    expect((await other.call(API.close, { id: 987654321 })).msg).toBe('This order does not exist');
    expect((await u.call(API.cancel, { id: mine.data.order.Id })).msg).toBe('Only a pending order can be cancelled');
    expect((await u.call(API.close, { id: pending.data.order.Id })).msg).toMatch(/^Only a holding order can be closed/);
    expect((await u.call(API.setStops, { id: mine.data.order.Id })).msg).toBe('Please enter a stop-loss or a take-profit price');
    expect((await u.call(API.close, { id: mine.data.order.Id })).code).toBe(1);
    expect((await u.call(API.close, { id: mine.data.order.Id })).msg).toBe('This order is already closed');
    expect((await u.call(API.setStops, { id: mine.data.order.Id, stop_loss_price: '1.08' })).msg).toBe(
      'This order is already closed',
    );
    const before = (await u.call(API.ledger, { page: 1 })).data.total;
    expect((await u.call(API.close, { id: 'abc' })).code).toBe(0);
    expect((await u.call(API.ledger, { page: 1 })).data.total).toBe(before);
    await h.expectLedgerSound();
  });

  it('edits either level alone or both, checked against the entry and the market', async () => {
    const u = await demoUser();
    tick('EURUSD', '1.08500');
    const o = (await u.call(API.submit, { type: 2, cont: '0.1', forex_id: id('EURUSD'), status: 1, multiple: 100 })).data.order;
    const sl = await u.call(API.setStops, { id: o.Id, stop_loss_price: '1.09000' });
    expect(sl.data).toMatchObject({ TargetLossPrice: 1.09, TargetProfitPrice: 0 });
    const tp = await u.call(API.setStops, { id: o.Id, target_profit_price: '1.08000' });
    expect(tp.data).toMatchObject({ TargetLossPrice: 1.09, TargetProfitPrice: 1.08 });
    const both = await u.call(API.setStops, { id: o.Id, target_profit_price: '0', stop_loss_price: '1.08000' });
    expect(both.msg).toBe('The stop-loss must be below the price for a buy and above it for a sell');
    const cleared = await u.call(API.setStops, { id: o.Id, target_profit_price: '0', stop_loss_price: '0' });
    expect(cleared.data).toMatchObject({ TargetLossPrice: 0, TargetProfitPrice: 0 });
    await u.call(API.close, { id: o.Id });
    await h.expectLedgerSound();
  });

  it('pushes FOREX_TRADE only to the owner', async () => {
    const u = await demoUser();
    const other = await demoUser();
    tick('EURUSD', '1.08500');
    const o = (await u.call(API.submit, { type: 1, cont: '0.1', forex_id: id('EURUSD'), status: 1, multiple: 100 })).data.order;
    const mine = await h.ws();
    const theirs = await h.ws();
    for (const [s, t] of [
      [mine, u.token],
      [theirs, other.token],
    ] as const) {
      s.send({ type: 'login', params: t });
      await s.json('login_result');
      s.send({ type: 'sub', params: CHANNEL_FOREX_TRADE });
      await s.json('sub_result');
    }
    tick('EURUSD', '1.08600');
    // The figures of the order's opening (at 1.08500) may be pushed first when the 250 ms push falls after the
    // subscription and before the tick: wait for the figures of the new price.
    const push = await mine.json('FOREX_TRADE', (m) => m.ProfitsTotal !== '-1.00');
    expect(push).toMatchObject({
      ProfitsTotal: '9.00',
      CautionMoneyAll: '108.51',
      TransOrder: [{ Id: o.Id, FactProfits: '9.00' }],
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.received.filter((m) => m.includes('"FOREX_TRADE"') && m.includes(String(o.Id)))).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
    await u.call(API.close, { id: o.Id });
  });
});
