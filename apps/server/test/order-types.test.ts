import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Notice, type OrderView } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { demoTrader, type DemoTrader } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * Named order types through HTTP (issue 33 point 2, DESIGN §17): `pending_type` refuses a limit or a stop on the wrong
 * side of the market; MT5's stop limit waits for its stop, becomes a pending limit at `stop_limit_price`, and that
 * limit then fills at its price or better. Every scenario ends with the ledger checker.
 */
describe('named order types', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { id, tick } = market;
  const settled = async () => {
    await new Promise((r) => setTimeout(r, 20));
    await h.app.tradepad.engine.idle();
  };
  const deals = async (u: DemoTrader, status: number) => (await u.call(API.deals, { status, page: 1 })).data.data as OrderView[];
  const pending = (u: DemoTrader, type: 1 | 2, code: string, extra: Record<string, unknown>) =>
    u.call(API.submit, { type, cont: '1', forex_id: id(code), status: 0, multiple: code === 'BTCUSD' ? 10 : 100, ...extra });

  beforeAll(async () => {
    h = await market.start();
    tick('EURUSD', '1.08500');
    tick('BTCUSD', '95000.00');
  }, 120_000);
  afterAll(async () => h.close());

  it('a buy stop limit triggers at its stop, becomes a buy limit at its limit, and that limit then fills', async () => {
    const u = await demoTrader(h);
    tick('BTCUSD', '95000.00');
    const placed = await pending(u, 1, 'BTCUSD', {
      pending_type: 'stop_limit',
      target_price: '96000.00',
      stop_limit_price: '95800.00',
    });
    expect(placed.code).toBe(1);
    const o = placed.data.order as OrderView;
    // Its margin is reckoned at the limit it will fill at (or better): 1 BTC × 95,800 ÷ 10.
    expect(o).toMatchObject({
      Kind: 'buy_stop_limit',
      Status: 0,
      OriginPrice: 96000,
      StopLimitPrice: 95800,
      CautionMoney: '9580.000000',
    });
    // Below the stop nothing happens.
    tick('BTCUSD', '95900.00');
    await settled();
    expect((await deals(u, 0)).find((d) => d.Id === o.Id)).toMatchObject({ Kind: 'buy_stop_limit', Status: 0 });
    // The stop triggers: a pending buy limit at 95,800, same id, same margin; the market above it does not fill it.
    tick('BTCUSD', '96010.00');
    await settled();
    const limit = (await deals(u, 0)).find((d) => d.Id === o.Id)!;
    expect(limit).toMatchObject({
      Kind: 'buy_limit',
      Status: 0,
      OriginPrice: 95800,
      StopLimitPrice: 95800,
      CautionMoney: '9580.000000',
    });
    expect(await deals(u, 1)).toEqual([]);
    // The trader is told the stop was reached and where the limit now waits (issue 33), in their language.
    const told = async (lang: string) =>
      ((await h.call('GET', API.notices, {}, { authorization: u.token, lang })).data as { data: Notice[] }).data;
    const [notice] = await told('en');
    expect(notice).toMatchObject({
      kind: 'fill',
      title: 'Stop limit triggered',
      body: `Stop limit order #${o.Id} on BTC/USD: its stop 96,000.00 was reached; a limit order for 1 lots now waits at 95,800.00`,
      link: '/order',
      data: { trigger: 'stop_limit', order_id: o.Id, stop: '96000.00', price: '95800.00' },
    });
    expect((await told('hk'))[0]!.title).toBe('止損限價單已觸發');
    // The market comes back to the limit: it fills at its price or better.
    tick('BTCUSD', '95700.00');
    await settled();
    const held = (await deals(u, 1)).find((d) => d.Id === o.Id)!;
    expect(held).toMatchObject({ Status: 1, Kind: 'buy_limit', StopLimitPrice: 95800 });
    expect(held.Price).toBeLessThanOrEqual(95800);
    await u.call(API.close, { id: o.Id });
    await h.expectLedgerSound();
  });

  it('a sell stop limit triggers below the bid and becomes a sell limit above its stop', async () => {
    const u = await demoTrader(h);
    tick('EURUSD', '1.08500');
    const placed = await pending(u, 2, 'EURUSD', {
      pending_type: 'stop_limit',
      target_price: '1.08400',
      stop_limit_price: '1.08450',
    });
    expect(placed.data.order).toMatchObject({ Kind: 'sell_stop_limit', OriginPrice: 1.084, StopLimitPrice: 1.0845 });
    tick('EURUSD', '1.08390');
    await settled();
    expect((await deals(u, 0))[0]).toMatchObject({ Kind: 'sell_limit', OriginPrice: 1.0845 });
    tick('EURUSD', '1.08460');
    await settled();
    const held = (await deals(u, 1))[0]!;
    expect(held).toMatchObject({ Status: 1, Kind: 'sell_limit' });
    expect(held.Price).toBeGreaterThanOrEqual(1.0845);
    await u.call(API.close, { id: held.Id });
    await h.expectLedgerSound();
  });

  it('refuses a named limit or stop on the wrong side of the market, and a stop limit whose limit is past its stop', async () => {
    const u = await demoTrader(h);
    tick('EURUSD', '1.08500');
    const refused = async (type: 1 | 2, extra: Record<string, unknown>) => {
      const r = await pending(u, type, 'EURUSD', extra);
      expect(r.code).toBe(0);
      return r.msg;
    };
    expect(await refused(1, { pending_type: 'limit', target_price: '1.08600' })).toBe(
      'A buy limit must be at or below the ask (1.08510)',
    );
    expect(await refused(1, { pending_type: 'stop', target_price: '1.08400' })).toBe(
      'A buy stop must be above the ask (1.08510)',
    );
    expect(await refused(2, { pending_type: 'limit', target_price: '1.08400' })).toBe(
      'A sell limit must be at or above the bid (1.08500)',
    );
    expect(await refused(2, { pending_type: 'stop', target_price: '1.08600' })).toBe(
      'A sell stop must be below the bid (1.08500)',
    );
    expect(await refused(1, { pending_type: 'stop_limit', target_price: '1.08400', stop_limit_price: '1.08300' })).toBe(
      'A buy stop must be above the ask (1.08510)',
    );
    expect(await refused(1, { pending_type: 'stop_limit', target_price: '1.08600', stop_limit_price: '1.08600' })).toBe(
      'The limit of a buy stop limit must be below its stop (1.08600)',
    );
    expect(await refused(2, { pending_type: 'stop_limit', target_price: '1.08400', stop_limit_price: '1.08300' })).toBe(
      'The limit of a sell stop limit must be above its stop (1.08400)',
    );
    expect(await refused(1, { pending_type: 'stop_limit', target_price: '1.08600' })).toBe(
      'Please enter the limit price of the stop limit',
    );
    expect(await refused(1, { pending_type: 'market_if_touched', target_price: '1.08600' })).toBe(
      'The order type must be limit, stop or stop limit',
    );
    // Refused in the trader's language too.
    const hk = await h.call(
      'POST',
      API.submit,
      { type: 1, cont: '1', forex_id: id('EURUSD'), status: 0, multiple: 100, pending_type: 'limit', target_price: '1.08600' },
      { authorization: u.token, lang: 'hk' },
    );
    expect(hk.msg).toBe('買入限價須等於或低於賣出價（1.08510）');
    // The named types on the right side, and none named: inferred as before.
    expect((await pending(u, 1, 'EURUSD', { pending_type: 'limit', target_price: '1.08400' })).data.order.Kind).toBe('buy_limit');
    expect((await pending(u, 1, 'EURUSD', { pending_type: 'stop', target_price: '1.08600' })).data.order.Kind).toBe('buy_stop');
    expect((await pending(u, 2, 'EURUSD', { target_price: '1.08400' })).data.order.Kind).toBe('sell_stop');
    expect(await deals(u, 1)).toEqual([]);
    await h.expectLedgerSound();
  });

  it("moves a stop limit's stop (its limit and margin stay) and cancels it with its margin back", async () => {
    const u = await demoTrader(h);
    tick('BTCUSD', '95000.00');
    const before = (await u.call(API.getBalance)).data.balance as string;
    const o = (
      await pending(u, 1, 'BTCUSD', { pending_type: 'stop_limit', target_price: '96000.00', stop_limit_price: '95800.00' })
    ).data.order as OrderView;
    const moved = await u.call(API.setPendingPrice, { id: o.Id, price: '97000.00' });
    expect(moved.data).toMatchObject({
      Kind: 'buy_stop_limit',
      OriginPrice: 97000,
      StopLimitPrice: 95800,
      CautionMoney: '9580.000000',
    });
    expect((await u.call(API.setPendingPrice, { id: o.Id, price: '94000.00' })).msg).toMatch(/^A buy stop must be above the ask/);
    expect((await u.call(API.setPendingPrice, { id: o.Id, price: '95500.00' })).msg).toMatch(
      /^The limit of a buy stop limit must be below its stop/,
    );
    expect((await u.call(API.cancel, { id: o.Id })).code).toBe(1);
    expect((await u.call(API.getBalance)).data.balance).toBe(before);
    await h.expectLedgerSound();
  });
});

