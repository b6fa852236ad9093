import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type AccountType, type OrderView, type StatementView, type TradeItem } from '@tradepad/contracts';
import type { Harness, TestSocket } from './harness.ts';
import { demoTrader, staff, type DemoTrader, type Staff } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * One price per account type (issue 32 point 1, DESIGN §16): the quote channel carries the default type's prices to a
 * visitor and to a Standard trader, and a markup type's prices to a trader of that type, on the same channel and the
 * same tick; a change of type moves the trader's sockets at once. The trade list follows the signed-in trader's type
 * (prices, and the leverages capped by the type).
 */
describe('account type prices', () => {
  let h: Harness;
  let admin: Staff;
  const market = new ScriptedMarket();
  const { id, tick } = market;
  let raw: AccountType;
  let standard: DemoTrader;
  let rawTrader: DemoTrader;
  const sockets: TestSocket[] = [];

  const info = async (u: DemoTrader) => (await h.call('GET', API.userInfo, {}, { authorization: u.token })).data;
  /** A socket on DAY_MARKET, logged in as `u` (or a visitor's). */
  const quotes = async (u?: DemoTrader) => {
    const s = await h.ws('?lang=en');
    sockets.push(s);
    if (u) {
      s.send({ type: 'login', params: u.token });
      expect((await s.json('login_result')).code).toBe(1);
    }
    s.send({ type: 'sub', params: 'DAY_MARKET' });
    expect((await s.json('sub_result')).code).toBe(1);
    return s;
  };
  /** The next EURUSD quote of the tick published at `publishedBid` (within 10 points: whichever type's prices). */
  const quoteAt = async (s: TestSocket, publishedBid: number) => {
    const near = (a: number, b: number) => Math.abs(a - b) < 0.0001 - 1e-9;
    const m = await s.json('DAY_MARKET', (x) => {
      const q = x as { symbol: string; quotation: { bid: number } };
      return q.symbol === 'EURUSD' && near(q.quotation.bid, publishedBid);
    });
    const q = (m as { quotation: { bid: number; ask: number; close: number } }).quotation;
    return { bid: q.bid, ask: q.ask, close: q.close };
  };
  const tradeItem = async (token?: string) => {
    const r = await h.call('GET', API.tradeList, {}, token ? { authorization: token } : {});
    return (r.data as TradeItem[]).find((i) => i.Code === 'EURUSD')!;
  };

  beforeAll(async () => {
    h = await market.start();
    admin = await staff(h);
    tick('EURUSD', '1.08500');
    const r = await admin.postJson(ADMIN_API.accountTypes, {
      name: 'Raw',
      spread_markup: 5,
      max_leverage: 200,
      commission_per_lot: '3.5',
    });
    expect(r.code, r.msg).toBe(1);
    raw = r.data as AccountType;
    standard = await demoTrader(h);
    rawTrader = await demoTrader(h);
    expect((await rawTrader.call(API.chooseAccountType, { account_type_id: raw.id })).code).toBe(1);
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await h.expectLedgerSound();
    await h.close();
  });

  it('gives each socket its type’s prices for the same tick: visitor and Standard the default’s, Raw its own', async () => {
    const visitor = await quotes();
    const std = await quotes(standard);
    const mine = await quotes(rawTrader);
    tick('EURUSD', '1.08700');
    // The published quote: 1.08700 / 1.08710 (10-point spread); Raw: 5 points off each side.
    expect(await quoteAt(visitor, 1.087)).toEqual({ bid: 1.087, ask: 1.0871, close: 1.087 });
    expect(await quoteAt(std, 1.087)).toEqual({ bid: 1.087, ask: 1.0871, close: 1.087 });
    expect(await quoteAt(mine, 1.087)).toEqual({ bid: 1.08695, ask: 1.08715, close: 1.08695 });

    // Logging out puts the socket back on the public prices.
    mine.send({ type: 'logout' });
    await mine.json('logout_result');
    tick('EURUSD', '1.08720');
    expect(await quoteAt(mine, 1.0872)).toMatchObject({ bid: 1.0872, ask: 1.0873 });
  });

  it('moves a trader’s sockets to the new type’s prices at once when staff change the type', async () => {
    const std = await quotes(standard);
    const userId = Number((await info(standard)).id);
    const r = await admin.post(`${ADMIN_API.users}/${userId}/account-type`, { account_type_id: raw.id, reason: 'Asked for raw' });
    expect(r.code, r.msg).toBe(1);
    // The users page names the type.
    expect((await admin.get(`${ADMIN_API.users}/${userId}`)).data.account_type).toEqual({ id: raw.id, name: 'Raw' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    tick('EURUSD', '1.08800');
    expect(await quoteAt(std, 1.088)).toEqual({ bid: 1.08795, ask: 1.08815, close: 1.08795 });
    // And back, by the trader's own choice (nothing open).
    const back = await standard.call(API.chooseAccountType, { account_type_id: 1 });
    expect(back.code, back.msg).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    tick('EURUSD', '1.08900');
    expect(await quoteAt(std, 1.089)).toEqual({ bid: 1.089, ask: 1.0891, close: 1.089 });
  });

  it('lists the signed-in trader’s prices and leverages (capped by the type); a visitor’s are the default’s', async () => {
    tick('EURUSD', '1.09000');
    const visitor = await tradeItem();
    const mine = await tradeItem(rawTrader.token);
    expect(visitor).toMatchObject({ Bid: 1.09, Ask: 1.0901 });
    expect(mine).toMatchObject({ Bid: 1.08995, Ask: 1.09015, Spread: 20 });
    expect(visitor.HasForexMultiple.some((m) => m.Value > 200)).toBe(true);
    expect(mine.HasForexMultiple.length).toBeGreaterThan(0);
    expect(mine.HasForexMultiple.every((m) => m.Value <= 200)).toBe(true);
    // The ids keep their place in the instrument's set (what the ticket sends is the value).
    for (const m of mine.HasForexMultiple) expect(visitor.HasForexMultiple).toContainEqual(m);
    expect(id('EURUSD')).toBe(mine.Id);
  });

  it('shows the commission on the order (open and closed) and in the statement, netted out of the result', async () => {
    tick('EURUSD', '1.09000');
    const opened = await rawTrader.call(API.submit, { type: 1, cont: '1', forex_id: id('EURUSD'), status: 1, multiple: 100 });
    expect(opened.code, opened.msg).toBe(1);
    const order = opened.data.order as OrderView;
    expect(order.Commission).toBe('3.500000');
    expect(order.Receipt).not.toBeNull();
    tick('EURUSD', '1.09100');
    const closed = (await rawTrader.call(API.close, { id: order.Id })).data as OrderView;
    expect(closed.Commission).toBe('7.000000');
    // Closed at 1.09095 (bid − 5): (1.09095 − 1.09015) × 100,000 = 80 USD; 7 USD of commission on the two sides.
    expect(closed.FactProfits).toBe('80.00');
    const day = new Date(h.now()).toISOString().slice(0, 10);
    const answer = await h.call('GET', API.statement, { from: day, to: day }, { authorization: rawTrader.token });
    expect(answer.code, answer.msg).toBe(1);
    const s = answer.data as StatementView;
    const row = s.trades.find((t) => t.Id === order.Id)!;
    // The net: P/L less the margin fee (this type keeps it) and the commission.
    const net = (80 - Number(row.Fee) - 7).toFixed(2);
    expect(row).toMatchObject({ Profit: '80.00', Commission: '7.00', Swap: '0.00', Net: net });
    expect(s.totals).toMatchObject({ commissions: '7.00', net });
  });

  it('makes the settings’ margin-call and stop-out levels the default type’s: one source, either page', async () => {
    expect((await admin.get(ADMIN_API.settings)).data).toMatchObject({ margin_call_level: '100', stop_out_level: '50' });
    const saved = await admin.postJson(ADMIN_API.settings, { margin_call_level: '120', stop_out_level: '40' });
    expect(saved.code, saved.msg).toBe(1);
    const types = (await h.call('GET', API.accountTypes)).data.data as AccountType[];
    expect(types.find((t) => t.is_default)).toMatchObject({ margin_call_level: 120, stop_out_level: 40 });
    // Another type keeps its own levels.
    expect(types.find((t) => t.id === raw.id)).toMatchObject({ margin_call_level: 100, stop_out_level: 50 });
    expect((await standard.call(API.accountSummary)).data).toMatchObject({ margin_call_level: 120, stop_out_level: 40 });
    const log = (await admin.get(ADMIN_API.audit, { action: 'settings.update' })).data.data[0];
    expect(log).toMatchObject({ after: { margin_call_level: '120', stop_out_level: '40' } });
    // The types page's change of the default type is what the settings page shows next.
    const back = await admin.postJson(`${ADMIN_API.accountTypes}/${types.find((t) => t.is_default)!.id}`, {
      margin_call_level: 100,
      stop_out_level: 50,
    });
    expect(back.code, back.msg).toBe(1);
    expect((await admin.get(ADMIN_API.settings)).data).toMatchObject({ margin_call_level: '100', stop_out_level: '50' });
    // Still checked together: a stop-out at or above the margin call is refused.
    expect((await admin.postJson(ADMIN_API.settings, { stop_out_level: '100' })).code).toBe(0);
  });
});
