import type { DayMarketMessage, ForexTradeMessage, KlineMessage, Lang, SupportPushMessage } from '@tradepad/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasRedis, NO_REDIS, startRedis, type TestRedis } from '../../test/redis-server.ts';
import { EVERY_USER_SOCKET, type Bus, type BusSubscriber, type UserMessage } from './bus.ts';
import { RedisBus } from './redis-bus.ts';

/**
 * Two RedisBus instances in one process are two nodes; a real redis-server (a throw-away one on a free port) carries
 * what crosses between them. Each node's "gateway" is a small fake that says what it listens to, as the real one does.
 */
class FakeGateway implements BusSubscriber {
  readonly got: Array<{ channel: string; message: unknown; key?: string }> = [];
  readonly userGot: Array<{ userId: number; channel: string; message: unknown }> = [];
  private readonly channels = new Set<string>();
  private readonly users = new Map<string, Map<number, Lang>>();

  constructor(private readonly bus: Bus) {
    bus.subscribe(this);
  }

  listen(channel: string, on = true): void {
    if (on) this.channels.add(channel);
    else this.channels.delete(channel);
    this.bus.noteInterest(channel);
  }

  listenAs(userId: number, channel: string, lang: Lang = 'en', on = true): void {
    let users = this.users.get(channel);
    if (!users) this.users.set(channel, (users = new Map()));
    if (on) users.set(userId, lang);
    else users.delete(userId);
    this.bus.noteInterest(channel, userId);
  }

  deliver(channel: string, message: object, key?: string): void {
    if (this.channels.has(channel)) this.got.push({ channel, message, key });
  }

  deliverToUser(userId: number, channel: string, message: UserMessage): void {
    let lang: Lang | undefined;
    if (channel === EVERY_USER_SOCKET) for (const users of this.users.values()) lang ??= users.get(userId);
    else lang = this.users.get(channel)?.get(userId);
    if (!lang) return;
    this.userGot.push({ userId, channel, message: typeof message === 'function' ? message(lang) : message });
  }

  hasSubscribers(channel: string): boolean {
    return this.channels.has(channel) || (this.users.get(channel)?.size ?? 0) > 0;
  }

  listeners(channel: string): Iterable<number> {
    return this.users.get(channel)?.keys() ?? [];
  }
}

const quotation = { forex_id: 1, open: 1, high: 1, low: 1, close: 1, bid: 1.1, ask: 1.1, change: 0, volume: 0, time: 0 };
/** A quote; the symbol may carry any text (the wire's lengths are checked with multi-byte characters in it). */
const dayMarket = (symbol: string): DayMarketMessage => ({ type: 'DAY_MARKET', symbol, quotation });
const forexTrade = (Balance: string): ForexTradeMessage => ({
  type: 'FOREX_TRADE',
  ProfitsTotal: '0.00',
  HazardRate: 0,
  CautionMoneyAll: '0.00',
  Balance,
  Equity: Balance,
  MarginCall: false,
  TransOrder: [],
});
const bar = { Time: 0, Open: 1, High: 1, Low: 1, Close: 1, Volume: 0 };
const kline: KlineMessage = {
  type: 'KLINE',
  symbol: 'EURUSD',
  forex_id: 1,
  kline: { ...bar, Period: '1min', ForexId: 1, Code: 'EURUSD' },
};
const support: SupportPushMessage = {
  type: 'SUPPORT',
  message: { id: 1, user_id: 5, from: 'staff', text: 'hello', created_at: 0 },
};

const silent = { info() {}, warn() {}, error() {} };
const TIMING = { beatMs: 100, expireMs: 600, syncMs: 150 };

