import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type OrderView } from '@tradepad/contracts';
import { lots, micros } from '@tradepad/domain';
import type { Harness } from './harness.ts';
import { demoUser, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * The engine's group commit writes the orders that arrive together with a few multi-row statements (one run of the
 * placement group per batch; on PostgreSQL each statement is a network round trip). On SQLite and on PostgreSQL
 * (TEST_DATABASE_URL): many traders at once, a refusal and a failure in the middle of a run, each ending with the
 * ledger checker.
 */
describe('orders written together', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { id, tick } = market;
  const balance = async (u: TestUser) => (await u.get(API.getBalance)).data.balance as string;

  beforeAll(async () => {
    h = await market.start();
    tick('EURUSD', '1.08500');
  }, 120_000);
  afterAll(async () => h.close());

  it('fills the orders of many traders sent at once in shared commits, each with its own order and ledger entry', async () => {
    const traders = await Promise.all(Array.from({ length: 12 }, () => demoUser(h)));
    const before = h.app.tradepad.engine.writerStats();
    const results = await Promise.all(
      traders.flatMap((u) =>
        [1, 2].map(() => u.post(API.submit, { type: 1, cont: '1', forex_id: id('EURUSD'), status: 1, multiple: 100 })),
      ),
    );
    for (const r of results) expect(r, r.msg).toMatchObject({ code: 1 });
    const after = h.app.tradepad.engine.writerStats();
    expect(after.jobs - before.jobs).toBe(24);
    // Written together: fewer commits than orders.
    expect(after.batches - before.batches).toBeLessThan(24);
    expect(new Set(results.map((r) => (r.data.order as OrderView).Id)).size).toBe(24);
    for (const u of traders) {
      // Margin 1,085.10 and fee 3.00 twice out of 100,000.00.
      expect(await balance(u)).toBe('97823.80');
      const deals = await u.get(API.deals, { status: 1, page: 1 });
      expect(deals.data.total).toBe(2);
      expect((await u.get(API.ledger, { page: 1 })).data.total).toBe(3);
    }
    await h.expectLedgerSound();
  });

  it('undoes only the order that fails in the middle of a run, and the one its cash no longer covers; the rest commit', async () => {
    const engine = h.app.tradepad.engine;
    const traders = await Promise.all(Array.from({ length: 4 }, () => demoUser(h)));
    // The accounts in memory first, so the orders below queue in the same turn and share one run.
    for (const u of traders) await engine.accountFor(u.id, true);
    const inst = engine.instrument(id('EURUSD'))!;
    const snap = engine.preTrade(traders[0]!.id, inst, 1, 0);
    if (snap.refusal) throw new Error(snap.refusal);
    const order = (u: TestUser, over: Record<string, unknown> = {}) =>
      engine.place({
        userId: u.id,
        demo: true,
        inst,
        side: 1,
        kind: 'market',
        trailingDistance: 0,
        expireAt: 0,
        lots: lots(10_000n),
        leverage: 100,
        orderPrice: snap.entry,
        openPrice: snap.entry,
        stopLoss: 0,
        takeProfit: 0,
        margin: micros(1_000_000_000n),
        fee: micros(3_000_000n),
        ...over,
      });
    const before = engine.writerStats();
    const results = await Promise.allSettled([
      order(traders[0]!),
      // More than the cash: refused inside the run, before anything of it is written.
      order(traders[1]!, { margin: micros(100_000_000_000n) }),
      order(traders[1]!),
      // A row the database refuses (no kind): the run fails after some of its writes, and is run again item by item.
      order(traders[2]!, { kind: null }),
      order(traders[3]!),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ key: 'err.insufficient_margin' });
    expect((results[3] as PromiseRejectedResult).reason).not.toHaveProperty('key');
    const after = engine.writerStats();
    expect(after).toMatchObject({ batches: before.batches + 1, jobs: before.jobs + 5, retries: before.retries + 1 });
    // 1,000.00 margin and 3.00 fee out of the cash of each order that committed; nothing for the others.
    expect(await Promise.all(traders.map(balance))).toEqual(['98997.00', '98997.00', '100000.00', '98997.00']);
    const open = await Promise.all(traders.map(async (u) => (await u.get(API.deals, { status: 1, page: 1 })).data.total));
    expect(open).toEqual([1, 1, 0, 1]);
    const entries = await Promise.all(traders.map(async (u) => (await u.get(API.ledger, { page: 1 })).data.total));
    expect(entries).toEqual([2, 2, 1, 2]);
    await h.expectLedgerSound();
  });
});
