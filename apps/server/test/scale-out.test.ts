import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, CHANNEL_FOREX_CLOSED, CHANNEL_FOREX_TRADE, type TradeItem } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { startHarness, type Harness, type TestSocket } from './harness.ts';
import { demoUser, realUser, staff, type TestUser } from './people.ts';
import { hasRedis, NO_REDIS, startRedis, type TestRedis } from './redis-server.ts';
import type { RedisBus } from '../src/ports/redis-bus.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Two nodes on one PostgreSQL database and one Redis (issue 19 points 1 and 5): node A runs the feed and takes the
 * calls, a trader's socket is on node B. Quotes, the trader's figures and closes, a logout's `session_revoked` and a
 * support reply all reach it through the Redis bus; an image uploaded through A is served by B. Two writers cannot
 * share a SQLite file, so this runs on PostgreSQL only (CI runs it there).
 */
describe.skipIf(!hasRedis || !onPostgres)('two nodes through Redis', () => {
  let redis: TestRedis;
  let a: Harness;
  let b: Harness;
  let feed: ScriptedFeed;
  let clock: ManualClock;
  let items: TradeItem[];
  let trader: TestUser;
  let socket: TestSocket;
  const id = (code: string) => items.find((i) => i.Code === code)!.Id;

  const tick = (code: string, bid: string) => {
    clock.advance(1000);
    feed.pushPrice(code, bid, clock.now());
    feed.pushPrice(code, bid, clock.now());
  };

  /** Waits until node A's bus knows that `userId` listens to `channel` on node B. */
  const knownOnA = async (channel: string, userId: number) => {
    const deadline = Date.now() + 5_000;
    while (![...a.app.tradepad.bus.listeners(channel)].includes(userId)) {
      if (Date.now() > deadline) throw new Error(`node A never learnt that ${userId} listens to ${channel}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  beforeAll(async () => {
    redis = await startRedis();
    clock = new ManualClock(WEDNESDAY);
    feed = new ScriptedFeed(INSTRUMENTS);
    a = await startHarness({ clock, feed, env: { REDIS_URL: redis.url } });
    // Node B shares A's database; its own feed never moves, so every quote it serves came from A through Redis.
    b = await startHarness({
      clock,
      feed: new ScriptedFeed(INSTRUMENTS),
      database: a.database,
      keepData: true,
      env: { REDIS_URL: redis.url, NODE_ROLE: 'api' },
    });
    items = (await a.call('GET', API.tradeList)).data;
    tick('EURUSD', '1.08500');
    trader = await demoUser(a);
    socket = await b.ws();
    socket.send({ type: 'login', params: trader.token });
    expect((await socket.json('login_result')).code).toBe(1);
    for (const channel of ['DAY_MARKET', CHANNEL_FOREX_TRADE, CHANNEL_FOREX_CLOSED]) {
      socket.send({ type: 'sub', params: channel });
      expect((await socket.json('sub_result', (m) => m.channel === channel)).code).toBe(1);
    }
    await knownOnA(CHANNEL_FOREX_TRADE, trader.id);
    await knownOnA(CHANNEL_FOREX_CLOSED, trader.id);
  }, 180_000);

  afterAll(async () => {
    socket?.close();
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  it("a socket on node B gets the quotes of node A's feed", async () => {
    expect(a.app.tradepad.bus.hasSubscribers('DAY_MARKET')).toBe(true);
    tick('EURUSD', '1.08620');
    const quote = await socket.json('DAY_MARKET', (m) => (m.quotation as { bid: number }).bid === 1.0862);
    expect(quote).toMatchObject({ symbol: 'EURUSD', quotation: { forex_id: id('EURUSD'), bid: 1.0862 } });
  });

  it("node A's dashboard counts the trader whose socket is on node B as online", async () => {
    const admin = await staff(a);
    const home = await admin.get(ADMIN_API.dashboard);
    expect(home.code, home.msg).toBe(1);
    expect(home.data.traders_online).toBe(1);
  });

  it("node B closes what node A's feed cannot quote, and its Liquidity page is node A's (asked through the command channel)", async () => {
    // As an LP feed would say of an unmapped symbol (DESIGN §14); node B has no feed of its own to ask.
    const why = 'not mapped in the feed file';
    feed.closedReason = (code: string) => (code === 'XAGUSD' ? why : undefined);
    // A hedge session as node A (the leader) would report it; node B runs none.
    const session = {
      name: 'pb1',
      role: 'hedge' as const,
      state: 'connected' as const,
      since: 1,
      last_message_at: 2,
      error: null,
    };
    const hedging = a.app.tradepad.hedging;
    const own = hedging.liquiditySessions.bind(hedging);
    hedging.liquiditySessions = () => [session];
    try {
      const status = async (h: Harness) =>
        ((await h.call('GET', API.tradeList)).data as TradeItem[]).find((i) => i.Code === 'XAGUSD')?.MarketStatus;
      const deadline = Date.now() + 5_000;
      while ((await status(b)) !== 2) {
        if (Date.now() > deadline) throw new Error('node B never closed XAGUSD');
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await status(a)).toBe(2);
      // Signed in through node A, asking node B (the token is the database's, good on every node).
      const dealer = await staff(a, 'dealer');
      const page = await b.call('GET', ADMIN_API.liquidity, {}, { authorization: dealer.token, lang: 'en' });
      expect(page.code, page.msg).toBe(1);
      expect(page.data).toEqual({ sessions: [session], symbols: [] });
    } finally {
      feed.closedReason = undefined;
      hedging.liquiditySessions = own;
    }
    const deadline = Date.now() + 5_000;
    while (((await b.call('GET', API.tradeList)).data as TradeItem[]).find((i) => i.Code === 'XAGUSD')?.MarketStatus !== 1) {
      if (Date.now() > deadline) throw new Error('node B never opened XAGUSD again');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('an order placed through node A pushes FOREX_TRADE and FOREX_CLOSED to the socket on node B', async () => {
    const submit = await a.call(
      'POST',
      API.submit,
      { type: 1, cont: '1', forex_id: id('EURUSD'), status: 1, multiple: 100 },
      { authorization: trader.token },
    );
    expect(submit.code, submit.msg).toBe(1);
    const orderId = Number(submit.data.order.Id);
    const figures = await socket.json(
      'FOREX_TRADE',
      (m) => Array.isArray(m.TransOrder) && (m.TransOrder as Array<{ Id: number }>).some((o) => o.Id === orderId),
    );
    expect(figures).toMatchObject({ type: 'FOREX_TRADE', TransOrder: [{ Id: orderId }] });

    const closed = await a.call('POST', API.close, { id: orderId }, { authorization: trader.token });
    expect(closed.code, closed.msg).toBe(1);
    expect(await socket.json('FOREX_CLOSED')).toMatchObject({ id: [orderId], ClosedType: 1 });
    await a.expectLedgerSound();
  });

  it("a support reply written on node A reaches the trader's socket on node B without a sub", async () => {
    const support = await staff(a, 'support');
    const answered = await a.call(
      'POST',
      `${ADMIN_API.supportThreads}/${trader.id}`,
      { text: 'Answered from node A' },
      { authorization: support.token, lang: 'en' },
    );
    expect(answered.code, answered.msg).toBe(1);
    expect(await socket.json('SUPPORT')).toEqual({ type: 'SUPPORT', message: answered.data });
  });

  it('an image uploaded through node A is served by node B', async () => {
    // Uploads are for real accounts; the image's bytes are in PostgreSQL, not in node A's DATA_DIR.
    const url = await (await realUser(a, clock)).upload();
    const res = await fetch(`${b.baseUrl}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const served = Buffer.from(await res.arrayBuffer());
    const fromA = Buffer.from(await (await fetch(`${a.baseUrl}${url}`)).arrayBuffer());
    expect(served.equals(fromA)).toBe(true);
    expect(served.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('trading switched off by staff on node A is refused on node B at once, though B had the trader in memory', async () => {
    const onB = () =>
      b.call(
        'POST',
        API.submit,
        { type: 1, cont: '1', forex_id: id('EURUSD'), status: 1, multiple: 100 },
        { authorization: trader.token },
      );
    // Node B has read the trader's session and row (kept in memory for a few seconds).
    expect((await b.call('GET', API.accountSummary, {}, { authorization: trader.token })).code).toBe(1);
    const finance = await staff(a, 'finance');
    const off = await finance.post(`${ADMIN_API.users}/${trader.id}/status`, { trading_enabled: false });
    expect(off.code, off.msg).toBe(1);
    // The signal crosses through Redis in a moment; B's memory would otherwise keep the old row for 5 s.
    const deadline = Date.now() + 2_000;
    let refused = await onB();
    while (!/^Trading is switched off/.test(refused.msg) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      refused = await onB();
    }
    expect(refused).toMatchObject({ code: 0, msg: expect.stringMatching(/^Trading is switched off/) });
    expect((await finance.post(`${ADMIN_API.users}/${trader.id}/status`, { trading_enabled: true })).code).toBe(1);
  });

  it('a logout on node A tells the socket on node B session_revoked at once', async () => {
    const out = await a.call('POST', API.logout, {}, { authorization: trader.token });
    expect(out.code, out.msg).toBe(1);
    expect(await socket.json('session_revoked')).toEqual({ type: 'session_revoked' });
    // And node B, which had the session in memory, refuses it from now on.
    expect((await b.call('GET', API.accountSummary, {}, { authorization: trader.token })).code).toBe(999);
  });
});

/**
 * A lost Redis must not take a node down (issue 19 point 1): a node started while its Redis is away serves its own
 * sockets, and joins the bus once Redis is back. One node: runs on SQLite and PostgreSQL alike.
 */
describe.skipIf(!hasRedis)('a node whose Redis is away', () => {
  it('starts, keeps serving its own sockets, and connects to the bus when Redis returns', async () => {
    const redis = await startRedis();
    await redis.stop('SIGKILL');
    const clock = new ManualClock(WEDNESDAY);
    const feed = new ScriptedFeed(INSTRUMENTS);
    const h = await startHarness({ clock, feed, env: { REDIS_URL: redis.url } });
    try {
      const bus = h.app.tradepad.bus as RedisBus;
      expect(bus.connected).toBe(false);
      // On PostgreSQL the node wins the engine's lock after it starts (at once on SQLite): its feed runs from then.
      await expect.poll(() => h.app.tradepad.leadership.role(), { timeout: 15_000 }).toBe('leader');
      const s = await h.ws();
      s.send({ type: 'sub', params: 'DAY_MARKET' });
      expect((await s.json('sub_result')).code).toBe(1);
      const push = (bid: string) => {
        clock.advance(1000);
        feed.pushPrice('EURUSD', bid, clock.now());
        feed.pushPrice('EURUSD', bid, clock.now());
      };
      push('1.08500');
      expect(await s.json('DAY_MARKET', (m) => m.symbol === 'EURUSD')).toMatchObject({ quotation: { bid: 1.085 } });

      await redis.restart();
      await bus.whenConnected(10_000);
      push('1.08510');
      expect(await s.json('DAY_MARKET', (m) => (m.quotation as { bid: number }).bid === 1.0851)).toBeTruthy();
      s.close();
    } finally {
      await h.close();
      await redis.stop();
    }
  });
});

if (!hasRedis) console.warn(NO_REDIS);
else if (!onPostgres) console.warn('two nodes cannot share a SQLite file: the scale-out test runs on PostgreSQL only');
