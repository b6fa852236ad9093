import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type DepositCoinOption, type DrawCurrency, type TradeItem } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { startHarness, type Envelope, type Harness } from './harness.ts';
import { demoUser, ownerCode, realUser, staff, type Staff, type TestUser } from './people.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const feedFor = () => new ScriptedFeed(INSTRUMENTS);

interface Answer {
  env: Envelope;
  status: number;
  replayed: boolean;
}

/** Posts a form as the app does, with an Idempotency-Key (or none), and reads whether the answer was a replay. */
async function send(
  h: Harness,
  token: string,
  path: string,
  params: Record<string, unknown>,
  key: string | undefined,
  method: 'GET' | 'POST' = 'POST',
): Promise<Answer> {
  const form = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const headers: Record<string, string> = { authorization: token, lang: 'en' };
  if (key !== undefined) headers['idempotency-key'] = key;
  const res =
    method === 'GET'
      ? await h.app.inject({ method, url: path, query: form, headers })
      : await h.app.inject({
          method,
          url: path,
          payload: new URLSearchParams(form).toString(),
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        });
  return { env: res.json() as Envelope, status: res.statusCode, replayed: res.headers['idempotent-replayed'] === 'true' };
}

let keySeq = 0;
const newKey = () => `k-${Date.now()}-${keySeq++}-6f1c2b1e-0c5a-4f0e-9a57`;

/**
 * Idempotency (DESIGN §10, issue 17 point 7): a repeated Idempotency-Key replays the first answer instead of making a
 * second order, withdrawal or decision, across concurrent requests, users, staff, failures and a restart.
 */
