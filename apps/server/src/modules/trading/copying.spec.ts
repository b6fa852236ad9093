import { CLOSED_BY_STOP_LOSS, CLOSED_BY_STOP_OUT, CLOSED_BY_USER, STATUS_CLOSED, STATUS_HOLDING } from '@tradepad/contracts';
import { parseLots, parseMoney, type Micros } from '@tradepad/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger/ledger-checker.ts';
import { CopyBench } from '../../../test/copy-bench.ts';

const usd = (text: string): Micros => parseMoney(text);

/**
 * Copy trading in the engine (issue 34 points 2 and 6, DESIGN §18), on a real SQLite ledger: a real provider's opens,
 * pending fills, closes (whole, partial, by a stop, by a stop-out), and stop changes reach the followers' copy
 * accounts in the provider's own transaction at the provider's own price; skips are recorded with their reason; a
 * copy account closes at the market for an unfollow, each copy settled once when the provider closes at the same
 * time. Every scenario ends with the ledger checker.
 */
describe('copy trading in the engine', () => {
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

  it('copies to 250 followers through the multi-row statements (a fan-out past 200 rows) and closes them all at once', async () => {
    const provider = await b.trader('100000');
    const followers = [];
    for (let i = 0; i < 250; i++) followers.push(await b.follower(provider, '1000', 'fixed_lots', '0.01'));
    const p = await b.order(provider, 1);
    const rows = await b.copyRows(p.id);
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set(followers.map((f) => f.accountUserId)));
    expect(rows.every((r) => r.open_price === p.openPrice && r.status === STATUS_HOLDING)).toBe(true);
    for (const f of followers) expect(b.engine.account(f.accountUserId)!.cash).toBe(await b.cash(f.accountUserId));
    const done = await b.engine.close(p, CLOSED_BY_USER);
    expect((await b.copyRows(p.id)).every((r) => r.status === STATUS_CLOSED && r.close_price === done!.exitPrice)).toBe(true);
    for (const f of followers) expect(b.engine.account(f.accountUserId)!.cash).toBe(await b.cash(f.accountUserId));
  });

  it('copies an open to every follower by mode, at the provider’s fill, in one commit; skips are recorded with their reason', async () => {
    const provider = await b.trader('10000');
    const a = await b.follower(provider, '2500', 'proportional', '1');
    const f = await b.follower(provider, '1000', 'fixed_lots', '0.1');
    const tiny = await b.follower(provider, '1000', 'multiplier', '0.001');
    const poor = await b.follower(provider, '50', 'fixed_lots', '1');
    const before = b.engine.writerStats().batches;
    const p = await b.order(provider, 1);
    expect(b.engine.writerStats().batches).toBe(before + 1);
    expect(p.openPrice).toBe(b.points('1.08510'));

    const rows = await b.copyRows(p.id);
    expect(rows.map((r) => [r.user_id, r.lots, r.open_price, r.status, r.side, r.leverage])).toEqual([
      [a.accountUserId, 2500, p.openPrice, STATUS_HOLDING, 1, 100],
      [f.accountUserId, 1000, p.openPrice, STATUS_HOLDING, 1, 100],
    ]);
    // 0.25 lot: margin 271.275 and fee 0.75 out of the copy account's cash, in the ledger and in memory.
    expect(await b.cash(a.accountUserId)).toBe(usd('2500') - usd('271.275') - usd('0.75'));
    expect(b.engine.account(a.accountUserId)!.cash).toBe(await b.cash(a.accountUserId));
    expect(b.engine.account(a.accountUserId)!.margin).toBe(usd('271.275'));
    expect(b.engine.order(rows[0]!.id)).toMatchObject({ copyOf: p.id, openPrice: p.openPrice });
    expect(b.engine.copiesOf(p.id)).toHaveLength(2);

    const events = await b.events(p.id);
    expect(events.map((e) => [e.follower_id, e.event, e.order_id, e.price, e.lots, e.reason])).toEqual([
      [a.followerId, 'fill', rows[0]!.id, p.openPrice, 2500, ''],
      [f.followerId, 'fill', rows[1]!.id, p.openPrice, 1000, ''],
      [tiny.followerId, 'skip', 0, p.openPrice, 0, 'copy.skip.below_min_lot'],
      [poor.followerId, 'skip', 0, p.openPrice, 10000, 'copy.skip.insufficient_margin'],
    ]);
    expect(b.copyPushes).toEqual([
      {
        userId: a.followerId,
        message: {
          type: 'COPY',
          strategy_id: provider,
          event: 'fill',
          order_id: rows[0]!.id,
          price: '1.08510',
          lots: '0.25',
          reason: '',
        },
      },
      {
        userId: f.followerId,
        message: {
          type: 'COPY',
          strategy_id: provider,
          event: 'fill',
          order_id: rows[1]!.id,
          price: '1.08510',
          lots: '0.1',
          reason: '',
        },
      },
      {
        userId: tiny.followerId,
        message: {
          type: 'COPY',
          strategy_id: provider,
          event: 'skip',
          order_id: 0,
          price: '1.08510',
          lots: '0',
          reason: 'copy.skip.below_min_lot',
        },
      },
      {
        userId: poor.followerId,
        message: {
          type: 'COPY',
          strategy_id: provider,
          event: 'skip',
          order_id: 0,
          price: '1.08510',
          lots: '1',
          reason: 'copy.skip.insufficient_margin',
        },
      },
    ]);
    // The poor copy account was never charged.
    expect(await b.cash(poor.accountUserId)).toBe(usd('50'));
  });

  it('leaves a provider without followers, and a demo account, exactly as before', async () => {
    const alone = await b.trader('10000');
    const asked = b.roster.asked;
    const o = await b.order(alone, 1);
    expect(b.roster.asked).toBe(asked + 1);
    expect(await b.copyRows(o.id)).toEqual([]);
    expect(await b.events(o.id)).toEqual([]);
    // A demo account is never a provider: its roster entry is not even read.
    const demo = await b.trader('10000');
    await b.follower(demo, '5000', 'fixed_lots', '0.1');
    const d = await b.order(demo, 1, { demo: true });
    expect(b.roster.asked).toBe(asked + 1);
    expect(await b.copyRows(d.id)).toEqual([]);
    await b.engine.close(o, CLOSED_BY_USER);
    await b.engine.close(d, CLOSED_BY_USER);
    expect(b.copyPushes).toEqual([]);
  });

  it('closes the copies with their provider, at its exit price, each with its own P/L', async () => {
    const provider = await b.trader('10000');
    const a = await b.follower(provider, '2500', 'proportional', '1');
    const f = await b.follower(provider, '1000', 'fixed_lots', '0.1');
    const p = await b.order(provider, 1);
    const [ca, cf] = await b.copyRows(p.id);
    b.tick('EURUSD', '1.08700');
    b.copyPushes.length = 0;
    const before = b.engine.writerStats().batches;
    const done = await b.engine.close(p, CLOSED_BY_USER);
    expect(b.engine.writerStats().batches).toBe(before + 1);
    expect(done!.exitPrice).toBe(b.points('1.08700'));
    const rows = await b.copyRows(p.id);
    expect(rows.map((r) => [r.status, r.close_price, r.profit, r.closed_type])).toEqual([
      [STATUS_CLOSED, done!.exitPrice, 47_500_000, CLOSED_BY_USER],
      [STATUS_CLOSED, done!.exitPrice, 19_000_000, CLOSED_BY_USER],
    ]);
    expect(await b.cash(a.accountUserId)).toBe(usd('2500') - usd('0.75') + usd('47.5'));
    expect(await b.cash(f.accountUserId)).toBe(usd('1000') - usd('0.3') + usd('19'));
    expect(b.engine.account(a.accountUserId)!.margin).toBe(0n);
    expect(b.engine.order(ca!.id)).toBeUndefined();
    expect(b.engine.copiesOf(p.id)).toEqual([]);
    expect((await b.events(p.id)).filter((e) => e.event === 'close').map((e) => [e.order_id, e.price])).toEqual([
      [ca!.id, done!.exitPrice],
      [cf!.id, done!.exitPrice],
    ]);
    expect(b.copyPushes.map((x) => [x.userId, x.message.event, x.message.order_id, x.message.price])).toEqual([
      [a.followerId, 'close', ca!.id, '1.08700'],
      [f.followerId, 'close', cf!.id, '1.08700'],
    ]);
  });

  it('closes the copies when the provider’s stop-loss fires, at the provider’s price; copies never fire their own', async () => {
    const provider = await b.trader('10000');
    await b.follower(provider, '2500', 'proportional', '1');
    const p = await b.order(provider, 1, { stopLoss: '1.08400' });
    const [c] = await b.copyRows(p.id);
    expect(c!.stop_loss).toBe(b.points('1.08400'));
    b.tick('EURUSD', '1.08380');
    await b.settled();
    const [after] = await b.copyRows(p.id);
    expect(after).toMatchObject({ status: STATUS_CLOSED, closed_type: CLOSED_BY_STOP_LOSS, close_price: b.points('1.08380') });
    // Closed once, by its provider's close: one close entry in the ledger and one event.
    const entries = await b.handle.db
      .selectFrom('journal_entries')
      .select('id')
      .where('type', '=', 'order_close')
      .where('ref_id', '=', String(c!.id))
      .execute();
    expect(entries).toHaveLength(1);
    expect((await b.events(p.id)).map((e) => e.event)).toEqual(['fill', 'close']);
  });

  it('closes each copy’s share of a partial close; a share below the step is a skip', async () => {
    const provider = await b.trader('10000');
    const a = await b.follower(provider, '2500', 'proportional', '1');
    const small = await b.follower(provider, '1000', 'fixed_lots', '0.02');
    const p = await b.order(provider, 1);
    const [ca, cs] = await b.copyRows(p.id);
    b.tick('EURUSD', '1.08600');
    b.copyPushes.length = 0;
    const part = await b.engine.closePart(p, parseLots('0.4'), CLOSED_BY_USER);
    expect(part).toBeDefined();
    // 0.25 × 0.4 ÷ 1 = 0.1 lot closed; 0.02 × 0.4 = 0.008 rounds down to nothing.
    const copyA = b.engine.order(ca!.id)!;
    expect(copyA.lots).toBe(parseLots('0.15'));
    expect(b.engine.order(cs!.id)!.lots).toBe(parseLots('0.02'));
    const rows = await b.copyRows(p.id);
    const partRow = rows.find((r) => r.parent_id === ca!.id)!;
    expect(partRow).toMatchObject({ status: STATUS_CLOSED, lots: 1000, close_price: part!.exitPrice, profit: 9_000_000 });
    expect(b.engine.account(a.accountUserId)!.margin).toBe(copyA.margin);
    const events = (await b.events(p.id)).slice(2);
    expect(events.map((e) => [e.follower_id, e.event, e.order_id, e.lots, e.reason])).toEqual([
      [a.followerId, 'partial', partRow.id, 1000, ''],
      [small.followerId, 'skip', 0, 0, 'copy.skip.below_lot_step'],
    ]);
    expect(b.copyPushes.map((x) => [x.userId, x.message.event, x.message.lots, x.message.reason])).toEqual([
      [a.followerId, 'close', '0.1', ''],
      [small.followerId, 'skip', '0', 'copy.skip.below_lot_step'],
    ]);
    // The rest closes whole with the provider.
    await b.engine.close(p, CLOSED_BY_USER);
    expect(b.engine.copiesOf(p.id)).toEqual([]);
  });

  it('sets the provider’s new stops on its copies in the same transaction', async () => {
    const provider = await b.trader('10000');
    await b.follower(provider, '2500', 'proportional', '1');
    await b.follower(provider, '1000', 'fixed_lots', '0.1');
    const p = await b.order(provider, 1);
    b.copyPushes.length = 0;
    expect(await b.engine.setStops(p, b.points('1.08300'), b.points('1.09000'), 0)).toBe(true);
    const rows = await b.copyRows(p.id);
    expect(rows.map((r) => [r.stop_loss, r.take_profit])).toEqual([
      [b.points('1.08300'), b.points('1.09000')],
      [b.points('1.08300'), b.points('1.09000')],
    ]);
    for (const r of rows)
      expect(b.engine.order(r.id)).toMatchObject({ stopLoss: b.points('1.08300'), takeProfit: b.points('1.09000') });
    expect((await b.events(p.id)).map((e) => e.event)).toEqual(['fill', 'fill', 'stops', 'stops']);
    expect(b.copyPushes).toEqual([]);
    await b.engine.close(p, CLOSED_BY_USER);
  });

  it('copies a pending order when it fills, at its fill price', async () => {
    const provider = await b.trader('10000');
    const a = await b.follower(provider, '2500', 'proportional', '1');
    const p = await b.order(provider, 1, { price: '1.08000' });
    expect(await b.copyRows(p.id)).toEqual([]);
    b.tick('EURUSD', '1.07990');
    await b.settled();
    expect(p.status).toBe(STATUS_HOLDING);
    const rows = await b.copyRows(p.id);
    expect(rows.map((r) => [r.user_id, r.open_price, r.lots])).toEqual([[a.accountUserId, p.openPrice, 2500]]);
    expect(b.copyPushes.map((x) => [x.message.event, x.message.price])).toEqual([['fill', '1.08000']]);
    await b.engine.close(p, CLOSED_BY_USER);
  });

  it('stops a copy account out on its own; the provider stays open and the follower is told', async () => {
    const provider = await b.trader('100000');
    const thin = await b.follower(provider, '1200', 'fixed_lots', '1');
    const p = await b.order(provider, 1);
    const [c] = await b.copyRows(p.id);
    b.copyPushes.length = 0;
    b.tick('EURUSD', '1.08000');
    await b.settled();
    b.tick('EURUSD', '1.07800');
    await b.settled();
    const [after] = await b.copyRows(p.id);
    expect(after).toMatchObject({ status: STATUS_CLOSED, closed_type: CLOSED_BY_STOP_OUT, close_price: b.points('1.07800') });
    expect(b.engine.order(p.id)).toBeDefined();
    expect(await b.cash(thin.accountUserId)).toBe(usd('487'));
    expect(b.copyPushes.map((x) => [x.userId, x.message.event, x.message.order_id])).toEqual([[thin.followerId, 'close', c!.id]]);
    await b.engine.close(p, CLOSED_BY_USER);
  });

  it('closes a copy account at its own market price and runs the hook in the same transaction', async () => {
    const provider = await b.trader('10000');
    const a = await b.follower(provider, '2500', 'proportional', '1');
    const p = await b.order(provider, 1);
    const [c] = await b.copyRows(p.id);
    b.tick('EURUSD', '1.08600');
    const seen: Array<{ orderIds: readonly number[]; profit: Micros; cash: Micros }> = [];
    await b.engine.closeCopyAccount(a.accountUserId, async (trx, closed) => {
      seen.push({ ...closed, cash: await b.ledger.balance(trx, a.accountUserId, 'cash') });
    });
    // 0.25 lot from 1.08510 to 1.08600: +22.50.
    expect(seen).toEqual([{ orderIds: [c!.id], profit: usd('22.5'), cash: usd('2500') - usd('0.75') + usd('22.5') }]);
    expect((await b.copyRows(p.id))[0]).toMatchObject({ status: STATUS_CLOSED, close_price: b.points('1.08600') });
    expect(b.engine.copiesOf(p.id)).toEqual([]);
    expect(b.copyPushes.at(-1)).toMatchObject({
      userId: a.followerId,
      message: { event: 'close', order_id: c!.id, price: '1.08600' },
    });
    // Nothing open any more: a second close runs the hook alone.
    await b.engine.closeCopyAccount(a.accountUserId, async (_trx, closed) => void seen.push({ ...closed, cash: 0n as Micros }));
    expect(seen[1]).toMatchObject({ orderIds: [] });
    // The provider's later close finds no copy left.
    await b.engine.close(p, CLOSED_BY_USER);
  });

  it('settles each copy exactly once when an unfollow and the provider’s close race', async () => {
    /** How many copies the unfollow closed itself each round (0: the provider's close got there first). */
    const winners: number[] = [];
    for (let round = 0; round < 4; round++) {
      const provider = await b.trader('10000');
      const a = await b.follower(provider, '2500', 'proportional', '1');
      const f = await b.follower(provider, '1000', 'fixed_lots', '0.1');
      const p = await b.order(provider, 1);
      const copies = await b.copyRows(p.id);
      b.tick('EURUSD', round % 2 ? '1.08600' : '1.08400');
      const hooked: number[][] = [];
      const unfollow = () =>
        b.engine.closeCopyAccount(a.accountUserId, async (_trx, closed) => void hooked.push([...closed.orderIds]));
      const close = () => b.engine.close(p, CLOSED_BY_USER);
      // Asked in either order, and a writer turn apart or in the same batch.
      if (round === 0) await Promise.all([unfollow(), close()]);
      if (round === 1) await Promise.all([close(), unfollow()]);
      if (round === 2) await Promise.all([unfollow(), new Promise((r) => setImmediate(r)).then(close)]);
      if (round === 3) await Promise.all([close(), new Promise((r) => setImmediate(r)).then(unfollow)]);
      const rows = await b.copyRows(p.id);
      expect(rows.every((r) => r.status === STATUS_CLOSED)).toBe(true);
      for (const c of copies) {
        const closes = await b.handle.db
          .selectFrom('journal_entries')
          .select('id')
          .where('type', '=', 'order_close')
          .where('ref_id', '=', String(c.id))
          .execute();
        expect(closes).toHaveLength(1);
      }
      expect(hooked).toHaveLength(1);
      winners.push(hooked[0]!.length);
      expect(b.engine.account(a.accountUserId)!.margin).toBe(0n);
      expect(b.engine.account(f.accountUserId)!.margin).toBe(0n);
      expect(b.engine.account(a.accountUserId)!.cash).toBe(await b.cash(a.accountUserId));
      expect((await b.events(p.id)).filter((e) => e.event === 'close')).toHaveLength(2);
    }
    // Both sides won some rounds: the race was real.
    expect(new Set(winners)).toEqual(new Set([0, 1]));
  });

  it('rebuilds the copies with the book: after a restart they still close with their provider', async () => {
    const provider = await b.trader('10000');
    const a = await b.follower(provider, '2500', 'proportional', '1');
    const p = await b.order(provider, 1);
    const [c] = await b.copyRows(p.id);
    await b.restart();
    b.tick('EURUSD', '1.08600');
    expect(b.engine.order(c!.id)).toMatchObject({ copyOf: p.id, lots: parseLots('0.25') });
    b.copyPushes.length = 0;
    await b.engine.close(b.engine.order(p.id)!, CLOSED_BY_USER);
    expect((await b.copyRows(p.id))[0]).toMatchObject({ status: STATUS_CLOSED, close_price: b.points('1.08600') });
    expect(b.copyPushes).toMatchObject([{ userId: a.followerId, message: { event: 'close', order_id: c!.id } }]);
  });
});
