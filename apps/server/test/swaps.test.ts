import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, CHANNEL_FOREX_TRADE, type OrderView, type TradeItem } from '@tradepad/contracts';
import { parseMoney } from '@tradepad/domain';
import { ManualClock } from '../src/ports/clock.ts';
import { checkLedger } from '../src/modules/ledger/ledger-checker.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { startHarness, type Harness } from './harness.ts';
import { demoUser, staff } from './people.ts';

/** Tuesday 17 November 2026, 09:00 in New York (EST, UTC−5): every market of the seed is open. */
const TUESDAY = Date.UTC(2026, 10, 17, 14, 0, 0);
/** 17:00 New York on Tuesday, Wednesday (FX triple day), Thursday, Friday (indices' triple day) and Monday. */
const ROLL = {
  tue: Date.UTC(2026, 10, 17, 22, 0, 0),
  wed: Date.UTC(2026, 10, 18, 22, 0, 0),
  thu: Date.UTC(2026, 10, 19, 22, 0, 0),
  fri: Date.UTC(2026, 10, 20, 22, 0, 0),
  mon: Date.UTC(2026, 10, 23, 22, 0, 0),
};
const feedFor = () => new ScriptedFeed(INSTRUMENTS);

/**
 * Overnight financing through HTTP (issue 20 point 3, DESIGN §12) on a hand-moved clock: staff set the rates, the
 * engine charges each position open at the 17:00 New York rollover once (three nights on the triple day, none at the
 * weekend), the position shows its swap in its P/L and the account's figures, a close settles it into the balance,
 * and no rollover is ever charged twice: not by a second run, a restart, nor a leader catching up. The ledger checker
 * (which ties each trader's swap account to their open positions) closes every step.
 */
