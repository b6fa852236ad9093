import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type DeskPosition, type TradeItem } from '@tradepad/contracts';
import { micros } from '@tradepad/domain';
import { keyTickets, requestFingerprint, type KeyTicket } from '../src/core/idempotency.ts';
import { transaction } from '../src/db/after-commit.ts';
import { balanceAdjusted } from '../src/modules/ledger/ledger-entries.ts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { InProcessBus } from '../src/ports/bus.ts';
import { ManualClock } from '../src/ports/clock.ts';
import { freshDatabase, startHarness, type Envelope, type Harness, type TestDatabase } from './harness.ts';
import { staff } from './people.ts';
import { hasRedis, startRedis, type TestRedis } from './redis-server.ts';
import { SEED_QUOTES } from './scripted-market.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const PG = process.env.TEST_DATABASE_URL;
if (!PG) console.info('engine-leadership.test.ts skipped: it needs PostgreSQL (TEST_DATABASE_URL)');
else if (!hasRedis) console.info('engine-leadership.test.ts skipped: it needs redis-server');

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 5000): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await ok()) return performance.now() - start;
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Issue 19 points 2 and 3, on PostgreSQL with a real Redis: several app instances (nodes) in one process on one
 * database and one shared bus. Exactly one leads the engine; when it goes (closed, or its lock connection killed)
 * another takes over within 5 s with its books rebuilt; a fenced leader cannot write; orders sent to a node that
 * does not lead are executed by the leader, never after their deadline, and never twice across a failover.
 */
