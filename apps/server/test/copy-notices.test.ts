import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, API, type DeskPosition, type FollowView, type Notice, type OrderView } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { approvedDeposit, openedStrategy, realUser, staff, type Staff, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * Issue 34 (DESIGN §18), what the follower is told and what the desk may do, on SQLite and, with TEST_DATABASE_URL,
 * PostgreSQL: a provider's trade copied, a copy skipped (with its reason in words) and a follow ended by its equity
 * stop are in-app notices read back through the notices API, an unfollow is not; the dealing desk refuses to close,
 * partly close or set the stops of a copy alone, naming the provider's order, and marks copies in its list.
 */
describe('copy trading: the follower’s notices and the desk', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { clock, tick } = market;
  let admin: Staff;
  let provider: TestUser;
  let strategyId: number;

  const db = () => h.app.tradepad.database.db;
  const centre = async (u: TestUser, lang = 'en') => {
    await h.app.tradepad.notices.drain();
    return ((await h.call('GET', API.notices, {}, { authorization: u.token, lang })).data as { data: Notice[] }).data;
  };
  /** The notices of `kind` in the user's centre, once there are `n` of them (they are written after the commit). */
  const noticesOf = (u: TestUser, kind: string, n = 1, lang = 'en') =>
    vi.waitFor(
      async () => {
        const found = (await centre(u, lang)).filter((x) => x.kind === kind);
        if (found.length < n) throw new Error(`${found.length} ${kind} notice(s)`);
        return found;
      },
      { timeout: 5000, interval: 25 },
    );
  const buy = async (lots: string) => {
    const r = await provider.post(API.submit, { type: 1, cont: lots, forex_id: market.id('EURUSD'), status: 1, multiple: 100 });
    expect(r.code, r.msg).toBe(1);
    return r.data.order as OrderView;
  };
  const copiesOf = (orderId: number) => db().selectFrom('orders').selectAll().where('copy_of', '=', orderId).execute();
  const funded = async (usd: string) => {
    const u = await realUser(h, clock);
    await approvedDeposit(u, admin, usd);
    return u;
  };
  const follow = async (u: TestUser, p: Record<string, unknown>) => {
    const r = await u.post(API.copyFollow, { strategy_id: strategyId, equity_stop_percent: 0, ...p });
    expect(r.code, r.msg).toBe(1);
    return r.data as FollowView;
  };

  beforeAll(async () => {
    h = await market.start();
    admin = await staff(h);
    tick('EURUSD', '1.08500');
    provider = await funded('10000');
    strategyId = await openedStrategy(provider, admin, 'Notified', '0');
  }, 120_000);
  afterAll(async () => h?.close());

  it('tells a copy, a skip with its reason and the equity stop; an unfollow is not told', async () => {
    const copier = await funded('5000');
    const short = await funded('500');
    const stopped = await follow(copier, { amount: '2500', mode: 'proportional', value: '1', equity_stop_percent: 20 });
    // Five lots of EUR/USD need about 5,400 USD of margin: the 100 USD copy account cannot take them.
    const skipped = await follow(short, { amount: '100', mode: 'fixed_lots', value: '5' });

    tick('EURUSD', '1.08500');
    const order = await buy('1');
    const [copy] = await copiesOf(order.Id);
    expect(copy, 'the proportional follower’s copy').toBeDefined();

    const [copied] = await noticesOf(copier, 'copy_fill');
    expect(copied).toMatchObject({
      title: 'Trade copied',
      body: `Notified: Buy 0.25 EUR/USD opened at 1.08510 (order #${copy!.id})`,
      link: `/copy/${strategyId}`,
      read: false,
      data: { strategy_id: strategyId, strategy: 'Notified', symbol: 'EUR/USD', side: 1, lots: '0.25', price: '1.08510' },
    });

    const [skip] = await noticesOf(short, 'copy_skip');
    expect(skip).toMatchObject({
      title: 'Trade not copied',
      body: "Notified: Buy EUR/USD at 1.08510 was not copied. The copy account's free margin cannot cover the copy",
      data: { reason: 'insufficient_margin', lots: '5' },
    });
    const [skipHk] = await noticesOf(short, 'copy_skip', 1, 'hk');
    expect(skipHk!.title).toBe('未能跟單');
    expect(skipHk!.body).toContain('跟單賬戶');

    // 20 % of 2,500 lost on 0.25 lots: about 210 pips down, and the 1-s check ends the follow at the market.
    tick('EURUSD', '1.06390');
    tick('EURUSD', '1.06390');
    expect(await h.app.tradepad.copy.checkStops()).toBe(1);
    const row = await db().selectFrom('copy_follows').selectAll().where('id', '=', stopped.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, end_reason: 'equity_stop' });
    const returned = (Number(row.returned) / 1e6).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const [stop] = await noticesOf(copier, 'copy_stop');
    expect(stop).toMatchObject({
      title: 'Equity stop reached',
      body: `Your follow of Notified ended at its equity stop: the copies were closed and ${returned} USD went back to your balance`,
      link: `/copy/${strategyId}`,
      data: { strategy_id: strategyId, strategy: 'Notified' },
    });

    // The follower's own unfollow: no notice of it.
    expect((await short.post(API.copyUnfollow, { strategy_id: strategyId })).code).toBe(1);
    expect(
      (await db().selectFrom('copy_follows').select('status').where('id', '=', skipped.id).executeTakeFirstOrThrow()).status,
    ).toBe(2);
    const copyKinds = async (u: TestUser) => (await centre(u)).map((n) => n.kind).filter((k) => k.startsWith('copy_'));
    expect(await copyKinds(short)).toEqual(['copy_skip']);
    expect((await copyKinds(copier)).sort()).toEqual(['copy_fill', 'copy_stop']);
    // Every kind may be pushed; the follower chose none of them away.
    expect((await copier.get(API.pushPrefs)).data.kinds).toEqual(expect.arrayContaining(['copy_fill', 'copy_skip', 'copy_stop']));

    tick('EURUSD', '1.08500');
    expect((await provider.post(API.close, { id: order.Id })).code).toBe(1);
    await h.app.tradepad.engine.idle();
    await h.expectLedgerSound();
  });

  it('writes a large batch of notices (past one multi-row statement) for each of its users, read back in order', async () => {
    const users = [await realUser(h, clock), await realUser(h, clock), await realUser(h, clock)];
    const items = users.flatMap((u) =>
      Array.from({ length: 150 }, (_v, i) => ({
        userId: u.id,
        kind: 'copy_skip' as const,
        data: {
          strategy_id: strategyId,
          strategy: 'Notified',
          symbol: 'EUR/USD',
          side: 1,
          lots: String(i),
          price: '1.08510',
          reason: 'busy',
        },
      })),
    );
    h.app.tradepad.notices.notifyAll(items);
    for (const u of users) {
      await h.app.tradepad.notices.drain();
      const page = (await u.get(API.notices, { limit: 100 })).data as { data: Notice[]; total: number; unread: number };
      expect(page.total).toBe(150);
      expect(page.unread).toBe(150);
      // Newest first: the batch's own order kept.
      expect(page.data.map((n) => n.data.lots)).toEqual(Array.from({ length: 100 }, (_v, i) => String(149 - i)));
      expect(page.data[0]!.body).toBe(
        'Notified: Buy EUR/USD at 1.08510 was not copied. The copy account was busy (closing or stopping out)',
      );
    }
  });

  it('refuses to close, partly close or set the stops of a copy alone, and marks copies in its list', async () => {
    const dealer = await staff(h, 'dealer');
    const follower = await funded('5000');
    await follow(follower, { amount: '2500', mode: 'proportional', value: '1' });
    tick('EURUSD', '1.08500');
    const order = await buy('1');
    const [copy] = await copiesOf(order.Id);
    expect(copy).toBeDefined();

    const listed = async (userId: number) =>
      ((await dealer.get(ADMIN_API.positions, { status: 1, user_id: userId })).data.data as DeskPosition[])[0]!;
    expect(await listed(copy!.user_id)).toMatchObject({ id: copy!.id, copy_of: order.Id, strategy_name: 'Notified' });
    expect(await listed(provider.id)).toMatchObject({ id: order.Id, copy_of: 0, strategy_name: '' });

    const refusal = `This position copies order #${order.Id} of a copy-trading strategy and moves with it: act on order #${order.Id} instead, or suspend the strategy or end the follow`;
    const at = `${ADMIN_API.positions}/${copy!.id}`;
    expect(await dealer.post(`${at}/close`, { reason: 'risk' })).toMatchObject({ code: 0, msg: refusal });
    expect(await dealer.post(`${at}/close`, { reason: 'risk', cont: '0.1' })).toMatchObject({ code: 0, msg: refusal });
    expect(await dealer.post(`${at}/stops`, { stop_loss_price: '1.07000', reason: 'risk' })).toMatchObject({
      code: 0,
      msg: refusal,
    });
    const hk = await h.call('POST', `${at}/close`, { reason: 'risk' }, { authorization: dealer.token, lang: 'hk' });
    expect(hk.msg).toContain(`訂單 #${order.Id}`);

    // Nothing changed: the copy is whole and without stops, nothing audited, the follower told nothing of the desk.
    const after = await db().selectFrom('orders').selectAll().where('id', '=', copy!.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 1, lots: copy!.lots, stop_loss: 0 });
    const audited = await db().selectFrom('audit_log').select('action').where('target_id', '=', String(copy!.id)).execute();
    expect(audited.filter((a) => a.action.startsWith('position.') && !a.action.endsWith('.denied'))).toEqual([]);
    expect((await centre(follower)).some((n) => n.kind === 'desk_close')).toBe(false);

    // The provider's own order the desk may act on, and its copy follows it.
    const stops = await dealer.post(`${ADMIN_API.positions}/${order.Id}/stops`, { stop_loss_price: '1.07000', reason: 'risk' });
    expect(stops.code, stops.msg).toBe(1);
    await h.app.tradepad.engine.idle();
    expect(
      (await db().selectFrom('orders').select('stop_loss').where('id', '=', copy!.id).executeTakeFirstOrThrow()).stop_loss,
    ).toBe(107000);
    const closed = await dealer.post(`${ADMIN_API.positions}/${order.Id}/close`, { reason: 'risk' });
    expect(closed.code, closed.msg).toBe(1);
    await h.app.tradepad.engine.idle();
    expect((await db().selectFrom('orders').select('status').where('id', '=', copy!.id).executeTakeFirstOrThrow()).status).toBe(
      3,
    );
    expect((await follower.post(API.copyUnfollow, { strategy_id: strategyId })).code).toBe(1);
    await h.expectLedgerSound();
  });
});
