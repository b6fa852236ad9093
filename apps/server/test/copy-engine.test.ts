import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, STATUS_CLOSED, STATUS_HOLDING, copyPushMessage, type OrderView } from '@tradepad/contracts';
import { parseMoney } from '@tradepad/domain';
import { transaction } from '../src/db/after-commit.ts';
import { CopyEventsReader } from '../src/modules/copy/copy-events.ts';
import { depositCredited } from '../src/modules/ledger/ledger-entries.ts';
import type { CopyFollower, CopyRoster } from '../src/modules/trading/copying-types.ts';
import type { Harness } from './harness.ts';
import { realUser, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * Copy trading through HTTP and the websocket (issue 34 point 2, DESIGN §18), on SQLite and, with TEST_DATABASE_URL,
 * PostgreSQL: with a tiny roster plugged into the app's engine (the copy module's role), a real provider's market order
 * posted through `forex/submit` is copied into the follower's copy account in the same commit, at the provider's fill
 * price, and the follower's socket is told `COPY`; the provider's close through `forex/close` closes the copy at the
 * provider's exit price and is told too. The ledger stays sound.
 */
describe('copy engine over HTTP and the websocket', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { clock, id, tick } = market;
  const followers = new Map<number, CopyFollower[]>();
  const roster: CopyRoster = { followersOf: (providerId) => followers.get(providerId) ?? [] };
  let seq = 0;

  const db = () => h.app.tradepad.database.db;
  const deposit = (userId: number, amount: string) =>
    transaction(db(), (trx) =>
      h.app.tradepad.ledger.post(
        trx,
        depositCredited({ depositId: 900_000 + userId, userId, amount: parseMoney(amount), at: clock.now() }),
      ),
    );

  /** A copy account as the copy module makes one at follow time: a user row of its own, owned by the follower. */
  async function copyAccount(follower: TestUser, amount: string): Promise<number> {
    const n = seq++;
    const { id: accountId } = await db()
      .insertInto('users')
      .values({
        uid: String(87_000_000 + n),
        email: null,
        area_id: null,
        mobile: null,
        phone: null,
        contact_mobile: null,
        password_hash: '!',
        is_demo: 0,
        demo_id: null,
        demo_uuid_hash: null,
        invite_code: `CPY${String(n).padStart(5, '0')}`,
        invited_by: null,
        lang: 'en',
        status: 1,
        created_at: clock.now(),
        updated_at: clock.now(),
        copy_owner_id: follower.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deposit(Number(accountId), amount);
    return Number(accountId);
  }

  beforeAll(async () => {
    h = await market.start();
    h.app.tradepad.engine.useCopying(roster);
    tick('EURUSD', '1.08500');
  }, 120_000);
  afterAll(async () => {
    if (h) await h.expectLedgerSound();
    await h?.close();
  });

  it('tells the follower’s socket of the copy filled at the provider’s price, and of its close', async () => {
    const provider = await realUser(h, clock);
    const follower = await realUser(h, clock);
    await deposit(provider.id, '10000');
    const account = await copyAccount(follower, '2500');
    const { id: followId } = await db()
      .insertInto('copy_follows')
      .values({
        strategy_id: 1,
        follower_id: follower.id,
        account_user_id: account,
        mode: 'proportional',
        value: '1',
        equity_stop_percent: 0,
        invested: 2_500_000_000,
        high_water_mark: 2_500_000_000,
        management_accrued_at: clock.now(),
        performance_settled_at: clock.now(),
        started_at: clock.now(),
        status: 1,
        end_reason: '',
        returned: 0,
        ended_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    followers.set(provider.id, [
      {
        followId: Number(followId),
        strategyId: 1,
        followerId: follower.id,
        accountUserId: account,
        mode: 'proportional',
        value: '1',
      },
    ]);

    const socket = await h.ws('?lang=en');
    socket.send({ type: 'login', params: follower.token });
    expect((await socket.json('login_result')).code).toBe(1);

    tick('EURUSD', '1.08500');
    const opened = await provider.post(API.submit, { type: 1, cont: '1', forex_id: id('EURUSD'), status: 1, multiple: 100 });
    expect(opened.code, opened.msg).toBe(1);
    const order = opened.data.order as OrderView;
    const fill = copyPushMessage.parse(await socket.json('COPY'));
    // Equity 2,500 against the provider's 10,000: a quarter of 1 lot, at the provider's own fill.
    expect(fill).toMatchObject({ type: 'COPY', strategy_id: 1, event: 'fill', price: '1.08510', lots: '0.25', reason: '' });
    const copy = await db().selectFrom('orders').selectAll().where('id', '=', fill.order_id).executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ user_id: account, copy_of: order.Id, lots: 2500, open_price: 108510, status: STATUS_HOLDING });

    tick('EURUSD', '1.08700');
    const closed = await provider.post(API.close, { id: order.Id });
    expect(closed.code, closed.msg).toBe(1);
    const close = copyPushMessage.parse(await socket.json('COPY', (m) => m.event === 'close'));
    expect(close).toMatchObject({ event: 'close', order_id: copy.id, price: '1.08700', lots: '0.25' });
    const after = await db().selectFrom('orders').selectAll().where('id', '=', copy.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: STATUS_CLOSED, close_price: 108700, profit: 47_500_000 });
    // The follower's list reads the fill and the close from the copy's order row; no event row is stored for them.
    const events = (await new CopyEventsReader(db()).recent([{ id: Number(followId), account_user_id: account }])).get(
      Number(followId),
    );
    expect(events?.map((e) => [e.event, e.order_id, e.price, e.lots, e.code])).toEqual([
      ['close', copy.id, 108700, 2500, 'EUR/USD'],
      ['fill', copy.id, 108510, 2500, 'EUR/USD'],
    ]);
    expect(await db().selectFrom('copy_events').selectAll().where('follow_id', '=', Number(followId)).execute()).toEqual([]);
    // Several follows in two statements, at most `per` each: the newest only, and nothing for a follow without orders.
    const two = await new CopyEventsReader(db()).recent(
      [
        { id: Number(followId), account_user_id: account },
        { id: Number(followId) + 1000, account_user_id: follower.id },
      ],
      1,
    );
    expect([...two].map(([id, list]) => [id, list.map((e) => e.event)])).toEqual([
      [Number(followId), ['close']],
      [Number(followId) + 1000, []],
    ]);
    socket.close();
  });
});
