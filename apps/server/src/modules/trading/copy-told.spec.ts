import { CLOSED_BY_USER } from '@tradepad/contracts';
import { parseLots } from '@tradepad/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger/ledger-checker.ts';
import { CopyBench } from '../../../test/copy-bench.ts';

/**
 * The engine's side of the followers' notices (issue 34): after the provider's commit, the copies opened and skipped
 * are handed to the copy module's notices in one batch per commit (never written in the fan-out's transaction); closes
 * and changes of stops are told by the `COPY` push only.
 */
describe('copies told to the followers’ notices', () => {
  let b: CopyBench;

  beforeEach(async () => {
    b = new CopyBench();
    await b.open();
  });

  afterEach(async () => {
    await b.engine.idle();
    expect(await checkLedger(b.handle.db)).toEqual([]);
    await b.close();
  });

  it('hands a fan-out to 250 followers over in one batch once it has committed', async () => {
    const provider = await b.trader('100000');
    const followers = [];
    for (let i = 0; i < 250; i++) followers.push(await b.follower(provider, '1000', 'fixed_lots', '0.01'));
    const p = await b.order(provider, 1);
    const told = b.copyTold;
    expect(await b.copyRows(p.id)).toHaveLength(250);
    expect(told).toHaveLength(1);
    expect(told[0]!.inBook, 'handed over after the commit, once the copies are in the book').toBe(true);
    const batch = told[0]!.told;
    expect(batch).toHaveLength(250);
    expect(batch.map((t) => t.followerId)).toEqual(followers.map((f) => f.followerId));
    const rows = new Map((await b.copyRows(p.id)).map((r) => [r.user_id, r.id]));
    expect(batch[0]).toEqual({
      followerId: followers[0]!.followerId,
      strategyId: provider,
      event: 'fill',
      orderId: rows.get(followers[0]!.accountUserId),
      symbol: 'EUR/USD',
      side: 1,
      lots: '0.01',
      price: '1.08510',
      reason: '',
    });
    await b.engine.close(p, CLOSED_BY_USER);
    expect(told, 'closes are not noticed').toHaveLength(1);
  });

  it('tells skips with their reason and side, a partial close’s skip too; stops and closes are not told', async () => {
    const provider = await b.trader('10000');
    const a = await b.follower(provider, '2500', 'proportional', '1');
    const poor = await b.follower(provider, '50', 'fixed_lots', '1');
    const small = await b.follower(provider, '1000', 'fixed_lots', '0.02');
    const p = await b.order(provider, 2);
    expect(b.copyTold.map((x) => x.told.map((t) => [t.followerId, t.event, t.side, t.lots, t.reason]))).toEqual([
      [
        [a.followerId, 'fill', 2, '0.25', ''],
        [poor.followerId, 'skip', 2, '1', 'insufficient_margin'],
        [small.followerId, 'fill', 2, '0.02', ''],
      ],
    ]);
    expect(b.copyTold[0]!.told[1]).toMatchObject({ orderId: 0, symbol: 'EUR/USD', price: '1.08500' });

    b.copyTold.length = 0;
    expect(await b.engine.setStops(p, b.points('1.09500'), b.points('1.07000'), 0)).toBe(true);
    b.tick('EURUSD', '1.08400');
    expect(await b.engine.closePart(p, parseLots('0.4'), CLOSED_BY_USER)).toBeDefined();
    // 0.02 × 0.4 rounds down to nothing: a skip, told with the copy's side read from the book.
    expect(b.copyTold.map((x) => x.told.map((t) => [t.followerId, t.event, t.side, t.reason]))).toEqual([
      [[small.followerId, 'skip', 2, 'below_lot_step']],
    ]);
    b.copyTold.length = 0;
    await b.engine.close(p, CLOSED_BY_USER);
    expect(b.copyTold).toEqual([]);
  });
});