describe('overnight financing (swaps)', () => {
  const clock = new ManualClock(TUESDAY);
  let feed = feedFor();
  let h: Harness;
  let ids: Record<string, number> = {};
  /** The demo trader, calling whichever server runs now. */
  let token = '';
  const u = {
    get: (path: string, params: Record<string, unknown> = {}) => h.call('GET', path, params, { authorization: token }),
    post: (path: string, params: Record<string, unknown> = {}) => h.call('POST', path, params, { authorization: token }),
  };
  const dataDir: { dir?: string } = {};

  const tick = (code: string, bid: string) => {
    clock.advance(1000);
    feed.pushPrice(code, bid, clock.now());
    feed.pushPrice(code, bid, clock.now());
  };
  const ticks = () => {
    tick('EURUSD', '1.08500');
    tick('US30', '43000.0');
  };
  const moveTo = (ms: number) => clock.advance(ms - clock.now());
  const settled = async () => {
    await new Promise((r) => setTimeout(r, 20));
    await h.app.tradepad.engine.idle();
  };
  const holding = async () =>
    new Map(((await u.get(API.deals, { status: 1, page: 1 })).data.data as OrderView[]).map((o) => [o.Id, o]));
  const swapOf = async (id: number) => (await holding()).get(id)?.Swap;
  const swapEntries = async () =>
    Number(
      (
        await h.app.tradepad.database.db
          .selectFrom('journal_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('type', '=', 'swap')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const chargedDays = async (orderId: number) =>
    (
      await h.app.tradepad.database.db
        .selectFrom('swap_charges')
        .select(['rollover', 'nights'])
        .where('order_id', '=', orderId)
        .orderBy('rollover')
        .execute()
    ).map((r) => `${r.rollover}×${r.nights}`);
  const open = async (code: string, type: 1 | 2, cont: string) => {
    ticks();
    const r = await u.post(API.submit, { type, cont, forex_id: ids[code], status: 1, multiple: 100 });
    expect(r.code, r.msg).toBe(1);
    return (r.data.order as OrderView).Id;
  };

  let long: number; // EURUSD long 1 lot, closed on Wednesday
  let short: number; // EURUSD short 0.5 lot: +0.60 a night
  let index: number; // US30 long 1 lot: −2.00 a night, triple on Friday
  let late: number; // EURUSD long 1 lot opened after Tuesday's rollover

  beforeAll(async () => {
    h = await startHarness({ clock, feed, keepData: true });
    dataDir.dir = h.dataDir;
    ids = Object.fromEntries(((await h.call('GET', API.tradeList)).data as TradeItem[]).map((i) => [i.Code, i.Id]));
    const admin = await staff(h);
    const set = async (code: string, body: Record<string, unknown>) => {
      const r = await admin.postJson(`${ADMIN_API.instruments}/${ids[code]}`, body);
      expect(r.code, r.msg).toBe(1);
    };
    await set('EURUSD', { swap_long: '-6.25', swap_short: '1.2' });
    await set('US30', { swap_long: '-2', swap_short: '-1' });
    token = (await demoUser(h)).token;
  }, 120_000);
  afterAll(async () => h?.close());

  it('refuses weekend triple days and absurd rates with a clear message, and seeds indices on Friday', async () => {
    const admin = await staff(h);
    const instruments = (await admin.get(ADMIN_API.instruments)).data.data as Array<{ Code: string; swap_triple_day: number }>;
    expect(instruments.find((i) => i.Code === 'EURUSD')!.swap_triple_day).toBe(3);
    expect(instruments.find((i) => i.Code === 'US30')!.swap_triple_day).toBe(5);
    for (const day of [0, 6, 7]) {
      const r = await admin.postJson(`${ADMIN_API.instruments}/${ids.EURUSD}`, { swap_triple_day: day });
      expect(r.code).toBe(0);
      expect(r.msg).toBe('The triple swap day must be a weekday from Monday to Friday (rollovers do not happen at weekends)');
    }
    for (const rate of ['-10000.5', '25000', '1.1234567', 'abc']) {
      const r = await admin.postJson(`${ADMIN_API.instruments}/${ids.EURUSD}`, { swap_long: rate });
      expect(r.code, rate).toBe(0);
      expect(r.msg).toMatch(/^Swap rates are in USD per lot per night/);
    }
    const hk = await h.app.inject({
      method: 'POST',
      url: `${ADMIN_API.instruments}/${ids.EURUSD}`,
      payload: { swap_triple_day: 6 },
      headers: { authorization: admin.token, lang: 'hk' },
    });
    expect(hk.json().msg).toBe('三倍隔夜利息日必須為星期一至星期五（週末不作結算）');
  });

  it('charges one night at Tuesday 17:00 New York and three on Wednesday, shown on the position and in its P/L', async () => {
    long = await open('EURUSD', 1, '1');
    short = await open('EURUSD', 2, '0.5');
    index = await open('US30', 1, '1');
    const engine = h.app.tradepad.engine;

    // Not before 17:00 New York (22:00 UTC in November).
    moveTo(ROLL.tue - 1);
    expect(await engine.rolloverDue()).toBe(0);
    expect(await swapOf(long)).toBe('0.000000');

    moveTo(ROLL.tue);
    expect(await engine.rolloverDue()).toBe(3);
    let now = await holding();
    expect([now.get(long)!.Swap, now.get(short)!.Swap, now.get(index)!.Swap]).toEqual(['-6.250000', '0.600000', '-2.000000']);
    // The position's P/L counts its swap (MT5): EURUSD bought at 1.08510, valued at the bid 1.08500: −10 − 6.25.
    expect(now.get(long)!.FactProfits).toBe('-16.25');
    expect(await swapEntries()).toBe(3);
    // The account's floating P/L and equity count the swaps; the balance does not move until a close.
    const summary = (await u.get(API.accountSummary)).data;
    const before = (await u.get(API.getBalance)).data.balance as string;
    expect(summary.cash).toBe(before);
    expect(parseMoney(summary.equity) - parseMoney(summary.balance)).toBe(parseMoney(summary.floating));
    // Spreads: −10 (EURUSD 1 lot), −5 (0.5 lot short), −2 (US30); swaps −6.25 + 0.60 − 2.
    expect(summary.floating).toBe('-24.65');
    await h.expectLedgerSound();

    // A second run at the same instant charges nothing; nor two at once.
    expect(await engine.rolloverDue()).toBe(0);
    expect(await Promise.all([engine.rolloverDue(), engine.rolloverDue()])).toEqual([0, 0]);
    expect(await swapEntries()).toBe(3);

    // Opened after Tuesday's rollover: nothing for Tuesday.
    late = await open('EURUSD', 1, '1');

    // The trader's figures are pushed with each position's swap.
    const socket = await h.ws();
    socket.send({ type: 'login', params: token });
    await socket.json('login_result');
    socket.send({ type: 'sub', params: CHANNEL_FOREX_TRADE });
    await socket.json('sub_result');

    moveTo(ROLL.wed);
    expect(await engine.rolloverDue()).toBe(4);
    const push = await socket.json('FOREX_TRADE', (m) =>
      (m.TransOrder as Array<{ Id: number; Swap: string }>).some((o) => o.Id === short && o.Swap === '2.40'),
    );
    expect((push.TransOrder as Array<{ Id: number; Swap: string }>).find((o) => o.Id === index)!.Swap).toBe('-4.00');
    socket.socket.close();
    now = await holding();
    expect([now.get(long)!.Swap, now.get(short)!.Swap, now.get(index)!.Swap, now.get(late)!.Swap]).toEqual([
      '-25.000000',
      '2.400000',
      '-4.000000',
      '-18.750000',
    ]);
    expect(await chargedDays(long)).toEqual(['2026-11-17×1', '2026-11-18×3']);
    expect(await chargedDays(index)).toEqual(['2026-11-17×1', '2026-11-18×1']);
    expect(await chargedDays(late)).toEqual(['2026-11-18×3']);
    await h.expectLedgerSound();
  });

  it('settles the swap into the balance on close, and splits it pro rata on a partial close', async () => {
    ticks();
    const cashBefore = parseMoney((await u.get(API.getBalance)).data.balance as string);
    const position = (await holding()).get(long)!;
    const closed = await u.post(API.close, { id: long });
    expect(closed.code, closed.msg).toBe(1);
    const row = closed.data as OrderView;
    expect(row.Swap).toBe('-25.000000');
    expect(row.FactProfits).toBe('-35.00');
    await settled();
    const cashAfter = parseMoney((await u.get(API.getBalance)).data.balance as string);
    expect(cashAfter - cashBefore).toBe(parseMoney(position.CautionMoney) + parseMoney('-35'));
    // The history's realised total counts it too.
    expect((await u.get(API.deals, { status: 3, page: 1 })).data.all_fact_profits).toBe('-35.00');

    ticks();
    const part = await u.post(API.close, { id: late, cont: '0.4' });
    expect(part.code, part.msg).toBe(1);
    expect((part.data as OrderView).Swap).toBe('-7.500000');
    expect(await swapOf(late)).toBe('-11.250000');
    await settled();
    await h.expectLedgerSound();
  });

  it('never charges a rollover twice: not after a restart, nor when its record is lost', async () => {
    const swapsBefore = [await swapOf(short), await swapOf(index), await swapOf(late)];
    const entries = await swapEntries();
    await h.close();

    // A second app on the same database, at the same instant: the start finds Wednesday done.
    feed = feedFor();
    h = await startHarness({ clock, feed, keepData: true, dataDir: dataDir.dir!, database: h.database });
    expect(await h.app.tradepad.engine.rolloverDue()).toBe(0);
    // As if the node had died between charging and recording the rollover: the claims alone refuse a second charge.
    await h.app.tradepad.database.db.deleteFrom('swap_rollovers').where('rollover', '=', '2026-11-18').execute();
    expect(await h.app.tradepad.engine.rolloverDue()).toBe(0);
    expect([await swapOf(short), await swapOf(index), await swapOf(late)]).toEqual(swapsBefore);
    expect(await swapEntries()).toBe(entries);
    await h.expectLedgerSound();

    // The checker ties the swap account to the open positions: a swap changed outside the ledger is caught.
    const db = h.app.tradepad.database.db;
    await db
      .updateTable('orders')
      .set((eb) => ({ swap: eb('swap', '+', 1) }))
      .where('id', '=', short)
      .execute();
    expect((await checkLedger(db)).map((p) => p.kind)).toEqual(['swap_mismatch']);
    await db
      .updateTable('orders')
      .set((eb) => ({ swap: eb('swap', '-', 1) }))
      .where('id', '=', short)
      .execute();
    await h.expectLedgerSound();
  });

  it('catches up the rollovers missed while no engine ran, none at the weekend, Friday triple for indices', async () => {
    await h.close();
    // Down from Wednesday night to Saturday: Thursday's and Friday's rollovers were missed.
    moveTo(Date.UTC(2026, 10, 21, 12, 0, 0));
    feed = feedFor();
    h = await startHarness({ clock, feed, keepData: true, dataDir: dataDir.dir!, database: h.database });
    // Charged by the start itself, before any order was taken.
    expect(await chargedDays(short)).toEqual(['2026-11-17×1', '2026-11-18×3', '2026-11-19×1', '2026-11-20×1']);
    expect(await chargedDays(index)).toEqual(['2026-11-17×1', '2026-11-18×1', '2026-11-19×1', '2026-11-20×3']);
    expect(await swapOf(short)).toBe('3.600000');
    expect(await swapOf(index)).toBe('-12.000000');

    // Nothing at the weekend; Monday 17:00 New York is the next.
    moveTo(ROLL.mon - 1);
    expect(await h.app.tradepad.engine.rolloverDue()).toBe(0);
    moveTo(ROLL.mon);
    expect(await h.app.tradepad.engine.rolloverDue()).toBe(3);
    expect(await chargedDays(index)).toEqual(['2026-11-17×1', '2026-11-18×1', '2026-11-19×1', '2026-11-20×3', '2026-11-23×1']);
    expect(await swapOf(index)).toBe('-14.000000');
    await h.expectLedgerSound();
  }, 120_000);
});

/** A swap moves the margin level like any floating loss: enough of it, and the next tick stops the account out. */
describe('overnight financing and the stop-out', () => {
  const clock = new ManualClock(TUESDAY);
  const feed = feedFor();
  let h: Harness;
  afterAll(async () => h?.close());

  it('counts the accrued swap in the margin level and settles it when the stop-out closes the position', async () => {
    h = await startHarness({ clock, feed });
    const ids = Object.fromEntries(((await h.call('GET', API.tradeList)).data as TradeItem[]).map((i) => [i.Code, i.Id]));
    const admin = await staff(h);
    expect((await admin.postJson(`${ADMIN_API.instruments}/${ids.EURUSD}`, { swap_long: '-2000' })).code).toBe(1);
    const { token } = await demoUser(h);
    const call = (method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}) =>
      h.call(method, path, params, { authorization: token });
    const tick = (bid: string) => {
      clock.advance(1000);
      feed.pushPrice('EURUSD', bid, clock.now());
      feed.pushPrice('EURUSD', bid, clock.now());
    };
    tick('1.08500');
    const opened = await call('POST', API.submit, { type: 1, cont: '50', forex_id: ids.EURUSD, status: 1, multiple: 500 });
    expect(opened.code, opened.msg).toBe(1);
    const id = (opened.data.order as OrderView).Id;
    expect((await call('GET', API.accountSummary)).data.margin_level).toBeGreaterThan(900);

    // 50 lots × −2,000 USD: equity 99,350 − 100,000 < 0.
    clock.advance(ROLL.tue - clock.now());
    expect(await h.app.tradepad.engine.rolloverDue()).toBe(1);
    const summary = (await call('GET', API.accountSummary)).data;
    expect(summary.floating).toBe('-100500.00');
    expect(summary.margin_level).toBeLessThan(0);

    tick('1.08500');
    await new Promise((r) => setTimeout(r, 50));
    await h.app.tradepad.engine.idle();
    const closed = ((await call('GET', API.deals, { status: 3, page: 1 })).data.data as OrderView[]).find((o) => o.Id === id)!;
    expect(closed).toMatchObject({ ClosedType: 2, Swap: '-100000.000000', FactProfits: '-100500.00' });
    // Negative balance protection wrote the rest off.
    expect((await call('GET', API.getBalance)).data.balance).toBe('0.00');
    await h.expectLedgerSound();
  }, 120_000);
});