/** A stop limit is stored with its limit: after a restart it still waits for its stop, then becomes its limit and fills. */
describe('a stop limit across a restart', () => {
  const market = new ScriptedMarket();
  const { id, tick } = market;
  let h: Harness | undefined;
  afterAll(async () => h?.close());

  it('keeps its stop and limit, triggers and fills after the restart', async () => {
    const first = await market.start({ keepData: true });
    const auth = { authorization: (await demoTrader(first)).token };
    tick('BTCUSD', '95000.00');
    const placed = await first.call(
      'POST',
      API.submit,
      {
        type: 1,
        cont: '0.1',
        forex_id: id('BTCUSD'),
        status: 0,
        multiple: 10,
        pending_type: 'stop_limit',
        target_price: '96000.00',
        stop_limit_price: '95800.00',
      },
      auth,
    );
    const orderId = (placed.data.order as OrderView).Id;

    h = await market.restart(first);
    const list = async (status: number) => (await h!.call('GET', API.deals, { status, page: 1 }, auth)).data.data as OrderView[];
    const settle = async () => {
      await new Promise((r) => setTimeout(r, 20));
      await h!.app.tradepad.engine.idle();
    };
    expect(await list(0)).toMatchObject([{ Id: orderId, Kind: 'buy_stop_limit', OriginPrice: 96000, StopLimitPrice: 95800 }]);
    tick('BTCUSD', '96010.00');
    await settle();
    expect(await list(0)).toMatchObject([{ Id: orderId, Kind: 'buy_limit', OriginPrice: 95800 }]);
    tick('BTCUSD', '95700.00');
    await settle();
    expect(await list(1)).toMatchObject([{ Id: orderId, Status: 1, Kind: 'buy_limit' }]);
    await h.expectLedgerSound();
  }, 120_000);
});
