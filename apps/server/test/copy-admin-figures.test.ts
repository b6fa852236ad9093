import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, API, type AdminStrategy, type OrderView, type StrategyEntry } from '@tradepad/contracts';
import { REFRESH_MS } from '../src/modules/copy/copy-figures.ts';
import { CopyStatsRepository } from '../src/modules/copy/copy-stats.repository.ts';
import type { Harness } from './harness.ts';
import { approvedDeposit, openedStrategy, realUser, staff, type Staff, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

const DAY = 86_400_000;

/**
 * Issue 34 / DESIGN §18, the console's strategies list with their figures: two strategies whose providers traded to
 * different results (one won, one lost) carry the same after-fee figures the public list shows traders, sort by them
 * on the server both ways (return, drawdown, win rate, trades, equity, followers, money in), page in that order, and
 * refuse a sort outside the fixed list in the caller's language.
 */
describe('copy trading console: the strategies list with their figures', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { clock, tick } = market;
  let admin: Staff;
  let dealer: Staff;
  let gainer: { user: TestUser; strategy: number };
  let loser: { user: TestUser; strategy: number };

  const funded = async (usd: string) => {
    const u = await realUser(h, clock);
    await approvedDeposit(u, admin, usd);
    return u;
  };
  const provider = async (name: string) => {
    const user = await funded('10000');
    return { user, strategy: await openedStrategy(user, admin, name, '20') };
  };
  const buy = async (u: TestUser) => {
    const r = await u.post(API.submit, { type: 1, cont: '1', forex_id: market.id('EURUSD'), status: 1, multiple: 100 });
    expect(r.code, r.msg).toBe(1);
    return (r.data.order as OrderView).Id;
  };
  const close = async (u: TestUser, id: number) => expect((await u.post(API.close, { id })).code).toBe(1);
  const list = async (params: Record<string, unknown> = {}) => {
    const r = await dealer.get(ADMIN_API.copyStrategies, params);
    expect(r.code, r.msg).toBe(1);
    return r.data as { data: AdminStrategy[]; total: number };
  };
  const order = async (sort: string) => (await list({ sort })).data.map((s) => s.id);

  beforeAll(async () => {
    h = await market.start();
    admin = await staff(h);
    tick('EURUSD', '1.08500');
    gainer = await provider('Steady gains');
    loser = await provider('Blowing up');

    // One follower, on the winning strategy, with 2,000 USD.
    const follower = await funded('5000');
    const followed = await follower.post(API.copyFollow, {
      strategy_id: gainer.strategy,
      amount: '2000',
      mode: 'proportional',
      value: '1',
    });
    expect(followed.code, followed.msg).toBe(1);

    // The next day (a day's return is reckoned on the money it opened with), each provider buys a lot of EURUSD: the
    // price rises and the gainer takes profit; it falls and the loser closes.
    clock.advance(DAY);
    tick('EURUSD', '1.08500');
    const won = await buy(gainer.user);
    const lost = await buy(loser.user);
    tick('EURUSD', '1.08700');
    await close(gainer.user, won);
    tick('EURUSD', '1.08300');
    await close(loser.user, lost);
    await h.app.tradepad.engine.idle();
    // The figures computed when the strategies opened are kept 5 minutes (as on the public list).
    clock.advance(REFRESH_MS + 1000);
    // A day has passed: staff sessions made before it have expired.
    dealer = await staff(h, 'dealer');
  }, 120_000);
  afterAll(async () => h?.close());

  it('lists each strategy with the figures traders see on the public list, read in one batch', async () => {
    const reads = vi.spyOn(CopyStatsRepository.prototype, 'movements');
    const page = await list();
    // Both strategies' figures from one batch of reads, not a round per strategy.
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls[0]![0].map((s) => s.id).sort()).toEqual([gainer.strategy, loser.strategy].sort());
    reads.mockRestore();
    expect(page.total).toBe(2);
    // Newest first without a sort, as before.
    expect(page.data.map((s) => s.id)).toEqual([loser.strategy, gainer.strategy]);
    const [down, up] = page.data as [AdminStrategy, AdminStrategy];

    expect(Number(up.total_rate)).toBeGreaterThan(0);
    expect(Number(down.total_rate)).toBeLessThan(0);
    expect(up.max_drawdown).toBe('0.00');
    expect(Number(down.max_drawdown)).toBeGreaterThan(0);
    expect(up).toMatchObject({ followers: 1, invested: '2000.00', total_trade_num: 1, three_week_win: '100.00' });
    expect(down).toMatchObject({ followers: 0, invested: '0.00', total_trade_num: 1, three_week_win: '0.00' });
    expect(Number(up.three_week_profit)).toBeGreaterThan(0);
    expect(Number(down.three_week_profit)).toBeLessThan(0);
    // The provider's equity and the copy account's: more than the provider's 10,000 USD alone.
    expect(Number(up.equity)).toBeGreaterThan(12_000);
    expect(Number(down.equity)).toBeLessThan(10_000);
    for (const s of page.data) {
      expect(s.total_rate).toMatch(/^-?\d+\.\d{2}$/);
      expect(s.equity).toMatch(/^\d+\.\d{2}$/);
      expect(s.figures_at).toBe(clock.now());
    }

    // Exactly the public list's numbers: one computation, shown in two places.
    const pub = (await h.call('GET', API.copyStrategies, { sort: 'total_rate' })).data.data as StrategyEntry[];
    for (const s of page.data) {
      const entry = pub.find((e) => e.id === s.id)!;
      for (const k of [
        'equity',
        'three_week_rate',
        'three_week_win',
        'three_week_profit',
        'total_rate',
        'total_trade_num',
        'max_drawdown',
      ] as const)
        expect(s[k], k).toEqual(entry[k]);
    }
  });

  it('sorts by every figure on the server, both ways, and pages in that order', async () => {
    expect(await order('-total_rate')).toEqual([gainer.strategy, loser.strategy]);
    expect(await order('total_rate')).toEqual([loser.strategy, gainer.strategy]);
    expect(await order('-max_drawdown')).toEqual([loser.strategy, gainer.strategy]);
    expect(await order('max_drawdown')).toEqual([gainer.strategy, loser.strategy]);
    expect(await order('-three_week_rate')).toEqual([gainer.strategy, loser.strategy]);
    expect(await order('-three_week_win')).toEqual([gainer.strategy, loser.strategy]);
    expect(await order('-followers')).toEqual([gainer.strategy, loser.strategy]);
    expect(await order('followers')).toEqual([loser.strategy, gainer.strategy]);
    expect(await order('-equity')).toEqual([gainer.strategy, loser.strategy]);
    expect(await order('equity')).toEqual([loser.strategy, gainer.strategy]);
    expect(await order('-invested')).toEqual([gainer.strategy, loser.strategy]);
    // One trade each: a tie, newest first whichever way.
    expect(await order('total_trade_num')).toEqual([loser.strategy, gainer.strategy]);
    expect(await order('-total_trade_num')).toEqual([loser.strategy, gainer.strategy]);

    const second = await list({ sort: '-total_rate', page: 2, limit: 1 });
    expect(second.total).toBe(2);
    expect(second.data.map((s) => s.id)).toEqual([loser.strategy]);
    expect(second.data[0]!.name).toBe('Blowing up');

    // The state filter still applies: a suspended strategy is the only one of its state.
    const suspended = await dealer.post(ADMIN_API.copyStrategySuspend.replace(':id', String(loser.strategy)), {
      reason: 'drawdown review',
    });
    expect(suspended.code, suspended.msg).toBe(1);
    expect(Number((suspended.data as AdminStrategy).max_drawdown)).toBeGreaterThan(0);
    const open = await list({ status: 'open', sort: 'total_rate' });
    expect(open.data.map((s) => s.id)).toEqual([gainer.strategy]);
    expect(open.total).toBe(1);
    expect((await dealer.post(ADMIN_API.copyStrategyResume.replace(':id', String(loser.strategy)), { reason: 'ok' })).code).toBe(
      1,
    );
    await h.expectLedgerSound();
  });

  it('refuses a sort outside the fixed list, clearly, in English and Chinese', async () => {
    for (const sort of ['nonsense', 'id', 'name', '--total_rate', 'total_rate desc']) {
      const en = await h.call('GET', ADMIN_API.copyStrategies, { sort }, { authorization: dealer.token, lang: 'en' });
      expect(en.code, sort).toBe(0);
      expect(en.msg).toMatch(/^Unknown sort: use one of total_rate, .*max_drawdown.*"-" for highest first$/);
    }
    const hk = await h.call('GET', ADMIN_API.copyStrategies, { sort: 'nonsense' }, { authorization: dealer.token, lang: 'hk' });
    expect(hk.code).toBe(0);
    expect(hk.msg).toMatch(/^排序方式無效：請用 total_rate, .*由高至低$/);
  });
});
