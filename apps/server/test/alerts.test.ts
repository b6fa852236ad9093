import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS_MAX_ACTIVE, API, alertPushMessage, type PriceAlert } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { decodeMail } from './mail-sink.ts';
import { demoUser, realUser, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * Price alerts through HTTP and the websocket (issue 20 point 7, DESIGN §12): create, list and delete with their
 * refusals in the user's language, the active limit held under 100 concurrent creates, level semantics (a bid already
 * past the level fires on the next tick), firing once however many ticks or callers race, the books rebuilt at
 * start, the `ALERT` push and the mail.
 */
describe('price alerts', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { clock, id, tick } = market;
  const settled = async () => {
    await new Promise((r) => setTimeout(r, 20));
    await h.app.tradepad.engine.idle();
    await h.app.tradepad.notifications.drain();
  };
  const alertsOf = async (u: TestUser, state?: string) => {
    const r = await u.get(API.alerts, { state, limit: 100 });
    expect(r.code, r.msg).toBe(1);
    return r.data as { data: PriceAlert[]; total: number };
  };
  const socketOf = async (u: TestUser, lang = 'en') => {
    const s = await h.ws(`?lang=${lang}`);
    s.send({ type: 'login', params: u.token });
    expect((await s.json('login_result')).code).toBe(1);
    return s;
  };

  beforeAll(async () => {
    h = await market.start();
    tick('EURUSD', '1.08500');
    tick('BTCUSD', '95000.00');
  }, 120_000);
  afterAll(async () => h?.close());

  it('creates, lists newest first and deletes; a deleted alert is gone and never fires', async () => {
    const u = await demoUser(h);
    const a = await u.post(API.alerts, { forex_id: id('EURUSD'), condition: 'above', price: '1.09' });
    expect(a).toMatchObject({ code: 1, msg: 'Alert created' });
    expect(a.data).toMatchObject({
      ForexId: id('EURUSD'),
      Code: 'EURUSD',
      Condition: 'above',
      Price: '1.09000',
      State: 'active',
      FiredAt: 0,
      FiredBid: null,
      CreatedAt: clock.now(),
    });
    const b = await u.post(API.alerts, { forex_id: id('BTCUSD'), condition: 'below', price: 90000 });
    expect(b.data).toMatchObject({ Condition: 'below', Price: '90000.00' });
    const list = await alertsOf(u);
    expect(list.total).toBe(2);
    expect(list.data.map((x) => x.Id)).toEqual([b.data.Id, a.data.Id]);
    expect(h.app.tradepad.engine.watchesAlert(a.data.Id)).toBe(true);

    expect(await u.post(`${API.alerts}/${a.data.Id}/delete`)).toMatchObject({ code: 1, msg: 'Alert deleted' });
    expect(h.app.tradepad.engine.watchesAlert(a.data.Id)).toBe(false);
    expect((await alertsOf(u)).data.map((x) => x.Id)).toEqual([b.data.Id]);
    expect(await u.post(`${API.alerts}/${a.data.Id}/delete`)).toMatchObject({ code: 0, msg: 'This alert does not exist' });
    tick('EURUSD', '1.09100');
    await settled();
    expect((await alertsOf(u, 'fired')).total).toBe(0);
    tick('EURUSD', '1.08500');
  });

  it('refuses a bad condition, price or instrument by name in the language asked, and strangers', async () => {
    const u = await demoUser(h);
    const other = await demoUser(h);
    const post = (params: Record<string, unknown>, lang = 'en') =>
      h.call('POST', API.alerts, params, { authorization: u.token, lang });
    const eur = id('EURUSD');
    expect(await post({ forex_id: eur, condition: 'sideways', price: '1.1' })).toMatchObject({
      code: 0,
      msg: 'Choose whether the alert is for a price above or below',
    });
    expect(await post({ forex_id: eur, condition: 'above', price: '1.1' }, 'de')).toMatchObject({ code: 1 });
    expect(await post({ forex_id: eur, condition: 'below', price: '1.085001' })).toMatchObject({
      code: 0,
      msg: 'The price may have at most 5 decimals',
    });
    expect(await post({ forex_id: eur, condition: 'below', price: '0' })).toMatchObject({
      code: 0,
      msg: 'Please enter a valid price',
    });
    expect(await post({ forex_id: eur, condition: 'below', price: '-1' })).toMatchObject({ code: 0 });
    expect(await post({ forex_id: eur, condition: 'below', price: 'abc' })).toMatchObject({ code: 0 });
    expect(await post({ forex_id: 999_999, condition: 'below', price: '1' })).toMatchObject({
      code: 0,
      msg: 'This instrument does not exist',
    });
    expect((await post({ forex_id: eur, condition: 'sideways', price: '1' }, 'de')).msg).toBe(
      'Wählen Sie, ob der Alarm für einen Preis darüber oder darunter gilt',
    );
    expect((await h.call('GET', API.alerts)).code).toBe(999);
    expect((await h.call('POST', API.alerts, { forex_id: eur, condition: 'above', price: '1' })).code).toBe(999);
    // Another trader's alert is unknown to them, and stays.
    const mine = (await alertsOf(u)).data[0]!;
    expect(await other.post(`${API.alerts}/${mine.Id}/delete`)).toMatchObject({ code: 0, msg: 'This alert does not exist' });
    expect((await alertsOf(other)).total).toBe(0);
    expect((await alertsOf(u)).total).toBe(1);
    expect((await u.post(`${API.alerts}/abc/delete`)).msg).toBe('This alert does not exist');
  });

  it('holds the active limit under 100 concurrent creates, and frees a slot on delete', async () => {
    const u = await demoUser(h);
    const tries = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        u.post(API.alerts, { forex_id: id('BTCUSD'), condition: 'above', price: String(200_000 + i) }),
      ),
    );
    const made = tries.filter((r) => r.code === 1);
    expect(made).toHaveLength(ALERTS_MAX_ACTIVE);
    for (const r of tries.filter((x) => x.code !== 1))
      expect(r.msg).toBe(`You already have ${ALERTS_MAX_ACTIVE} active alerts: delete one before adding another`);
    expect((await alertsOf(u, 'active')).total).toBe(ALERTS_MAX_ACTIVE);
    await u.post(`${API.alerts}/${made[0]!.data.Id}/delete`);
    expect((await u.post(API.alerts, { forex_id: id('BTCUSD'), condition: 'above', price: '300000' })).code).toBe(1);
    expect((await u.post(API.alerts, { forex_id: id('BTCUSD'), condition: 'above', price: '300001' })).code).toBe(0);
  });

  it('replays a repeated Idempotency-Key instead of making a second alert', async () => {
    const u = await demoUser(h);
    const headers = { authorization: u.token, 'idempotency-key': 'alert-key-0001' };
    const params = { forex_id: id('EURUSD'), condition: 'above', price: '1.2' };
    const first = await h.call('POST', API.alerts, params, headers);
    const again = await h.call('POST', API.alerts, params, headers);
    expect(again).toEqual(first);
    expect((await alertsOf(u)).total).toBe(1);
  });

  it('is a level: a bid already past it fires on the next tick, once, on every socket of the owner', async () => {
    const u = await demoUser(h);
    const s1 = await socketOf(u, 'en');
    const s2 = await socketOf(u, 'de');
    tick('EURUSD', '1.08500');
    // Already above 1.08400 and already below 1.08600 as they are created.
    const above = (await u.post(API.alerts, { forex_id: id('EURUSD'), condition: 'above', price: '1.08400' })).data;
    const below = (await u.post(API.alerts, { forex_id: id('EURUSD'), condition: 'below', price: '1.08600' })).data;
    const far = (await u.post(API.alerts, { forex_id: id('EURUSD'), condition: 'below', price: '1.07000' })).data;
    expect((await alertsOf(u, 'active')).total).toBe(3);
    tick('EURUSD', '1.08500');
    await settled();
    const pushes = [
      await s1.json('ALERT', (m: any) => m.alert.Id === above.Id),
      await s1.json('ALERT', (m: any) => m.alert.Id === below.Id),
    ];
    for (const p of pushes) expect(alertPushMessage.safeParse(p).success).toBe(true);
    expect(pushes[0]).toMatchObject({
      alert: { Id: above.Id, State: 'fired', FiredBid: '1.08500', Price: '1.08400', FiredAt: clock.now() },
      msg: 'EUR/USD: the bid is 1.08500, at or above your alert price 1.08400',
    });
    expect((await s2.json('ALERT', (m: any) => m.alert.Id === below.Id)).msg).toBe(
      'EUR/USD: Der Geldkurs liegt bei 1.08500, auf oder unter Ihrem Alarmpreis 1.08600',
    );
    const fired = await alertsOf(u, 'fired');
    expect(fired.data.map((a) => a.Id).sort()).toEqual([above.Id, below.Id].sort());
    // Never again, however the price comes back.
    tick('EURUSD', '1.08300');
    tick('EURUSD', '1.08700');
    await settled();
    expect(s1.received.filter((m) => m.includes('"ALERT"'))).toHaveLength(0);
    expect((await alertsOf(u, 'active')).data.map((a) => a.Id)).toEqual([far.Id]);
    // The far one fires when the bid reaches it, not before.
    tick('EURUSD', '1.07010');
    await settled();
    expect((await alertsOf(u, 'active')).total).toBe(1);
    tick('EURUSD', '1.07000');
    await settled();
    expect((await s1.json('ALERT')).alert).toMatchObject({ Id: far.Id, FiredBid: '1.07000' });
    tick('EURUSD', '1.08500');
    s1.close();
    s2.close();
  });

  it('fires once when ticks and callers race (one conditional update decides)', async () => {
    const u = await demoUser(h);
    const s = await socketOf(u);
    const a = (await u.post(API.alerts, { forex_id: id('EURUSD'), condition: 'above', price: '1.09000' })).data as PriceAlert;
    const level = { id: a.Id, userId: u.id, instrumentId: a.ForexId, condition: 'above' as const, price: a.Price };
    const { alerts } = h.app.tradepad;
    // Twenty firings at once (as two leaders or two ticks would), alongside the engine's own on a tick.
    tick('EURUSD', '1.09010');
    const results = await Promise.all(Array.from({ length: 20 }, () => alerts.fire(level, { bid: 109020, time: clock.now() })));
    await settled();
    expect(results.filter((r) => r === true).length).toBeLessThanOrEqual(1);
    await s.json('ALERT', (m: any) => m.alert.Id === a.Id);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.received.filter((m) => m.includes('"ALERT"'))).toHaveLength(0);
    expect((await alertsOf(u, 'fired')).total).toBe(1);
    // The slot came back exactly once.
    expect(await countActive(u)).toBe(0);
    tick('EURUSD', '1.08500');
    s.close();
  });

  it('mails the owner in their language when an alert fires', async () => {
    const u = await realUser(h, clock);
    const a = (await u.post(API.alerts, { forex_id: id('BTCUSD'), condition: 'below', price: '94000' })).data as PriceAlert;
    tick('BTCUSD', '93990.00');
    await settled();
    const mails = h.mail.filter((m) => m.to === u.email).map((m) => decodeMail(m.raw));
    const alertMail = mails.find((m) => m.includes('Price alert: BTC/USD'));
    expect(alertMail).toBeDefined();
    expect(alertMail).toContain('the bid was 93990.00, at or below 94000.00');
    expect((await alertsOf(u, 'fired')).data[0]).toMatchObject({ Id: a.Id, FiredBid: '93990.00' });
    tick('BTCUSD', '95000.00');
  });

  async function countActive(u: TestUser): Promise<number> {
    const row = await h.app.tradepad.database.db
      .selectFrom('alert_counts')
      .select('active')
      .where('user_id', '=', u.id)
      .executeTakeFirst();
    return Number(row?.active ?? 0);
  }
});

/** The books are rebuilt from the database at start: an alert made before a restart fires after it. */
describe('price alerts across a restart', () => {
  it('rebuilds the books from the database and fires after the restart', async () => {
    const first = new ScriptedMarket();
    let h = await first.start({ keepData: true });
    first.tick('EURUSD', '1.08500');
    const u = await demoUser(h);
    const a = (await u.post(API.alerts, { forex_id: first.id('EURUSD'), condition: 'above', price: '1.08800' })).data;
    const { dataDir, database } = h;
    await h.close();

    const second = new ScriptedMarket();
    second.clock.advance(first.clock.now() - second.clock.now());
    h = await second.start({ dataDir, database });
    try {
      expect(h.app.tradepad.engine.watchesAlert(a.Id)).toBe(true);
      const s = await h.ws();
      s.send({ type: 'login', params: u.token });
      expect((await s.json('login_result')).code).toBe(1);
      second.tick('EURUSD', '1.08800');
      expect((await s.json('ALERT')).alert).toMatchObject({ Id: a.Id, State: 'fired', FiredBid: '1.08800' });
      s.close();
    } finally {
      await h.close();
    }
  }, 120_000);
});
