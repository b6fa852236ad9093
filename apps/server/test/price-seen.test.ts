import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { demoUser, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * "An order is what the trader saw" (issue 17 point 8, DESIGN §12): a market order carrying `price_seen` and
 * `deviation` is refused, never filled, when its fill (the published ask for a buy) is worse than the price seen by
 * more than the deviation; nothing is written then. Without the two parameters orders fill as before.
 */
describe('forex/submit price_seen and deviation', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { id, tick } = market;
  const EURUSD = { type: 1, cont: '1', status: 1, multiple: 100 };

  /** The user's holding orders and ledger lines. */
  async function traces(u: TestUser): Promise<{ orders: number; ledger: number; balance: string }> {
    const orders = (await u.get(API.deals, { status: 1, page: 1 })).data.total as number;
    const ledger = (await u.get(API.ledger, { page: 1 })).data.total as number;
    const balance = (await u.get(API.getBalance)).data.balance as string;
    return { orders, ledger, balance };
  }

  beforeAll(async () => {
    h = await market.start();
    tick('EURUSD', '1.08500');
    tick('USDJPY', '150.000');
  }, 120_000);
  afterAll(async () => h.close());

  it('refuses a market buy whose fill is far above the price seen: no order, no ledger entry, balance unchanged', async () => {
    const u = await demoUser(h);
    const before = await traces(u);
    tick('EURUSD', '1.08500'); // ask 1.08510 (spread 10 points)
    const r = await u.post(API.submit, { ...EURUSD, forex_id: id('EURUSD'), price_seen: '1.08000', deviation: 20 });
    expect(r).toEqual({
      code: 0,
      msg: 'Price moved: this order would fill at 1.08510, more than 20 points from the 1.08000 you saw. It was not placed; check the price and try again',
      data: null,
    });
    await h.app.tradepad.engine.idle();
    expect(await traces(u)).toEqual(before);
    expect(before.orders).toBe(0);
    await h.expectLedgerSound();
  });

  it('checks the actual fill, spread included: a buy seen at the bid with a deviation smaller than the spread is refused', async () => {
    const u = await demoUser(h);
    tick('EURUSD', '1.08500');
    const bidSeen = await u.post(API.submit, { ...EURUSD, forex_id: id('EURUSD'), price_seen: '1.08500', deviation: 5 });
    expect(bidSeen.code).toBe(0);
    expect(bidSeen.msg).toContain('1.08510');
    const askSeen = await u.post(API.submit, { ...EURUSD, forex_id: id('EURUSD'), price_seen: '1.08510', deviation: 0 });
    expect(askSeen.code, askSeen.msg).toBe(1);
    expect(askSeen.data.order).toMatchObject({ Status: 1, Price: 1.0851 });
    expect((await traces(u)).orders).toBe(1);
  });

  it('fills within the deviation, and always at a better price than seen', async () => {
    const u = await demoUser(h);
    tick('EURUSD', '1.08500');
    // Seen 1.08490, filled at 1.08510: 20 points worse, 20 allowed.
    const within = await u.post(API.submit, { ...EURUSD, forex_id: id('EURUSD'), price_seen: '1.0849', deviation: '20' });
    expect(within.code, within.msg).toBe(1);
    expect(within.data.order.Price).toBe(1.0851);
    // One point more than allowed.
    const past = await u.post(API.submit, { ...EURUSD, forex_id: id('EURUSD'), price_seen: '1.0849', deviation: 19 });
    expect(past.code).toBe(0);
    // A buy seen dearer than the market fills at the market: the trader gains.
    const better = await u.post(API.submit, { ...EURUSD, forex_id: id('EURUSD'), price_seen: '1.09500', deviation: 0 });
    expect(better.code, better.msg).toBe(1);
    expect(better.data.order.Price).toBe(1.0851);
    expect((await traces(u)).orders).toBe(2);
    await h.expectLedgerSound();
  });

  it('checks a sell against the bid, after the market fell since the tap', async () => {
    const u = await demoUser(h);
    tick('USDJPY', '150.000');
    const seen = '150.000';
    tick('USDJPY', '149.900'); // the bid fell 100 points since the trader looked
    const refused = await u.post(API.submit, { ...EURUSD, type: 2, forex_id: id('USDJPY'), price_seen: seen, deviation: 99 });
    expect(refused.code).toBe(0);
    expect(refused.msg).toContain('149.900');
    expect((await traces(u)).orders).toBe(0);
    const filled = await u.post(API.submit, { ...EURUSD, type: 2, forex_id: id('USDJPY'), price_seen: seen, deviation: 100 });
    expect(filled.code, filled.msg).toBe(1);
    expect(filled.data.order).toMatchObject({ OrderType: 2, Price: 149.9 });
  });

  it('fills as before without the parameters (no deviation check), and with an empty price_seen', async () => {
    const u = await demoUser(h);
    tick('EURUSD', '1.08500');
    const plain = await u.post(API.submit, { ...EURUSD, forex_id: id('EURUSD') });
    expect(plain.code, plain.msg).toBe(1);
    const empty = await u.post(API.submit, { ...EURUSD, forex_id: id('EURUSD'), price_seen: '', deviation: '' });
    expect(empty.code, empty.msg).toBe(1);
    // A deviation alone has nothing to compare with.
    const alone = await u.post(API.submit, { ...EURUSD, forex_id: id('EURUSD'), deviation: 0 });
    expect(alone.code, alone.msg).toBe(1);
    expect((await traces(u)).orders).toBe(3);
  });

  it('ignores price_seen on a pending order (it fills at its own price or better)', async () => {
    const u = await demoUser(h);
    tick('EURUSD', '1.08500');
    const r = await u.post(API.submit, {
      ...EURUSD,
      forex_id: id('EURUSD'),
      status: 0,
      target_price: '1.08000',
      price_seen: '1.20000',
      deviation: 0,
    });
    expect(r.code, r.msg).toBe(1);
    expect(r.data.order).toMatchObject({ Status: 0 });
  });

  it('refuses a malformed deviation or price_seen by name, and answers in the trader language', async () => {
    const u = await demoUser(h);
    for (const deviation of [-1, 'abc', 1.5])
      expect(await u.post(API.submit, { ...EURUSD, forex_id: id('EURUSD'), price_seen: '1.085', deviation })).toEqual({
        code: 0,
        msg: 'Please enter a valid maximum deviation (a whole number of points)',
        data: null,
      });
    const badPrice = await u.post(API.submit, { ...EURUSD, forex_id: id('EURUSD'), price_seen: '1e3', deviation: 5 });
    expect(badPrice).toMatchObject({ code: 0, msg: 'Please enter a valid price' });
    tick('EURUSD', '1.08500');
    const de = await h.call(
      'POST',
      API.submit,
      { ...EURUSD, forex_id: id('EURUSD'), price_seen: '1.08000', deviation: 20 },
      { authorization: u.token, lang: 'de' },
    );
    expect(de.code).toBe(0);
    expect(de.msg).toMatch(/^Der Kurs hat sich bewegt: Diese Order würde zu 1\.08510 ausgeführt/);
    expect((await traces(u)).orders).toBe(0);
  });
});
