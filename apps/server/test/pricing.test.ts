import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type AdminInstrument, type OrderView, type TradeItem } from '@tradepad/contracts';
import type { Harness, TestSocket } from './harness.ts';
import { demoTrader, staff, type Staff } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * Published pricing end to end (issue 31 point 1, DESIGN §14): staff switch an instrument from a fixed spread to a
 * markup on the source's quote through the back office, and the websocket quote, the trade list, the info sheet and
 * a fill's receipt (with the source's own quote and name) follow at once, the same for everyone; the change is audited
 * and the ledger stays sound.
 */
describe('published pricing: fixed and markup', () => {
  let h: Harness;
  let admin: Staff;
  let socket: TestSocket;
  const market = new ScriptedMarket();
  const { clock, id, tick } = market;

  /** A two-sided quote of a liquidity provider's session, delivered twice (past the bad-tick filter). */
  const quote = (code: string, bid: string, ask: string, source = 'lp1') => {
    clock.advance(1000);
    market.feed.pushPrice(code, bid, clock.now(), 1, ask, source);
    market.feed.pushPrice(code, bid, clock.now(), 1, ask, source);
  };
  const item = async (code: string) => ((await h.call('GET', API.tradeList)).data as TradeItem[]).find((i) => i.Code === code)!;
  const setTerms = (body: Record<string, unknown>) => admin.postJson(`${ADMIN_API.instruments}/${id('EURUSD')}`, body);
  /** The next DAY_MARKET quote of EURUSD at this published bid. */
  const published = (bid: number) =>
    socket.json('DAY_MARKET', (m) => m.symbol === 'EURUSD' && (m.quotation as { bid: number }).bid === bid);

  beforeAll(async () => {
    h = await market.start();
    admin = await staff(h);
    socket = await h.ws('?lang=en');
    socket.send({ type: 'sub', params: 'DAY_MARKET' });
    expect(await socket.json('sub_result')).toMatchObject({ code: 1, channel: 'DAY_MARKET' });
    tick('EURUSD', '1.08500');
  }, 120_000);
  afterAll(async () => {
    socket?.close();
    await h.expectLedgerSound();
    await h.close();
  });

  it('prices fixed by default: the configured spread around the source mid, the source kept on the receipt', async () => {
    expect(await item('EURUSD')).toMatchObject({ Pricing: 'fixed', Markup: 0, Spread: 10, Bid: 1.085, Ask: 1.0851 });
    const listed = ((await admin.get(ADMIN_API.instruments)).data.data as AdminInstrument[]).find((i) => i.Code === 'EURUSD');
    expect(listed).toMatchObject({ pricing: 'fixed', markup: 0, spread: 10 });

    // An LP quoting 3 points wide (mid 1.085215): the published bid is the mid less 5 points, rounded down.
    quote('EURUSD', '1.08520', '1.08523');
    expect((await published(1.08516)).quotation).toMatchObject({ bid: 1.08516, ask: 1.08526 });
    expect(await item('EURUSD')).toMatchObject({ Bid: 1.08516, Ask: 1.08526, Spread: 10 });
    const u = await demoTrader(h);
    const r = await u.call(API.submit, { type: 2, cont: '0.5', forex_id: id('EURUSD'), status: 1, multiple: 100 });
    expect(r.code, r.msg).toBe(1);
    const order = r.data.order as OrderView;
    expect(order.Price).toBe(1.08516);
    expect(order.Receipt).toMatchObject({
      QuoteBid: 1.08516,
      QuoteAsk: 1.08526,
      FillPrice: 1.08516,
      Source: 'lp1',
      SourceBid: 1.0852,
      SourceAsk: 1.08523,
    });
    expect((await u.call(API.close, { id: order.Id })).code).toBe(1);
  });

  it('switches to markup through the back office: audited, and the quote, the list, the info and the next fill follow', async () => {
    const saved = await setTerms({ pricing: 'markup', markup: 4 });
    expect(saved.code, saved.msg).toBe(1);
    expect(saved.data).toMatchObject({ pricing: 'markup', markup: 4, spread: 10 });
    const log = await admin.get(ADMIN_API.audit, { action: 'instrument.update' });
    expect(log.data.data[0]).toMatchObject({
      object: `instrument:${id('EURUSD')}`,
      before: { pricing: 'fixed', markup: 0 },
      after: { pricing: 'markup', markup: 4 },
    });

    // At once, before any new tick: the last source quote (1.08520 / 1.08523) moved out by 4 points each side.
    expect(await item('EURUSD')).toMatchObject({ Pricing: 'markup', Markup: 4, Bid: 1.08516, Ask: 1.08527, Spread: 11 });
    const info = await h.call('GET', API.instrumentInfo, { forex_id: id('EURUSD') });
    expect(info.data).toMatchObject({ Pricing: 'markup', Markup: 4 });

    // The next quote on the websocket is priced the same way: everyone sees the one published price.
    quote('EURUSD', '1.08530', '1.08532');
    expect((await published(1.08526)).quotation).toMatchObject({ bid: 1.08526, ask: 1.08536 });
    expect(await item('EURUSD')).toMatchObject({ Bid: 1.08526, Ask: 1.08536, Spread: 10 });

    // A buy fills at the published ask, the receipt keeps the source's own quote and name; closing at the published bid.
    const u = await demoTrader(h);
    const r = await u.call(API.submit, { type: 1, cont: '1', forex_id: id('EURUSD'), status: 1, multiple: 100 });
    expect(r.code, r.msg).toBe(1);
    const order = r.data.order as OrderView;
    expect(order.Price).toBe(1.08536);
    expect(order.Receipt).toMatchObject({
      QuoteBid: 1.08526,
      QuoteAsk: 1.08536,
      FillPrice: 1.08536,
      Spread: 0.0001,
      Source: 'lp1',
      SourceBid: 1.0853,
      SourceAsk: 1.08532,
    });
    // Another trader sees and gets the same prices.
    const other = await demoTrader(h);
    const o2 = await other.call(API.submit, { type: 1, cont: '0.1', forex_id: id('EURUSD'), status: 1, multiple: 100 });
    expect(o2.data.order.Price).toBe(1.08536);

    // The simulator's quote (its own 10-point spread) after a switch of source: its name on the receipt.
    tick('EURUSD', '1.08540');
    expect((await published(1.08536)).quotation).toMatchObject({ bid: 1.08536, ask: 1.08554 });
    const closed = await u.call(API.close, { id: order.Id });
    expect(closed.code, closed.msg).toBe(1);
    const history = (await u.call(API.deals, { status: 3, page: 1 })).data.data as OrderView[];
    expect(history.find((o) => o.Id === order.Id)).toMatchObject({ UpdatePrice: 1.08536 });
    expect((await other.call(API.close, { id: o2.data.order.Id })).code).toBe(1);

    // A larger markup reprices at once too, and the next fill uses it.
    expect((await setTerms({ markup: '6' })).data).toMatchObject({ pricing: 'markup', markup: 6 });
    expect(await item('EURUSD')).toMatchObject({ Bid: 1.08534, Ask: 1.08556, Spread: 22 });
    const sell = await u.call(API.submit, { type: 2, cont: '0.1', forex_id: id('EURUSD'), status: 1, multiple: 100 });
    expect(sell.data.order).toMatchObject({ Price: 1.08534 });
    expect(sell.data.order.Receipt).toMatchObject({ Source: 'sim', SourceBid: 1.0854, SourceAsk: 1.0855 });
    expect((await u.call(API.close, { id: sell.data.order.Id })).code).toBe(1);
  });

  it('refuses a bad pricing or markup by name and changes nothing', async () => {
    const before = await item('EURUSD');
    for (const body of [{ pricing: 'spread' }, { pricing: '' }]) {
      const r = await setTerms(body);
      expect(r.code).toBe(0);
      expect(r.msg).toBe('Pricing must be fixed or markup');
    }
    for (const body of [{ markup: -1 }, { markup: 1.5 }, { markup: 100_001 }, { markup: 'four' }]) {
      const r = await setTerms(body);
      expect(r.code).toBe(0);
      expect(r.msg).toBe('The markup is a whole number of points per side, from 0 to 100000');
    }
    const hk = await h.app.inject({
      method: 'POST',
      url: `${ADMIN_API.instruments}/${id('EURUSD')}`,
      payload: { markup: -1 },
      headers: { authorization: admin.token, lang: 'hk' },
    });
    expect(hk.json()).toMatchObject({ code: 0, msg: '加價須為每邊 0 至 100000 之間的整數點數' });
    expect(await item('EURUSD')).toEqual(before);
  });

  it('goes back to fixed: the configured spread around the source mid again, markup 0 for traders', async () => {
    expect((await setTerms({ pricing: 'fixed' })).data).toMatchObject({ pricing: 'fixed', markup: 6 });
    // The source is the simulator's 1.08540 / 1.08550: fixed at 10 points publishes it as is.
    expect(await item('EURUSD')).toMatchObject({ Pricing: 'fixed', Markup: 0, Bid: 1.0854, Ask: 1.0855, Spread: 10 });
    const info = await h.call('GET', API.instrumentInfo, { forex_id: id('EURUSD') });
    expect(info.data).toMatchObject({ Pricing: 'fixed', Markup: 0 });
  });
});