describe('idempotency keys', () => {
  let h: Harness;
  let clock: ManualClock;
  let feed: ScriptedFeed;
  let items: TradeItem[];
  let admin: Staff;
  const id = (code: string) => items.find((i) => i.Code === code)!.Id;
  const tick = (code: string, bid: string) => {
    clock.advance(1000);
    feed.pushPrice(code, bid, clock.now());
    feed.pushPrice(code, bid, clock.now());
  };
  const db = () => h.app.tradepad.database.db;
  const ordersOf = async (userId: number) =>
    (await db().selectFrom('orders').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
  const buy = (cont = '0.01') => ({ type: 1, cont, forex_id: id('EURUSD'), status: 1, multiple: 100 });

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    feed = feedFor();
    h = await startHarness({ clock, feed });
    items = (await h.call('GET', API.tradeList)).data;
    tick('EURUSD', '1.08500');
    admin = await staff(h);
  }, 120_000);
  afterAll(async () => h?.close());

  it('replays the first answer to a repeated key: one order, the same ids, `t` ignored, the ledger sound', async () => {
    const u = await demoUser(h);
    const key = newKey();
    const first = await send(h, u.token, API.submit, { ...buy(), t: 1 }, key);
    expect(first.env.code, first.env.msg).toBe(1);
    expect(first.replayed).toBe(false);
    // The retry (another `t`, and as GET, which the spec also accepts) gets the same envelope, marked as a replay.
    const again = await send(h, u.token, API.submit, { ...buy(), t: 2 }, key, 'GET');
    expect(again).toEqual({ env: first.env, status: 200, replayed: true });
    expect(await ordersOf(u.id)).toEqual([first.env.data.order.Id]);

    // Closing with a key of its own: the repeat replays the close, it does not refuse "already closed".
    const closeKey = newKey();
    const closed = await send(h, u.token, API.close, { id: first.env.data.order.Id }, closeKey);
    expect(closed.env.code, closed.env.msg).toBe(1);
    expect(await send(h, u.token, API.close, { id: first.env.data.order.Id }, closeKey)).toEqual({ ...closed, replayed: true });
    // Without a key a call runs as before: closing again is refused.
    expect((await send(h, u.token, API.close, { id: first.env.data.order.Id }, undefined)).env.code).toBe(0);
    await h.expectLedgerSound();
  });

  it('runs one of 50 concurrent requests with the same key; every one answers that order', async () => {
    const u = await demoUser(h);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(h, u.token, API.submit, buy(), key)));
    const orders = await ordersOf(u.id);
    expect(orders).toHaveLength(1);
    for (const a of answers) expect(a.env, a.env.msg).toMatchObject({ code: 1, data: { order: { Id: orders[0] } } });
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    await h.expectLedgerSound();
  });

  it('refuses a key reused with other parameters or on another call, and runs nothing', async () => {
    const u = await demoUser(h);
    const key = newKey();
    const first = await send(h, u.token, API.submit, buy('0.01'), key);
    expect(first.env.code).toBe(1);
    for (const [path, params] of [
      [API.submit, buy('0.02')],
      [API.submit, { ...buy('0.01'), stop_loss_price: '1.0' }],
      [API.close, { id: first.env.data.order.Id }],
    ] as const) {
      const other = await send(h, u.token, path, params, key);
      expect(other.env, path).toMatchObject({ code: 0, msg: expect.stringMatching(/already used for a different request/) });
      expect(other.replayed).toBe(false);
    }
    expect(await ordersOf(u.id)).toEqual([first.env.data.order.Id]);
    expect((await u.get(API.deals, { status: 1 })).data.data).toHaveLength(1);
  });

  it('keeps keys per user: the same key of another user is another action', async () => {
    const [a, b] = [await demoUser(h), await demoUser(h)];
    const key = newKey();
    const [ra, rb] = [await send(h, a.token, API.submit, buy(), key), await send(h, b.token, API.submit, buy(), key)];
    expect([ra.env.code, rb.env.code, ra.replayed, rb.replayed]).toEqual([1, 1, false, false]);
    expect(ra.env.data.order.Id).not.toBe(rb.env.data.order.Id);
    expect(await ordersOf(a.id)).toEqual([ra.env.data.order.Id]);
    expect(await ordersOf(b.id)).toEqual([rb.env.data.order.Id]);
  });

  it('refuses a malformed key with a clear message, before anything runs', async () => {
    const u = await demoUser(h);
    for (const bad of ['', 'x'.repeat(256), 'two words'])
      expect((await send(h, u.token, API.submit, buy(), bad)).env, JSON.stringify(bad)).toMatchObject({
        code: 0,
        msg: expect.stringMatching(/Idempotency-Key header must be 1 to 255 visible characters/),
      });
    expect(await ordersOf(u.id)).toEqual([]);
    // In the user's language.
    const res = await h.app.inject({
      method: 'POST',
      url: API.submit,
      payload: buy(),
      headers: { authorization: u.token, lang: 'hk', 'idempotency-key': 'two words' },
    });
    expect(res.json()).toMatchObject({ code: 0, msg: expect.stringMatching(/Idempotency-Key 標頭/) });
    // A key of 255 characters is fine.
    expect((await send(h, u.token, API.submit, buy(), 'x'.repeat(255))).env.code).toBe(1);
  });

  it('keeps a refusal that says "try again in a moment" (no current price) as the key’s answer, with no retry flag', async () => {
    const u = await demoUser(h);
    const key = newKey();
    const order = { ...buy(), forex_id: id('GBPUSD') };
    // GBPUSD has had no tick yet: no current price.
    const first = await send(h, u.token, API.submit, order, key);
    expect(first.env).toMatchObject({ code: 0, msg: expect.stringMatching(/No current price/), data: null });
    tick('GBPUSD', '1.27000');
    // The same key is the same tap: it replays the refusal even now that there is a price (DESIGN §10). A client that
    // resent it for the words "try again" would be answered this for as long as it kept trying (the failover test's
    // traders did, issue 30 point 7): only `data.retry` says a key may be sent again.
    const again = await send(h, u.token, API.submit, order, key);
    expect(again).toEqual({ env: first.env, status: 200, replayed: true });
    // A new tap, with a new key, is evaluated afresh and fills.
    expect((await send(h, u.token, API.submit, order, newKey())).env.code).toBe(1);
    expect(await ordersOf(u.id)).toHaveLength(1);
  });

  it('does not keep an unexpected error (500): a retry with the same key runs, and is then replayed', async () => {
    const u = await demoUser(h);
    const key = newKey();
    const trading = h.app.tradepad.trading;
    const submit = trading.submit.bind(trading);
    trading.submit = () => Promise.reject(new Error('disk on fire'));
    let failed: Answer;
    try {
      failed = await send(h, u.token, API.submit, buy(), key);
    } finally {
      trading.submit = submit;
    }
    expect(failed.status).toBe(500);
    expect(await ordersOf(u.id)).toEqual([]);
    const retried = await send(h, u.token, API.submit, buy(), key);
    expect([retried.env.code, retried.replayed]).toEqual([1, false]);
    const again = await send(h, u.token, API.submit, buy(), key);
    expect([again.env.data.order.Id, again.replayed]).toEqual([retried.env.data.order.Id, true]);
    expect(await ordersOf(u.id)).toEqual([retried.env.data.order.Id]);
    await h.expectLedgerSound();
  });

  describe('money and staff decisions', () => {
    let coins: DepositCoinOption[];
    let u: TestUser;
    let deposit: number;

    beforeAll(async () => {
      u = await realUser(h, clock);
      coins = (await u.get(API.depositCoins)).data;
      const key = newKey();
      const params = { charge_id: coins[0]!.id, number: '500', proofImg: await u.upload() };
      const d = await send(h, u.token, API.depositSubmit, params, key);
      expect(d.env.code, d.env.msg).toBe(1);
      expect(await send(h, u.token, API.depositSubmit, params, key)).toEqual({ ...d, replayed: true });
      deposit = d.env.data.id;
    }, 60_000);

    it("replays a staff member's approval: credited once, the same decision; another staff member's key is theirs", async () => {
      const key = newKey();
      const approve = `${ADMIN_API.deposits}/${deposit}/approve`;
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(h, admin.token, approve, {}, key)));
      for (const a of answers) expect(a.env, a.env.msg).toEqual(answers[0]!.env);
      expect(answers[0]!.env).toMatchObject({ code: 1, data: { status: 1 } });
      expect(answers.filter((a) => a.replayed)).toHaveLength(9);
      expect((await u.get(API.forexDetail)).data.balance).toBe('500.00');
      // The same key on the reject of the same deposit is another request: refused, nothing changes.
      const reject = await send(h, admin.token, `${ADMIN_API.deposits}/${deposit}/reject`, { remark: 'x' }, key);
      expect(reject.env).toMatchObject({ code: 0, msg: expect.stringMatching(/different request/) });
      // Another staff member with the same key is evaluated: the deposit was already reviewed.
      const finance = await staff(h, 'finance');
      const theirs = await send(h, finance.token, approve, {}, key);
      expect([theirs.env.code, theirs.replayed, theirs.env.msg]).toEqual([
        0,
        false,
        expect.stringMatching(/already been reviewed/),
      ]);
      expect((await u.get(API.forexDetail)).data.balance).toBe('500.00');
      await h.expectLedgerSound();
    });

    it('makes one withdrawal of 50 concurrent requests with one key, and replays a refusal rather than re-evaluating it', async () => {
      const r = await u.post(API.realName, {
        name: 'Alice Chan',
        card_id: `ID${Date.now()}`,
        front_pic: await u.upload(),
        reverse_pic: await u.upload(),
      });
      expect(r.code, r.msg).toBe(1);
      const queue = await admin.get(ADMIN_API.kyc, { status: 1, user_id: u.id });
      const kycKey = newKey();
      const kycApprove = `${ADMIN_API.kyc}/${queue.data.data[0].id}/approve`;
      const decided = await send(h, admin.token, kycApprove, {}, kycKey);
      expect(decided.env.code, decided.env.msg).toBe(1);
      expect(await send(h, admin.token, kycApprove, {}, kycKey)).toEqual({ ...decided, replayed: true });

      const usdt = ((await u.get(API.drawSymbols, { type: 1 })).data as DrawCurrency[]).find((c) => c.protocol === 'TRC20')!;
      // The owner's code confirms the binding and each withdrawal (DESIGN §10); a new method is usable at once here.
      expect((await admin.postJson(ADMIN_API.settings, { withdraw_method_hold_hours: 0 })).code).toBe(1);
      const bindKey = newKey();
      const bindParams = { type: 1, draw_id: usdt.id, dc_address: TRON, auth_code: await ownerCode(h, clock, u) };
      const bound = await send(h, u.token, API.bindDrawMethod, bindParams, bindKey);
      expect(bound.env.code, bound.env.msg).toBe(1);
      expect(await send(h, u.token, API.bindDrawMethod, bindParams, bindKey)).toEqual({ ...bound, replayed: true });

      const withdrawals = async () =>
        (await db().selectFrom('withdrawals').select('id').where('user_id', '=', u.id).execute()).map((w) => w.id);
      const draw = {
        draw_currency_id: usdt.id,
        number: '100',
        draw_method_id: bound.env.data.id,
        auth_code: await ownerCode(h, clock, u),
      };
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 50 }, () => send(h, u.token, API.draw, draw, key)));
      const made = await withdrawals();
      expect(made).toHaveLength(1);
      for (const a of answers) expect(a.env, a.env.msg).toMatchObject({ code: 1, data: { id: made[0] } });
      expect((await u.get(API.forexDetail)).data).toEqual({ balance: '400.00', lock_balance: '100.00', credit: '0.00' });

      // A refused withdrawal (beyond the free balance) is the answer to that action: replayed even once money came in.
      const tooMuch = { ...draw, number: '450', auth_code: await ownerCode(h, clock, u) };
      const refusedKey = newKey();
      const refused = await send(h, u.token, API.draw, tooMuch, refusedKey);
      expect(refused.env).toMatchObject({ code: 0, msg: expect.stringMatching(/free balance/) });
      const more = await send(
        h,
        u.token,
        API.depositSubmit,
        { charge_id: coins[0]!.id, number: '100', proofImg: await u.upload() },
        newKey(),
      );
      expect((await send(h, admin.token, `${ADMIN_API.deposits}/${more.env.data.id}/approve`, {}, newKey())).env.code).toBe(1);
      expect(await send(h, u.token, API.draw, tooMuch, refusedKey)).toEqual({ ...refused, replayed: true });
      expect(await withdrawals()).toEqual(made);
      // A new tap (a new key) is evaluated afresh.
      expect((await send(h, u.token, API.draw, tooMuch, newKey())).env.code).toBe(1);
      expect(await withdrawals()).toHaveLength(2);
      await h.expectLedgerSound();
    });
  });
});

