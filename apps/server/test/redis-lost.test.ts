import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type TradeItem } from '@tradepad/contracts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { ManualClock } from '../src/ports/clock.ts';
import { freshDatabase, startHarness, type Harness, type TestDatabase, type TestSocket } from './harness.ts';
import { hasRedis, startRedis, type TestRedis } from './redis-server.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const PG = process.env.TEST_DATABASE_URL;
const DEADLINE_MS = 2_000;
if (!PG) console.info('redis-lost.test.ts skipped: it needs PostgreSQL (TEST_DATABASE_URL)');
else if (!hasRedis) console.info('redis-lost.test.ts skipped: it needs redis-server');

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await ok()) return performance.now() - start;
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * DESIGN §15 "Redis lost", on PostgreSQL with a real Redis and each node's own Redis bus: the leader (A) runs the feed,
 * a trader's socket is on the standby (B). Redis is killed: both nodes stay up, a trading call on B answers "try
 * again" within the deadline (its key released), B's socket is told FEED_STATUS live:false; Redis back, it is told
 * live:true and the same key's order runs, once.
 */
describe.skipIf(!PG || !hasRedis)('Redis lost and back (PostgreSQL + Redis)', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let pool: pg.Pool;
  let a: Harness;
  let b: Harness;
  let socket: TestSocket;
  /** A socket on the leader, whose quotes come from its own feed, not through Redis. */
  let onLeader: TestSocket;
  let ticker: NodeJS.Timeout;
  const clock = new ManualClock(WEDNESDAY);
  const feed = new ScriptedFeed(INSTRUMENTS);
  let items: TradeItem[];
  let token: string;
  const env = () => ({ REDIS_URL: redis.url, COMMAND_DEADLINE_MS: String(DEADLINE_MS), FEED_SILENT_MS: '2000' });
  const buy = () => ({ type: 1, cont: '0.1', status: 1, multiple: 100, forex_id: items.find((i) => i.Code === 'EURUSD')!.Id });
  const submitOnB = (key: string) => b.call('POST', API.submit, buy(), { authorization: token, 'idempotency-key': key });
  const keyRows = async (key: string) =>
    (await pool.query('select response from idempotency_keys where idem_key = $1', [key])).rows as Array<{
      response: string | null;
    }>;
  const quote = (m: string) => m.startsWith('{"type":"DAY_MARKET"');
  const status = (live: boolean) => (m: string) => m === JSON.stringify({ type: 'FEED_STATUS', live });

  beforeAll(async () => {
    database = await freshDatabase();
    redis = await startRedis();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    a = await startHarness({ database, keepData: true, clock, feed, env: env() });
    b = await startHarness({
      database,
      keepData: true,
      clock,
      feed: new ScriptedFeed(INSTRUMENTS),
      env: env(),
    });
    expect(a.app.tradepad.leadership.role()).toBe('leader');
    expect(b.app.tradepad.leadership.role()).toBe('standby');
    items = (await a.call('GET', API.tradeList)).data;
    // The leader's feed ticks every 200 ms, as a live market does.
    let n = 0;
    ticker = setInterval(() => {
      clock.advance(200);
      const bid = (1.085 + (n++ % 10) / 10_000).toFixed(5);
      feed.pushPrice('EURUSD', bid, clock.now());
      feed.pushPrice('EURUSD', bid, clock.now());
    }, 200);
    const uuid = '0000beef-7a7d-4c1e-8a2b-6d5e4f3a2b1c';
    const demo = await b.call('GET', API.createDemo, { uuid });
    const login = await b.call('POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: 3 });
    token = login.data.token as string;
    socket = await b.ws();
    socket.send({ type: 'sub', params: 'DAY_MARKET' });
    expect((await socket.json('sub_result')).code).toBe(1);
    await socket.next(quote, 10_000);
    onLeader = await a.ws();
    onLeader.send({ type: 'sub', params: 'DAY_MARKET' });
    expect((await onLeader.json('sub_result')).code).toBe(1);
    await onLeader.next(quote, 10_000);
  }, 240_000);

  afterAll(async () => {
    clearInterval(ticker);
    socket?.close();
    onLeader?.close();
    await b?.close().catch(() => undefined);
    await a?.close().catch(() => undefined);
    await pool?.end();
    await redis?.stop();
    await database?.drop();
  });

  it('keeps both nodes up; a trading call on the standby answers "try again" in time; its socket hears the quotes stop', async () => {
    const order = await submitOnB('before-the-outage');
    expect(order.code, order.msg).toBe(1);

    // A command in flight when Redis dies (the leader not taking it yet): the caller's wait ends at its deadline and
    // grace with "try again", never with an unhandled rejection, and its key is released (it was never stamped).
    const leaderChannel = a.app.tradepad.leadership.channel!;
    await leaderChannel.unserve();
    const sentAt = performance.now();
    const inFlight = submitOnB('in-flight');
    await new Promise((r) => setTimeout(r, 300));
    const pausedAt = socket.next(status(false), 10_000).then(() => performance.now());
    const killedAt = performance.now();
    onLeader.received.length = 0;
    await redis.stop('SIGKILL');
    const caught = await inFlight;
    console.info(`a command in flight when Redis died: "try again" after ${Math.round(performance.now() - sentAt)} ms`);
    expect(caught.code).toBe(0);
    expect(caught.msg).toMatch(/not reachable/);
    expect(performance.now() - sentAt).toBeLessThan(DEADLINE_MS + 1_500);
    expect(await keyRows('in-flight')).toEqual([]);
    const commands = a.app.tradepad.leadership.commands;
    await leaderChannel.serve((c) => commands.execute(c));
    console.info(`FEED_STATUS live:false on the standby's socket ${Math.round((await pausedAt) - killedAt)} ms after Redis died`);

    // Both nodes answer, and B's trading call is "try again" (code 0), within the deadline and its grace.
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const r = await submitOnB('during-the-outage');
      const took = performance.now() - started;
      console.info(`"try again" on the standby with Redis down: ${Math.round(took)} ms`);
      expect(r.code).toBe(0);
      expect(r.msg).toMatch(/not reachable/);
      expect(r.data).toEqual({ retry: true });
      expect(took).toBeLessThan(DEADLINE_MS + 1_000);
      // Its key was released: nothing pending.
      expect(await keyRows('during-the-outage')).toEqual([]);
    }
    expect((await b.call('GET', API.tradeList)).code).toBe(1);
    expect((await a.call('GET', API.tradeList)).code).toBe(1);
    // A load balancer reading /readyz sends traders to the leader, which still trades; the standby says why it is not.
    const readyz = async (h: Harness) => {
      const res = await h.app.inject({ method: 'GET', url: '/readyz' });
      return { status: res.statusCode, body: res.json() as { reason?: string } };
    };
    expect(await readyz(b)).toMatchObject({ status: 503, body: { reason: 'bus' } });
    // (Here the leader's scripted feed quotes EURUSD only, so it is unready for its other instruments, never for the bus.)
    expect((await readyz(a)).body.reason).not.toBe('bus');
    // A socket that subscribes now is told at once.
    const late = await b.ws();
    late.send({ type: 'sub', params: 'DAY_MARKET' });
    await late.next(status(false));
    late.close();
    // Several seconds down: nobody exited (an unhandled rejection would have ended this process, and the test).
    await new Promise((r) => setTimeout(r, 3_000));
    expect(a.app.tradepad.leadership.role()).toBe('leader');
    // The leader's own sockets never stopped getting quotes (its feed is its own), so they are never told they stopped:
    // their app keeps prices live and its trading buttons on, and the leader does trade.
    expect(onLeader.received.filter(quote).length).toBeGreaterThan(10);
    expect(onLeader.received.filter((m) => m.includes('FEED_STATUS'))).toEqual([]);
  }, 60_000);

  it('resumes by itself when Redis is back: FEED_STATUS live:true, and the released key runs once', async () => {
    const restartedAt = performance.now();
    await redis.restart();
    await socket.next(status(true), 15_000);
    console.info(`FEED_STATUS live:true ${Math.round(performance.now() - restartedAt)} ms after Redis restarted`);
    await socket.next(quote, 5_000);
    let r = await submitOnB('during-the-outage');
    const ready = await until(
      'a forwarded order goes through again',
      async () => {
        if (r.code === 1) return true;
        r = await submitOnB('during-the-outage');
        return r.code === 1;
      },
      15_000,
    );
    console.info(`trading through the standby again ${Math.round(ready)} ms after FEED_STATUS live:true`);
    const again = await submitOnB('during-the-outage');
    expect(again.data.order.Id).toBe(r.data.order.Id);
    const orders = await pool.query('select count(*)::int as n from orders');
    expect(orders.rows[0].n).toBe(2);
    // The key of the command caught in flight runs once too.
    expect((await submitOnB('in-flight')).code).toBe(1);
  }, 60_000);
});
