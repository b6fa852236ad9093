import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type FollowView, type StatementView, type StrategyDetail } from '@tradepad/contracts';
import { parseMoney } from '@tradepad/domain';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { approvedDeposit, approvedKyc, demoUser, realUser, staff, type Staff, type TestUser } from './people.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const DAY = 86_400_000;

/**
 * Issue 34 points 1–4 (DESIGN §18) through HTTP: strategies opened by verified real traders, listed at once; follows
 * that move money exactly into a copy account and back; refusals in the caller's language; one of two follows at once;
 * the management fee accrued over moved clocks; the equity stop; the console's suspension, audited. Positions and
 * copies themselves are the engine's (r34-engine); here the copy accounts hold cash only.
 */
describe('copy trading: strategies, following, fees and the console', () => {
  let h: Harness;
  let clock: ManualClock;
  let admin: Staff;
  let provider: TestUser;
  let strategyId: number;

  const db = () => h.app.tradepad.database.db;
  const cash = (userId: number) => h.app.tradepad.ledger.balance(db(), userId, 'cash');
  const as = (u: TestUser, lang: string) => ({
    get: (path: string, params: Record<string, unknown> = {}) => h.call('GET', path, params, { authorization: u.token, lang }),
    post: (path: string, params: Record<string, unknown> = {}) => h.call('POST', path, params, { authorization: u.token, lang }),
  });
  const funded = async (usd: string) => {
    const u = await realUser(h, clock);
    await approvedDeposit(u, admin, usd);
    return u;
  };
  const follow = (u: TestUser, p: Record<string, unknown>) =>
    u.post(API.copyFollow, { strategy_id: strategyId, mode: 'proportional', value: '1', equity_stop_percent: 0, ...p });
  const copyAccountOf = async (followId: number) =>
    Number(
      (await db().selectFrom('copy_follows').select('account_user_id').where('id', '=', followId).executeTakeFirstOrThrow())
        .account_user_id,
    );

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    h = await startHarness({ clock });
    admin = await staff(h);
    provider = await funded('1000');
  }, 120_000);
  afterAll(async () => h?.close());

  it('opens a strategy for a verified real trader only, refusing in the caller’s language', async () => {
    const terms = {
      name: 'Steady EUR',
      description: 'Trend following',
      performance_fee_percent: '20',
      management_fee_percent: '2',
    };
    const demo = await demoUser(h);
    expect(await demo.post(API.copyStrategies, terms)).toMatchObject({ code: 0, msg: /real accounts/ });
    expect(await as(provider, 'en').post(API.copyStrategies, terms)).toMatchObject({ code: 0, msg: /real-name verification/ });
    expect(await as(provider, 'hk').post(API.copyStrategies, terms)).toMatchObject({
      code: 0,
      msg: '開設策略前請先完成實名認證',
    });
    await approvedKyc(provider, admin);
    expect(await as(provider, 'en').post(API.copyStrategies, { ...terms, performance_fee_percent: '51' })).toMatchObject({
      code: 0,
      msg: /performance 0–50 %/,
    });
    expect((await as(provider, 'en').post(API.copyStrategies, { ...terms, management_fee_percent: '5.5' })).code).toBe(0);
    expect((await as(provider, 'en').post(API.copyStrategies, { ...terms, name: '' })).msg).toBe(
      'Please give your strategy a name',
    );

    const opened = await provider.post(API.copyStrategies, { ...terms, min_investment: '100' });
    expect(opened.code, opened.msg).toBe(1);
    const page = opened.data as StrategyDetail;
    strategyId = page.id;
    expect(page).toMatchObject({
      name: 'Steady EUR',
      performance_fee_percent: '20.00',
      management_fee_percent: '2.00',
      min_investment: '100.00',
      status: 'open',
      followers: 0,
      total_rate: '0.00',
      my_follow: null,
    });
    expect(page.provider_uid).toMatch(/^\w{2}\*{4}\w{2}$/);
    // One day so far, 100 USD less its day of management fee (2 % a year).
    expect(page.curve).toHaveLength(1);
    expect(page.curve[0]!.equity).toBe('99.99');
    expect(await as(provider, 'en').post(API.copyStrategies, terms)).toMatchObject({
      code: 0,
      msg: 'You already have a strategy',
    });

    // Listed at once, publicly, and on the rank page with its id.
    const list = await h.call('GET', API.copyStrategies, { sort: 'followers' });
    expect(list.data.total).toBe(1);
    expect(list.data.data[0]).toMatchObject({ id: strategyId, name: 'Steady EUR', followers: 0 });
    const rank = await h.call('GET', API.followList);
    expect(rank.data.data[0]).toMatchObject({ strategy_id: strategyId, followers: 0 });
    expect((await h.call('GET', API.copyStrategies, { sort: 'nonsense' })).code).toBe(0);
    expect((await h.call('GET', API.copyStrategy.replace(':id', '999999'))).msg).toBe('This strategy does not exist');
    await h.expectLedgerSound();
  });

  it('follows with money moved exactly into a copy account, refuses what it must, and returns it all on unfollow', async () => {
    const follower = await funded('500');
    expect(
      await as(provider, 'en').post(API.copyFollow, { strategy_id: strategyId, amount: '100', mode: 'proportional', value: '1' }),
    ).toMatchObject({
      code: 0,
      msg: 'You cannot follow your own strategy',
    });
    expect((await follow(follower, { amount: '50' })).msg).toBe('The minimum investment of this strategy is 100.00 USD');
    expect((await follow(follower, { amount: '600' })).msg).toBe('Not enough free cash for this amount');
    expect((await follow(follower, { amount: '200', mode: 'martingale' })).code).toBe(0);
    expect((await follow(follower, { amount: '200', value: '0' })).code).toBe(0);
    expect((await follow(follower, { amount: '200', equity_stop_percent: 96 })).code).toBe(0);
    expect(
      (await as(follower, 'hk').post(API.copyFollow, { strategy_id: strategyId, amount: '50', mode: 'proportional', value: '1' }))
        .msg,
    ).toBe('此策略的最低投資額為 100.00 USD');

    const before = await cash(follower.id);
    const done = await follow(follower, { amount: '200.125', mode: 'multiplier', value: '1.5', equity_stop_percent: 30 });
    expect(done.code, done.msg).toBe(1);
    const f = done.data as FollowView;
    expect(f).toMatchObject({
      strategy_id: strategyId,
      status: 'following',
      invested: '200.13',
      mode: 'multiplier',
      value: '1.5',
    });
    const account = await copyAccountOf(f.id);
    expect(await cash(follower.id)).toBe(before - parseMoney('200.125'));
    expect(await cash(account)).toBe(parseMoney('200.125'));
    // The copy account: the follower's, never a person of its own.
    const row = await db().selectFrom('users').selectAll().where('id', '=', account).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ copy_owner_id: follower.id, email: null, phone: null, is_demo: 0 });

    // Left out of the console's users list, and no sign-in reaches it.
    const people = (await admin.get(ADMIN_API.users, { limit: 100 })).data as { data: Array<{ id: number }> };
    expect(people.data.map((u) => u.id)).toContain(follower.id);
    expect(people.data.map((u) => u.id)).not.toContain(account);
    expect((await h.call('POST', API.login, { account: row.uid, password: '!copy', login_type: 2 })).code).toBe(0);
    expect((await follow(follower, { amount: '100' })).msg).toBe('You already follow this strategy');
    const mine = (await follower.get(API.copyFollowing)).data;
    expect(mine.data[0]).toMatchObject({ id: f.id, status: 'following', equity: '200.13', fees_paid: '0.00' });
    const page = (await follower.get(API.copyStrategy.replace(':id', String(strategyId)))).data as StrategyDetail;
    expect(page.my_follow).toMatchObject({ id: f.id });
    expect((await provider.get(API.copyMine)).data).toMatchObject({ followers: [{ invested: '200.13' }], fees_earned: '0.00' });

    const ended = await follower.post(API.copyUnfollow, { strategy_id: strategyId });
    expect(ended.code, ended.msg).toBe(1);
    expect(ended.data).toMatchObject({ status: 'ended', end_reason: 'unfollow', returned: '200.13', profit: '0.00' });
    expect(await cash(follower.id)).toBe(before);
    expect(await cash(account)).toBe(0n);
    expect((await follower.post(API.copyUnfollow, { strategy_id: strategyId })).msg).toBe('You do not follow this strategy');
    await h.expectLedgerSound();
  });

  it('lets one of two follows at once through', async () => {
    const follower = await funded('500');
    const before = await cash(follower.id);
    const [a, b] = await Promise.all([follow(follower, { amount: '150' }), follow(follower, { amount: '150' })]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    expect([a, b].find((r) => r.code === 0)!.msg).toBe('You already follow this strategy');
    expect(await cash(follower.id)).toBe(before - parseMoney('150'));
    const active = await db()
      .selectFrom('copy_follows')
      .select('id')
      .where('follower_id', '=', follower.id)
      .where('status', '=', 1)
      .execute();
    expect(active).toHaveLength(1);
    expect((await follower.post(API.copyUnfollow, { strategy_id: strategyId })).code).toBe(1);
    expect(await cash(follower.id)).toBe(before);
    await h.expectLedgerSound();
  });

  it('accrues the management fee once per whole day to the provider, and settles the rest at unfollow', async () => {
    const follower = await funded('2000');
    const f = (await follow(follower, { amount: '1000' })).data as FollowView;
    const account = await copyAccountOf(f.id);
    const providerBefore = await cash(provider.id);

    // The first (partial) day is free; three whole days after it, three daily fees: 1000 × 2 % ÷ 365, on the equity left.
    clock.advance(3 * DAY + DAY / 2);
    await h.app.tradepad.copy.fees.run();
    await h.app.tradepad.copy.fees.run(); // a second run charges nothing twice
    const fees = await db().selectFrom('copy_fees').selectAll().where('follow_id', '=', f.id).orderBy('period_start').execute();
    expect(fees.map((r) => r.kind)).toEqual(['management', 'management', 'management']);
    let equity: bigint = parseMoney('1000');
    let total = 0n;
    for (const r of fees) {
      const due = (equity * 200n) / 3_650_000n;
      expect(BigInt(r.amount)).toBe(due);
      equity -= due;
      total += due;
    }
    expect(await cash(account)).toBe(parseMoney('1000') - total);
    expect(await cash(provider.id)).toBe(providerBefore + total);
    expect(fees[1]!.period_start - fees[0]!.period_start).toBe(DAY);

    admin = await staff(h); // the clock moved past the staff session's idle limit
    const listed = (await admin.get(ADMIN_API.copyFees, { strategy_id: strategyId })).data;
    expect(listed.total).toBe(3);
    expect(listed.data[0]).toMatchObject({ kind: 'management', follow_id: f.id, strategy_name: 'Steady EUR' });
    expect(parseMoney((await provider.get(API.copyMine)).data.management_fees_earned as string)).toBeGreaterThan(0n);

    // Both statements: the follower's money into copy trading and the fees paid; the provider's fees earned.
    const days = { from: '2026-11-01', to: '2026-12-31' };
    const theirs = (await follower.get(API.statement, days)).data as StatementView;
    const copyRows = theirs.funds.filter((r) => r.Kind === 'copy');
    expect(copyRows.map((r) => r.Type)).toEqual(['copy_funded', 'management_fee', 'management_fee', 'management_fee']);
    expect(copyRows[0]!.Amount).toBe('-1000.00');
    expect(copyRows[1]!.Amount.startsWith('-')).toBe(true);
    expect(copyRows[1]!.Memo).toBe(`Copy trading management fee (follow #${f.id})`);
    const earned = (await provider.get(API.statement, days)).data as StatementView;
    const earnedRows = earned.funds.filter((r) => r.Type === 'management_fee');
    expect(earnedRows).toHaveLength(3);
    expect(earnedRows.every((r) => r.Kind === 'copy' && !r.Amount.startsWith('-'))).toBe(true);

    const before = await cash(follower.id);
    const ended = (await follower.post(API.copyUnfollow, { strategy_id: strategyId })).data as FollowView;
    expect(BigInt(await cash(follower.id))).toBe(before + parseMoney('1000') - total);
    expect(ended.fees_paid).not.toBe('0.00');
    await h.expectLedgerSound();
  });

  it('ends a follow at its equity stop', async () => {
    const follower = await funded('1000');
    const f = (await follow(follower, { amount: '400', equity_stop_percent: 25 })).data as FollowView;
    const account = await copyAccountOf(f.id);
    expect(await h.app.tradepad.copy.checkStops()).toBe(0);
    admin = await staff(h);
    // Staff take 100.01 USD out of the copy account's cash: its equity falls below 75 % of what was put in.
    const debit = await admin.post(`${ADMIN_API.users}/${account}/adjust`, {
      amount: '-100.01',
      kind: 'correction',
      reason: 'test',
    });
    expect(debit.code, debit.msg).toBe(1);
    await h.app.tradepad.engine.refreshCash(account);
    await h.app.tradepad.engine.accountFor(account, false);
    expect(await h.app.tradepad.copy.checkStops()).toBe(1);
    const row = await db().selectFrom('copy_follows').selectAll().where('id', '=', f.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, end_reason: 'equity_stop', returned: Number(parseMoney('299.99')) });
    expect(await cash(account)).toBe(0n);
    await h.expectLedgerSound();
  });

  it('lets staff suspend a strategy (audited), refusing new follows, and resume it', async () => {
    const dealer = await staff(h, 'dealer');
    const follower = await funded('500');
    expect((await dealer.post(ADMIN_API.copyStrategySuspend.replace(':id', String(strategyId)), {})).code).toBe(0);
    const suspended = await dealer.post(ADMIN_API.copyStrategySuspend.replace(':id', String(strategyId)), { reason: 'review' });
    expect(suspended.code, suspended.msg).toBe(1);
    expect(suspended.data).toMatchObject({ id: strategyId, status: 'suspended', suspend_reason: 'review' });
    expect((await follow(follower, { amount: '100' })).msg).toBe('This strategy is not taking new followers');
    expect((await h.call('GET', API.copyStrategies)).data.total).toBe(0);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'strategy.suspend').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_type: 'strategy', target_id: String(strategyId) });
    // Support staff may not.
    const support = await staff(h, 'support');
    expect((await support.post(ADMIN_API.copyStrategyResume.replace(':id', String(strategyId)), { reason: 'x' })).code).not.toBe(
      1,
    );

    const resumed = await dealer.post(ADMIN_API.copyStrategyResume.replace(':id', String(strategyId)), { reason: 'cleared' });
    expect(resumed.data).toMatchObject({ status: 'open', suspend_reason: '' });
    expect((await follow(follower, { amount: '100' })).code).toBe(1);
    const list = (await dealer.get(ADMIN_API.copyStrategies)).data;
    expect(list.data[0]).toMatchObject({ id: strategyId, followers: 1, invested: '100.00' });
    const followers = (await dealer.get(ADMIN_API.copyStrategyFollowers.replace(':id', String(strategyId)))).data;
    expect(followers.total).toBeGreaterThanOrEqual(4);
    expect(followers.data[0]).toMatchObject({ follower_id: follower.id, status: 'following', equity: '100.00' });
    expect((await follower.post(API.copyUnfollow, { strategy_id: strategyId })).code).toBe(1);
    await h.expectLedgerSound();
  });
});