async function until(test: () => boolean, what: string, timeoutMs = 4_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!hasRedis)('RedisBus between two nodes', () => {
  let redis: TestRedis;
  const buses: RedisBus[] = [];

  const node = async (opts: Partial<typeof TIMING> = {}) => {
    const bus = new RedisBus({ url: redis.url, log: silent, namespace: `t${buses.length}`, ...TIMING, ...opts });
    buses.push(bus);
    await bus.whenConnected();
    return { bus, gw: new FakeGateway(bus) };
  };

  /** Two nodes on one namespace that know each other's interest. */
  const pair = async (opts: Partial<typeof TIMING> = {}) => {
    const namespace = `pair${buses.length}`;
    const make = async () => {
      const bus = new RedisBus({ url: redis.url, log: silent, namespace, ...TIMING, ...opts });
      buses.push(bus);
      await bus.whenConnected();
      return { bus, gw: new FakeGateway(bus) };
    };
    const a = await make();
    const b = await make();
    await until(() => a.bus.synced && b.bus.synced, 'both nodes synced');
    return { a, b };
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('delivers public messages with their conflation key on the other node, and the very object locally', async () => {
    const { a, b } = await pair();
    b.gw.listen('DAY_MARKET');
    await until(() => a.bus.hasSubscribers('DAY_MARKET'), 'B listening');
    a.gw.listen('DAY_MARKET');
    const quote = dayMarket('EURUSD');
    a.bus.publish('DAY_MARKET', quote, 'EURUSD');
    expect(a.gw.got[0]?.message).toBe(quote);
    await until(() => b.gw.got.length === 1, 'the quote on node B');
    expect(b.gw.got[0]).toEqual({ channel: 'DAY_MARKET', message: quote, key: 'EURUSD' });
    // Not echoed back to the node that published it.
    await new Promise((r) => setTimeout(r, 50));
    expect(a.gw.got).toHaveLength(1);
  });

  it('sends what one turn published as one Redis message, in order, across kinds; a malformed batch is dropped', async () => {
    const { a, b } = await pair();
    b.gw.listen('DAY_MARKET');
    b.gw.listenAs(7, 'FOREX_TRADE');
    await until(() => a.bus.hasSubscribers('DAY_MARKET') && [...a.bus.listeners('FOREX_TRADE')].includes(7), 'B listening');
    // A raw subscriber on the same channel counts the publishes.
    const { Redis } = await import('ioredis');
    const spy = new Redis(redis.url);
    const liar = new Redis(redis.url);
    const channel = (b.bus as unknown as { link: { channel: string } }).link.channel;
    const seen: string[] = [];
    spy.on('message', (_c: string, text: string) => seen.push(text));
    await spy.subscribe(channel);
    try {
      for (let i = 0; i < 5; i++) a.bus.publish('DAY_MARKET', dayMarket(`S${i}${'é:1'.repeat(i)}`), `S${i}`);
      a.bus.publishToUser(7, 'FOREX_TRADE', forexTrade('1.00'));
      a.bus.publish('DAY_MARKET', dayMarket('S5'), 'S5');
      await until(() => b.gw.got.length === 6 && b.gw.userGot.length === 1, 'the whole turn on node B');
      expect(b.gw.got.map((g) => g.key)).toEqual(['S0', 'S1', 'S2', 'S3', 'S4', 'S5']);
      expect(b.gw.got[3]!.message).toEqual(dayMarket('S3é:1é:1é:1'));
      expect(seen.filter((t) => t.startsWith(a.bus.nodeId) && t.charAt(16) === 'B')).toHaveLength(1);

      // A batch that lies about a length is dropped from there on without breaking the receiver.
      await liar.publish(channel, `${'f'.repeat(16)}Bp99:[]`);
      a.bus.publish('DAY_MARKET', dayMarket('S6'), 'S6');
      await until(() => b.gw.got.length === 7, 'the next quote after a malformed batch');
    } finally {
      spy.disconnect();
      liar.disconnect();
    }
  });

  it('tells a node which public channels the others listen to, and when they stop', async () => {
    const { a, b } = await pair();
    expect(a.bus.hasSubscribers('KLINE.EURUSD')).toBe(false);
    b.gw.listen('KLINE.EURUSD');
    await until(() => a.bus.hasSubscribers('KLINE.EURUSD'), 'B listens to KLINE.EURUSD');
    expect(a.bus.hasSubscribers('KLINE.GBPUSD')).toBe(false);
    b.gw.listen('KLINE.EURUSD', false);
    await until(() => !a.bus.hasSubscribers('KLINE.EURUSD'), 'B stopped');
    // Nobody listens anywhere: nothing crosses.
    a.bus.publish('KLINE.EURUSD', kline, '1min');
    await new Promise((r) => setTimeout(r, 50));
    expect(b.gw.got).toHaveLength(0);
  });

  it('delivers user messages, per language, to the node where the user listens', async () => {
    const { a, b } = await pair();
    b.gw.listenAs(7, 'FOREX_TRADE', 'ar');
    b.gw.listenAs(8, 'FOREX_CLOSED', 'hk');
    await until(() => [...a.bus.listeners('FOREX_TRADE')].includes(7), 'user 7 listening on B');
    expect([...a.bus.listeners('FOREX_TRADE')]).toEqual([7]);
    expect([...a.bus.listeners('FOREX_CLOSED')]).toEqual([8]);

    a.bus.publishToUser(7, 'FOREX_TRADE', forexTrade('10.00'));
    a.bus.publishToUser(8, 'FOREX_CLOSED', { type: 'FOREX_CLOSED', id: [3], ClosedType: 1 });
    a.bus.publishToUser(7, 'FOREX_TRADE', (lang: Lang) => ({ type: 'MARGIN_CALL', HazardRate: 80, msg: `notice in ${lang}` }));
    await until(() => b.gw.userGot.length === 3, 'three user messages on B');
    expect(b.gw.userGot).toEqual([
      { userId: 7, channel: 'FOREX_TRADE', message: forexTrade('10.00') },
      { userId: 8, channel: 'FOREX_CLOSED', message: { type: 'FOREX_CLOSED', id: [3], ClosedType: 1 } },
      { userId: 7, channel: 'FOREX_TRADE', message: { type: 'MARGIN_CALL', HazardRate: 80, msg: 'notice in ar' } },
    ]);

    b.gw.listenAs(7, 'FOREX_TRADE', 'ar', false);
    await until(() => ![...a.bus.listeners('FOREX_TRADE')].includes(7), 'user 7 stopped');
  });

  it('merges the listeners of both nodes without repeating a user who listens on both', async () => {
    const { a, b } = await pair();
    a.gw.listenAs(1, 'FOREX_TRADE');
    a.gw.listenAs(2, 'FOREX_TRADE');
    b.gw.listenAs(2, 'FOREX_TRADE');
    b.gw.listenAs(3, 'FOREX_TRADE');
    await until(() => [...a.bus.listeners('FOREX_TRADE')].length === 3, 'three listeners seen from A');
    expect([...a.bus.listeners('FOREX_TRADE')].sort()).toEqual([1, 2, 3]);
    await until(() => [...b.bus.listeners('FOREX_TRADE')].length === 3, 'three listeners seen from B');
  });

  it("sends messages for every socket of a user, ended sessions, changed instruments, the feed's closed instruments and users to every node", async () => {
    const { a, b } = await pair();
    b.gw.listenAs(5, 'FOREX_TRADE');
    const revokedA: number[][] = [];
    const revokedB: number[][] = [];
    const changedB: number[][] = [];
    a.bus.onSessionsRevoked(({ sessionIds }) => revokedA.push([...sessionIds]));
    b.bus.onSessionsRevoked(({ sessionIds }) => revokedB.push([...sessionIds]));
    b.bus.onInstrumentsChanged(({ ids }) => changedB.push([...ids]));
    const usersA: number[][] = [];
    const usersB: number[][] = [];
    a.bus.onUsersChanged(({ userIds }) => usersA.push([...userIds]));
    b.bus.onUsersChanged(({ userIds }) => usersB.push([...userIds]));
    const closedB: Array<Record<string, string>> = [];
    b.bus.onFeedClosed(({ closed }) => closedB.push({ ...closed }));

    a.bus.publishToUser(5, EVERY_USER_SOCKET, support);
    a.bus.publishSessionsRevoked({ sessionIds: [11, 12] });
    a.bus.publishSessionsRevoked({ sessionIds: [] });
    a.bus.publishInstrumentsChanged({ ids: [3] });
    a.bus.publishFeedClosed({ closed: { XAGUSD: 'not mapped in the feed file' } });
    a.bus.publishUsersChanged({ userIds: [5] });
    expect(revokedA).toEqual([[11, 12]]);
    expect(usersA).toEqual([[5]]);
    await until(() => usersB.length === 1, 'user change on B');
    expect(usersB).toEqual([[5]]);
    expect(revokedB).toEqual([[11, 12]]);
    expect(changedB).toEqual([[3]]);
    expect(closedB).toEqual([{ XAGUSD: 'not mapped in the feed file' }]);
    expect(b.gw.userGot).toEqual([{ userId: 5, channel: EVERY_USER_SOCKET, message: support }]);
  });

  it('forgets the listeners of a node that closes at once, and of one that dies when it falls silent', async () => {
    const { a, b } = await pair();
    b.gw.listen('DAY_MARKET');
    b.gw.listenAs(9, 'FOREX_TRADE');
    await until(() => a.bus.hasSubscribers('DAY_MARKET'), 'B listening');
    await b.bus.close();
    await until(() => !a.bus.hasSubscribers('DAY_MARKET'), 'B gone after its goodbye', 1_000);
    expect([...a.bus.listeners('FOREX_TRADE')]).toEqual([]);

    // A node killed without a goodbye: its connections drop and its beats stop.
    const c = await node();
    const d = new RedisBus({ url: redis.url, log: silent, namespace: 't' + String(buses.indexOf(c.bus)), ...TIMING });
    buses.push(d);
    await d.whenConnected();
    const dGateway = new FakeGateway(d);
    dGateway.listenAs(4, 'FOREX_TRADE');
    await until(() => [...c.bus.listeners('FOREX_TRADE')].includes(4), 'D listening');
    kill(d);
    const killedAt = Date.now();
    await until(() => ![...c.bus.listeners('FOREX_TRADE')].includes(4), 'D expired', 3_000);
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(TIMING.expireMs - TIMING.beatMs * 2);
  });

  it('keeps serving local subscribers while Redis is down, and resumes across nodes after it returns', async () => {
    const { a, b } = await pair();
    b.gw.listen('DAY_MARKET');
    b.gw.listenAs(6, 'FOREX_TRADE');
    a.gw.listen('DAY_MARKET');
    await until(() => a.bus.hasSubscribers('DAY_MARKET') && [...a.bus.listeners('FOREX_TRADE')].includes(6), 'B known');

    await redis.stop('SIGKILL');
    await until(() => !a.bus.connected && !b.bus.connected, 'both see Redis gone');
    expect(() => a.bus.publish('DAY_MARKET', dayMarket('N1'), 'EURUSD')).not.toThrow();
    expect(a.gw.got.map((g) => g.message)).toEqual([dayMarket('N1')]);
    // B starts listening while Redis is away: announced once it is back.
    b.gw.listenAs(7, 'FOREX_CLOSED');

    await redis.restart();
    await a.bus.whenConnected(10_000);
    await b.bus.whenConnected(10_000);
    await until(() => a.bus.synced && b.bus.synced, 'synced again', 5_000);
    expect(a.bus.hasSubscribers('DAY_MARKET')).toBe(true);
    expect([...a.bus.listeners('FOREX_TRADE')]).toEqual([6]);
    expect([...a.bus.listeners('FOREX_CLOSED')]).toEqual([7]);
    a.bus.publish('DAY_MARKET', dayMarket('N2'), 'EURUSD');
    await until(() => b.gw.got.length === 1, 'the quote on B after the outage');
    expect(b.gw.got[0]?.message).toEqual(dayMarket('N2'));
  }, 20_000);
});

/** Drops a bus's connections and beats without a goodbye, as `kill -9` of its node would. */
function kill(bus: RedisBus): void {
  const inner = bus as unknown as {
    timer: NodeJS.Timeout;
    link: { closed: boolean; pub: { disconnect(): void }; sub: { disconnect(): void } };
  };
  clearInterval(inner.timer);
  inner.link.closed = true;
  inner.link.pub.disconnect();
  inner.link.sub.disconnect();
}

if (!hasRedis) console.warn(NO_REDIS);