describe('idempotency keys across a restart', () => {
  let h: Harness | undefined;
  afterAll(async () => h?.close());

  it('replays an answer given before the restart, from the database', async () => {
    const clock = new ManualClock(WEDNESDAY);
    let feed = feedFor();
    const first = await startHarness({ clock, feed, keepData: true });
    const items = (await first.call('GET', API.tradeList)).data as TradeItem[];
    const eurusd = items.find((i) => i.Code === 'EURUSD')!.Id;
    const tick = (f: ScriptedFeed) => {
      clock.advance(1000);
      f.pushPrice('EURUSD', '1.08500', clock.now());
      f.pushPrice('EURUSD', '1.08500', clock.now());
    };
    tick(feed);
    const u = await demoUser(first);
    const key = newKey();
    const order = { type: 1, cont: '0.01', forex_id: eurusd, status: 1, multiple: 100 };
    const before = await send(first, u.token, API.submit, order, key);
    expect(before.env.code, before.env.msg).toBe(1);
    await first.close();

    feed = feedFor();
    h = await startHarness({ clock, feed, dataDir: first.dataDir, database: first.database });
    tick(feed);
    const after = await send(h, u.token, API.submit, order, key);
    expect(after).toEqual({ ...before, replayed: true });
    const orders = await h.app.tradepad.database.db.selectFrom('orders').select('id').where('user_id', '=', u.id).execute();
    expect(orders.map((o) => o.id)).toEqual([before.env.data.order.Id]);
    await h.expectLedgerSound();
  }, 120_000);
});