describe.skipIf(!PG || !hasRedis)('engine leadership and forwarded orders (PostgreSQL + Redis)', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  const bus = new InProcessBus();
  const clock = new ManualClock(WEDNESDAY);
  const nodes: Harness[] = [];
  const feeds = new Map<Harness, ScriptedFeed>();
  let items: TradeItem[];
  let pool: pg.Pool;
  const id = (code: string) => items.find((i) => i.Code === code)!.Id;

  const node = async (env: Record<string, string> = {}) => {
    const feed = new ScriptedFeed(INSTRUMENTS);
    const h = await startHarness({ database, keepData: true, clock, feed, bus, env: { REDIS_URL: redis.url, ...env } });
    nodes.push(h);
    feeds.set(h, feed);
    return h;
  };
  const role = (h: Harness) => h.app.tradepad.leadership.role();
  const leaderOf = (hs: Harness[]) => hs.filter((h) => role(h) === 'leader');
  /** Ticks every instrument on the leader's feed (twice: a lone print is held back by the bad-tick filter). */
  const quoteAll = (leader: Harness, prices?: Record<string, string>) => {
    clock.advance(1000);
    const feed = feeds.get(leader)!;
    prices ??= {
      ...Object.fromEntries(items.map((i) => [i.Code, i.ForexQuotations.Close.toFixed(i.PricePrecision)])),
      ...SEED_QUOTES,
    };
    for (const [code, bid] of Object.entries(prices)) {
      feed.pushPrice(code, bid, clock.now());
      feed.pushPrice(code, bid, clock.now());
    }
  };
  const as = (h: Harness, token: string, key?: string) => ({
    get: (path: string, params: Record<string, unknown> = {}) => h.call('GET', path, params, { authorization: token }),
    post: (path: string, params: Record<string, unknown> = {}) =>
      h.call('POST', path, params, { authorization: token, ...(key ? { 'idempotency-key': key } : {}) }),
  });
  let seq = 0;
  const demoToken = async (h: Harness): Promise<{ token: string; userId: number }> => {
    const uuid = `${(seq++).toString(16).padStart(8, '0')}-7a7d-4c1e-8a2b-6d5e4f3a2b1c`;
    const demo = await h.call('GET', API.createDemo, { uuid });
    const login = await h.call('POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: 3 });
    return { token: login.data.token as string, userId: Number(login.data.id) };
  };
  const ordersOf = async (userId: number) =>
    (await pool.query<{ id: number; status: number }>('select id, status from orders where user_id = $1 order by id', [userId]))
      .rows;
  const keyRow = async (userId: number, key: string) =>
    (
      await pool.query<{ response: string | null }>('select response from idempotency_keys where scope = $1 and idem_key = $2', [
        `user:${userId}`,
        key,
      ])
    ).rows[0];
  const readyz = async (h: Harness) => {
    const res = await fetch(`${h.baseUrl}/readyz`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const buy = { type: 1, cont: '0.1', status: 1, multiple: 100 };

  let a: Harness;
  let b: Harness;
  let api: Harness;

  beforeAll(async () => {
    database = await freshDatabase();
    redis = await startRedis();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    a = await node();
    b = await node();
    api = await node({ NODE_ROLE: 'api' });
    items = (await a.call('GET', API.tradeList)).data;
  }, 240_000);

  afterAll(async () => {
    for (const h of nodes.reverse()) await h.close().catch(() => undefined);
    await pool?.end();
    await redis?.stop();
    await database?.drop();
  });

  it('makes exactly one node the leader; /readyz says leader, standby and remote', async () => {
    expect(role(a)).toBe('leader');
    expect(role(b)).toBe('standby');
    expect(role(api)).toBe('remote');
    quoteAll(a);
    expect(await readyz(a)).toEqual({ status: 200, body: { status: 'ready', role: 'all', engine: 'leader' } });
    expect(await readyz(b)).toEqual({ status: 200, body: { status: 'ready', role: 'all', engine: 'standby' } });
    expect(await readyz(api)).toEqual({ status: 200, body: { status: 'ready', role: 'api', engine: 'remote' } });
    // The other nodes' quote books follow the leader's feed through the bus: their trade lists show its prices.
    quoteAll(a, { EURUSD: '1.08600' });
    const onApi = ((await api.call('GET', API.tradeList)).data as TradeItem[]).find((i) => i.Code === 'EURUSD')!;
    expect(onApi.ForexQuotations.Close).toBe(1.086);
  });

  it('executes an order sent to the API node or the standby on the leader, and answers with its result', async () => {
    quoteAll(a);
    const u = await demoToken(api);
    const r = await as(api, u.token).post(API.submit, { ...buy, forex_id: id('EURUSD'), stop_loss_price: '1.08000' });
    expect(r.code, r.msg).toBe(1);
    const orderId = r.data.order.Id as number;
    expect(a.app.tradepad.engine.order(orderId)).toBeDefined();
    expect(api.app.tradepad.engine.order(orderId)).toBeUndefined();
    // Reads of the engine's figures are forwarded too.
    const deals = await as(b, u.token).get(API.deals, { status: 1, page: 1, limit: 10 });
    expect(deals.code, deals.msg).toBe(1);
    expect(deals.data.data.map((o: { Id: number }) => o.Id)).toEqual([orderId]);
    const summary = await as(b, u.token).get(API.accountSummary);
    expect(summary.code).toBe(1);
    expect(summary.data.used_margin).not.toBe('0.00');
    // Cash moved on the API node (a staff bonus here) reaches the leader's book, which re-reads the stored balance.
    const before = a.app.tradepad.engine.account(u.userId)!.cash;
    const t = api.app.tradepad;
    await transaction(t.database.db, (trx) =>
      t.ledger.post(
        trx,
        balanceAdjusted({
          adjustmentId: 1,
          userId: u.userId,
          demo: true,
          kind: 'bonus',
          amount: micros(1_000_000n),
          at: clock.now(),
        }),
      ),
    );
    await until('the leader follows the cash', () => a.app.tradepad.engine.account(u.userId)!.cash === before + 1_000_000n);
    // The back office's desk on the API node shows the leader's live book.
    const admin = await staff(api);
    const positions = await admin.get(ADMIN_API.positions, { status: 1 });
    expect(positions.code, positions.msg).toBe(1);
    expect((positions.data.data as DeskPosition[]).map((p) => p.id)).toContain(orderId);
    // A refusal comes back in the caller's language.
    const refused = await as(b, u.token).post(API.submit, { ...buy, cont: '0.123', forex_id: id('EURUSD') });
    expect(refused.code).toBe(0);
    expect(refused.msg).toMatch(/step|multiple/i);
  });

  it('never executes a forwarded command whose deadline passed; its key is released in time and a retry runs once', async () => {
    const slow = await node({ NODE_ROLE: 'api', COMMAND_DEADLINE_MS: '300' });
    const u = await demoToken(slow);
    const channel = a.app.tradepad.leadership.channel!;
    await channel.unserve();
    const started = performance.now();
    const r = await as(slow, u.token, 'late-order-1').post(API.submit, { ...buy, forex_id: id('EURUSD') });
    const took = performance.now() - started;
    console.info(`a forwarded order the leader never took: "try again" after ${Math.round(took)} ms (deadline 300 ms)`);
    // Not stamped by any engine transaction: it never ran, and now never can (DESIGN §15): "try again", key released.
    expect(r.code).toBe(0);
    expect(r.msg).toMatch(/not reachable/);
    // The answer itself says the same key may be sent again (a stored refusal never does).
    expect(r.data).toEqual({ retry: true });
    expect(took).toBeLessThan(300 + 5_000);
    expect(await keyRow(u.userId, 'late-order-1')).toBeUndefined();
    // The leader reads again: the command is in the stream, past its deadline, and is dropped.
    const execute = a.app.tradepad.leadership.commands;
    await channel.serve((c) => execute.execute(c));
    await new Promise((r) => setTimeout(r, 1000));
    await a.app.tradepad.engine.idle();
    expect(await ordersOf(u.userId)).toEqual([]);
    // A retry with the key runs, once.
    quoteAll(a);
    const retry = await as(slow, u.token, 'late-order-1').post(API.submit, { ...buy, forex_id: id('EURUSD') });
    expect(retry.code, retry.msg).toBe(1);
    const again = await as(api, u.token, 'late-order-1').post(API.submit, { ...buy, forex_id: id('EURUSD') });
    expect(again.data.order.Id).toBe(retry.data.order.Id);
    expect((await ordersOf(u.userId)).length).toBe(1);
  }, 30_000);

  it('answers a forwarded order whose reply was lost with the answer the leader stored, never a second order', async () => {
    quoteAll(a);
    const u = await demoToken(api);
    const channel = a.app.tradepad.leadership.channel!;
    const commands = a.app.tradepad.leadership.commands;
    // The leader runs commands but its replies never leave (Redis lost on the way back, the leader fenced after commit).
    await channel.unserve();
    await channel.serve(async (c) => {
      await commands.execute(c);
      return new Promise(() => undefined);
    });
    const started = performance.now();
    const r = await as(api, u.token, 'lost-reply-1').post(API.submit, { ...buy, forex_id: id('EURUSD') });
    console.info(
      `a forwarded order whose reply was lost: answered from the stored answer in ${Math.round(performance.now() - started)} ms`,
    );
    expect(r.code, r.msg).toBe(1);
    const orderId = r.data.order.Id as number;
    const retry = await as(b, u.token, 'lost-reply-1').post(API.submit, { ...buy, forex_id: id('EURUSD') });
    expect(retry.data.order.Id).toBe(orderId);
    expect((await ordersOf(u.userId)).map((o) => o.id)).toEqual([orderId]);

    // Run (stamped in its transaction) but its answer lost too: "check your orders", stored, never run again.
    await channel.unserve();
    await channel.serve(async (c) => {
      await keyTickets.run(c.ticket as KeyTicket, () => commands.execute({ ...c, ticket: undefined }));
      return new Promise(() => undefined);
    });
    const lost = await as(api, u.token, 'lost-answer-1').post(API.submit, { ...buy, forex_id: id('EURUSD') });
    expect(lost.code).toBe(0);
    expect(lost.msg).toMatch(/could not be confirmed/);
    expect((await ordersOf(u.userId)).length).toBe(2);
    const replay = await as(b, u.token, 'lost-answer-1').post(API.submit, { ...buy, forex_id: id('EURUSD') });
    expect(replay.msg).toMatch(/could not be confirmed/);
    expect((await ordersOf(u.userId)).length).toBe(2);
    await channel.unserve();
    await channel.serve((c) => commands.execute(c));
  }, 30_000);

  it('settles a key whose caller died: released within deadline + 5 s if it never ran, a retry runs once', async () => {
    quoteAll(a);
    const u = await demoToken(api);
    const fp = requestFingerprint(API.submit, 0, {}, { ...buy, forex_id: id('EURUSD') });
    const pending = async (key: string, ran: boolean) =>
      pool.query(
        `insert into idempotency_keys (scope, idem_key, fingerprint, call, response, created_at, claim, settle_at, engine_ran)
         values ($1, $2, $3, $4, null, $5, $6, $7, $8)`,
        [`user:${u.userId}`, key, fp, API.submit, clock.now(), randomUUID(), Date.now() + 1_000, ran ? clock.now() : null],
      );
    await pending('dead-caller-1', false);
    const started = performance.now();
    const r = await as(b, u.token, 'dead-caller-1').post(API.submit, { ...buy, forex_id: id('EURUSD') });
    expect(r.code, r.msg).toBe(1);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await ordersOf(u.userId)).length).toBe(1);
    await pending('dead-caller-2', true);
    const ran = await as(b, u.token, 'dead-caller-2').post(API.submit, { ...buy, forex_id: id('EURUSD') });
    expect(ran.code).toBe(0);
    expect(ran.msg).toMatch(/could not be confirmed/);
    expect((await ordersOf(u.userId)).length).toBe(1);
  }, 30_000);

  it('refuses with "try again" on a node that does not lead when no Redis is configured', async () => {
    const lone = await node({ NODE_ROLE: 'api', REDIS_URL: '' });
    const u = await demoToken(lone);
    const r = await lone.call(
      'POST',
      API.submit,
      { ...buy, forex_id: id('EURUSD') },
      { authorization: u.token, lang: 'de', 'idempotency-key': 'no-redis-1' },
    );
    expect(r.code).toBe(0);
    expect(r.msg).toMatch(/Handels-Engine/);
    expect(await ordersOf(u.userId)).toEqual([]);
    await lone.close();
  });

  let survivor: { token: string; userId: number; orderId: number };

  it('hands the engine to the standby within 5 s when the leader closes, books rebuilt; an idempotent retry is answered once', async () => {
    quoteAll(a);
    const u = await demoToken(a);
    const first = await as(a, u.token, 'order-across-failover').post(API.submit, {
      ...buy,
      forex_id: id('EURUSD'),
      stop_loss_price: '1.08000',
    });
    expect(first.code, first.msg).toBe(1);
    survivor = { ...u, orderId: first.data.order.Id as number };

    const closing = a.close();
    const took = await until('the standby leads', () => role(b) === 'leader', 5000);
    await closing;
    expect(took).toBeLessThan(5000);
    console.info(`engine failover after the leader closed: ${Math.round(took)} ms`);
    expect(await readyz(b)).toMatchObject({ body: { engine: 'leader' } });
    // The books were rebuilt from the database: the open position is in the new leader's memory.
    expect(b.app.tradepad.engine.order(survivor.orderId)).toBeDefined();

    // The same key again, on another node, after the switch: the stored answer, not a second order.
    const retry = await api.call(
      'POST',
      API.submit,
      { ...buy, forex_id: id('EURUSD'), stop_loss_price: '1.08000' },
      { authorization: u.token, 'idempotency-key': 'order-across-failover' },
    );
    expect(retry.data.order.Id).toBe(survivor.orderId);
    expect((await ordersOf(u.userId)).length).toBe(1);
  }, 30_000);

  it("fires an open position's stop-loss on the new leader", async () => {
    quoteAll(b, { ...SEED_QUOTES, EURUSD: '1.08500' });
    quoteAll(b, { EURUSD: '1.07900' });
    await until('the stop-loss settled', async () => {
      await b.app.tradepad.engine.idle();
      return (await ordersOf(survivor.userId))[0]?.status === 3;
    });
    await b.expectLedgerSound();
  });

  it('moves the engine within 5 s when the leader’s lock connection is killed (pg_terminate_backend)', async () => {
    const c = await node();
    expect(role(c)).toBe('standby');
    const before = (await pool.query<{ epoch: string }>('select epoch from engine_lease where id = 1')).rows[0]!.epoch;
    const pid = b.app.tradepad.leadership.lease!.backendPid;
    await pool.query('select pg_terminate_backend($1)', [pid]);
    const moved = await until('a leader on a new epoch', async () => {
      const epoch = (await pool.query<{ epoch: string }>('select epoch from engine_lease where id = 1')).rows[0]!.epoch;
      return Number(epoch) > Number(before) && leaderOf([b, c]).length === 1;
    });
    console.info(`engine failover after its lock connection was killed: ${Math.round(moved)} ms`);
    const leader = leaderOf([b, c])[0]!;
    expect(leader.app.tradepad.leadership.lease!.epoch).toBeGreaterThan(Number(before));
    // The new leader answers orders from anywhere.
    quoteAll(leader);
    const u = await demoToken(api);
    const r = await as(api, u.token).post(API.submit, { ...buy, forex_id: id('EURUSD') });
    expect(r.code, r.msg).toBe(1);
  }, 30_000);

  it('refuses every write of a leader whose epoch was taken away: nothing written, ledger sound', async () => {
    const leader = leaderOf(nodes.filter((h) => h !== a))[0]!;
    quoteAll(leader);
    const u = await demoToken(leader);
    // Another node took the lease meanwhile (simulated: the epoch moves on while this one still holds its lock).
    await pool.query('update engine_lease set epoch = epoch + 1000 where id = 1');
    const r: Envelope = await as(leader, u.token, 'fenced-1').post(API.submit, { ...buy, forex_id: id('EURUSD') });
    expect(r.code).toBe(0);
    expect(r.msg).toMatch(/not reachable/);
    expect(await ordersOf(u.userId)).toEqual([]);
    await leader.expectLedgerSound();
  });
});
