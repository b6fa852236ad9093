import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type FollowView, type OrderView } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { approvedDeposit, openedStrategy, realUser, staff, type Staff, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * Issue 34 with real copies (the engine's side merged from r34-engine): a follow made through the copy module's calls
 * is in the roster the engine copies from; a provider's close and the follower's unfollow at once close the copy once,
 * charge the performance fee above the high-water mark and return the rest exactly; a suspension stops new opens
 * being copied while the copies already open still follow the provider's close.
 */
describe('copy trading with positions', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { clock, tick } = market;
  let admin: Staff;
  let provider: TestUser;
  let strategyId: number;

  const db = () => h.app.tradepad.database.db;
  const cash = (userId: number) => h.app.tradepad.ledger.balance(db(), userId, 'cash');
  const eurusd = async () =>
    ((await h.call('GET', API.tradeList)).data as Array<{ Id: number; Code: string }>).find((i) => i.Code === 'EURUSD')!.Id;
  const buy = async (lots: string) => {
    const r = await provider.post(API.submit, { type: 1, cont: lots, forex_id: await eurusd(), status: 1, multiple: 100 });
    expect(r.code, r.msg).toBe(1);
    return r.data.order as OrderView;
  };
  const copiesOf = (orderId: number) => db().selectFrom('orders').selectAll().where('copy_of', '=', orderId).execute();
  const funded = async (usd: string) => {
    const u = await realUser(h, clock);
    await approvedDeposit(u, admin, usd);
    return u;
  };

  beforeAll(async () => {
    h = await market.start();
    admin = await staff(h);
    tick('EURUSD', '1.08500');
    provider = await funded('10000');
    strategyId = await openedStrategy(provider, admin, 'Copied', '20');
  }, 120_000);
  afterAll(async () => h?.close());

  it('closes the copy once when the provider closes as the follower unfollows, fee above the mark, the rest returned', async () => {
    const follower = await funded('5000');
    const followed = await follower.post(API.copyFollow, {
      strategy_id: strategyId,
      amount: '2500',
      mode: 'proportional',
      value: '1',
    });
    expect(followed.code, followed.msg).toBe(1);
    const f = followed.data as FollowView;
    const afterFollow = await cash(follower.id);

    tick('EURUSD', '1.08500');
    const order = await buy('1');
    const [copy] = await copiesOf(order.Id);
    expect(copy, 'the follow is in the roster the engine copies from').toBeDefined();
    const own = await db().selectFrom('orders').select('open_price').where('id', '=', order.Id).executeTakeFirstOrThrow();
    expect(copy!.open_price, 'at the provider’s own fill price').toBe(own.open_price);

    tick('EURUSD', '1.08700');
    const [closed, ended] = await Promise.all([
      provider.post(API.close, { id: order.Id }),
      follower.post(API.copyUnfollow, { strategy_id: strategyId }),
    ]);
    expect(closed.code, closed.msg).toBe(1);
    expect(ended.code, ended.msg).toBe(1);
    await h.app.tradepad.engine.idle();

    const after = await db().selectFrom('orders').selectAll().where('id', '=', copy!.id).executeTakeFirstOrThrow();
    expect(after.status).toBe(3);
    expect(await copiesOf(order.Id)).toHaveLength(1);
    const row = await db().selectFrom('copy_follows').selectAll().where('id', '=', f.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, end_reason: 'unfollow' });
    expect(await cash(Number(row.account_user_id))).toBe(0n);
    expect(await cash(follower.id)).toBe(afterFollow + BigInt(row.returned));

    // The copy made money: 20 % of the gain above the 2,500 USD mark went to the provider, to the micro.
    const fees = await db().selectFrom('copy_fees').selectAll().where('follow_id', '=', f.id).execute();
    expect(fees.map((x) => x.kind)).toEqual(['performance']);
    const fee = BigInt(fees[0]!.amount);
    const equity = BigInt(row.returned) + fee;
    expect(fee).toBe(((equity - 2_500_000_000n) * 2000n) / 10_000n);
    expect(fee).toBeGreaterThan(0n);
    await h.expectLedgerSound();
  });

  it('stops copying new opens once suspended, while an open copy still follows the provider’s close', async () => {
    const follower = await funded('5000');
    expect(
      (await follower.post(API.copyFollow, { strategy_id: strategyId, amount: '2000', mode: 'fixed_lots', value: '0.1' })).code,
    ).toBe(1);
    tick('EURUSD', '1.08500');
    const first = await buy('0.5');
    expect(await copiesOf(first.Id)).toHaveLength(1);

    const dealer = await staff(h, 'dealer');
    const suspended = await dealer.post(ADMIN_API.copyStrategySuspend.replace(':id', String(strategyId)), { reason: 'review' });
    expect(suspended.code, suspended.msg).toBe(1);
    const second = await buy('0.5');
    expect(await copiesOf(second.Id)).toHaveLength(0);

    tick('EURUSD', '1.08600');
    expect((await provider.post(API.close, { id: first.Id })).code).toBe(1);
    await h.app.tradepad.engine.idle();
    const [copy] = await copiesOf(first.Id);
    expect(copy!.status).toBe(3);
    expect((await provider.post(API.close, { id: second.Id })).code).toBe(1);

    expect((await dealer.post(ADMIN_API.copyStrategyResume.replace(':id', String(strategyId)), { reason: 'ok' })).code).toBe(1);
    const third = await buy('0.5');
    expect(await copiesOf(third.Id)).toHaveLength(1);
    expect((await follower.post(API.copyUnfollow, { strategy_id: strategyId })).code).toBe(1);
    expect((await provider.post(API.close, { id: third.Id })).code).toBe(1);
    await h.app.tradepad.engine.idle();
    await h.expectLedgerSound();
  });
});
