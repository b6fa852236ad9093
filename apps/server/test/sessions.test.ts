import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, serverMessage, type TradeItem } from '@tradepad/contracts';
import { micros } from '@tradepad/domain';
import { transaction } from '../src/db/after-commit.ts';
import { depositCredited } from '../src/modules/ledger/ledger-entries.ts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness, type TestSocket } from './harness.ts';
import { PASSWORD, realUser, staff, type TestUser } from './people.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const MINUTE = 60_000;
/** The idle lifetime these tests start the server with (SESSION_IDLE_MINUTES seeds the setting). */
const IDLE_MINUTES = 60;
const NEW_PASSWORD = 'Quartz-Lantern-8841';

/**
 * Sockets belong to their session (DESIGN §10, issue 17 point 4): a logout, a password change or reset, a disabled
 * user and expiry end the socket's private channels at once with `session_revoked`, while its public channels go on;
 * another session of the same user is not touched. And an active session never expires as idle.
 */
describe('sessions and their sockets', () => {
  let h: Harness;
  let clock: ManualClock;
  let feed: ScriptedFeed;
  let eurusd: number;
  let depositId = 910_000;
  let price = 1.085;

  /** A new EURUSD price: DAY_MARKET for everyone, FOREX_TRADE for the traders holding EURUSD. */
  const tick = () => {
    clock.advance(1000);
    price += 0.0001;
    feed.pushPrice('EURUSD', price.toFixed(5), clock.now());
    feed.pushPrice('EURUSD', price.toFixed(5), clock.now());
    return price;
  };

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    feed = new ScriptedFeed(INSTRUMENTS);
    h = await startHarness({ clock, feed, env: { SESSION_IDLE_MINUTES: String(IDLE_MINUTES) } });
    tick();
    eurusd = ((await h.call('GET', API.tradeList)).data as TradeItem[]).find((i) => i.Code === 'EURUSD')!.Id;
  }, 120_000);
  afterAll(async () => {
    await h?.expectLedgerSound();
    await h?.close();
  });

  /** A real trader with cash and one EURUSD position, so every tick pushes their figures. */
  async function trader(): Promise<TestUser> {
    const u = await realUser(h, clock);
    const { ledger, database } = h.app.tradepad;
    await transaction(database.db, (trx) =>
      ledger.post(
        trx,
        depositCredited({ depositId: depositId++, userId: u.id, amount: micros(10_000_000_000n), at: clock.now() }),
      ),
    );
    tick();
    const order = await u.post(API.submit, { type: 1, cont: '1', forex_id: eurusd, status: 1, multiple: 100 });
    expect(order.code, order.msg).toBe(1);
    return u;
  }

  async function login(u: TestUser, password = PASSWORD): Promise<string> {
    const r = await h.call('POST', API.login, { account: u.email, password, login_type: 1 });
    expect(r.code, r.msg).toBe(1);
    return r.data.token as string;
  }

  /** A socket logged in with `token`, on DAY_MARKET and FOREX_TRADE, shown to receive both. */
  async function watch(token: string): Promise<TestSocket> {
    const s = await h.ws('?lang=en');
    s.send({ type: 'login', params: token });
    expect(await s.json('login_result')).toMatchObject({ code: 1 });
    for (const channel of ['DAY_MARKET', 'FOREX_TRADE']) {
      s.send({ type: 'sub', params: channel });
      expect(await s.json('sub_result')).toMatchObject({ code: 1, channel });
    }
    await expectPrivateFlowing(s);
    return s;
  }

  const quoteAt = (s: TestSocket, close: number) =>
    s.json('DAY_MARKET', (m) => (m.quotation as { close: number }).close === Number(close.toFixed(5)));

  /** A tick reaches the socket on both channels. */
  async function expectPrivateFlowing(s: TestSocket): Promise<void> {
    const p = tick();
    await quoteAt(s, p);
    await s.json('FOREX_TRADE');
  }

  /** The socket was told `session_revoked`; after it, ticks still bring quotes and never the user's figures. */
  async function expectSilenced(s: TestSocket): Promise<void> {
    const revoked = await s.json('session_revoked');
    expect(revoked).toEqual({ type: 'session_revoked' });
    expect(serverMessage.safeParse(revoked).success).toBe(true);
    s.received.length = 0;
    for (let i = 0; i < 3; i++) {
      const p = tick();
      await quoteAt(s, p);
      // Longer than the engine's push period (250 ms): a FOREX_TRADE would have gone out by now.
      await new Promise((r) => setTimeout(r, 300));
    }
    s.send('ping');
    await s.next((m) => m === 'pong');
    expect(s.received.filter((m) => m.includes('FOREX_TRADE') || m.includes('MARGIN_CALL'))).toEqual([]);
    // And it cannot subscribe to private channels again without a live session.
    s.send({ type: 'sub', params: 'FOREX_TRADE' });
    expect(await s.json('sub_result')).toMatchObject({ code: 0, msg: 'Please log in first' });
  }

  it('silences the socket of a session that logs out, and not the same user’s other session', async () => {
    const u = await trader();
    const phone = await watch(u.token);
    const tablet = await watch(await login(u));

    const out = await u.post(API.logout);
    expect(out.code, out.msg).toBe(1);
    await expectSilenced(phone);

    // The tablet's session lives on: figures keep coming, and it was never told anything.
    await expectPrivateFlowing(tablet);
    expect(tablet.received.some((m) => m.includes('session_revoked'))).toBe(false);
    phone.close();
    tablet.close();
  });

  it('silences the other sessions’ sockets when the password is changed, keeping the one that changed it', async () => {
    const u = await trader();
    const other = await watch(await login(u));
    const mine = await watch(u.token);
    clock.advance(61_000);
    expect((await u.post(API.sendEmail, { email: u.email, type: 3 })).code).toBe(1);
    const r = await u.post(API.amendPassword, {
      old_password: PASSWORD,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: h.lastCode(u.email),
      type: 1,
    });
    expect(r.code, r.msg).toBe(1);
    await expectSilenced(other);
    await expectPrivateFlowing(mine);
    expect(mine.received.some((m) => m.includes('session_revoked'))).toBe(false);
    other.close();
    mine.close();
  });

  it('silences every socket of the user when the password is reset', async () => {
    const u = await trader();
    const a = await watch(u.token);
    const b = await watch(await login(u));
    clock.advance(61_000);
    expect((await h.call('POST', API.sendEmail, { email: u.email, type: 2 })).code).toBe(1);
    const r = await h.call('POST', API.forgetPassword, {
      type: 1,
      account: u.email,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: h.lastCode(u.email),
    });
    expect(r.code, r.msg).toBe(1);
    await expectSilenced(a);
    await expectSilenced(b);
    a.close();
    b.close();
  });

  it('refuses a socket login with a revoked session', async () => {
    const u = await trader();
    await u.post(API.logout);
    const s = await h.ws('?lang=en');
    s.send({ type: 'login', params: u.token });
    expect(await s.json('login_result')).toMatchObject({ code: 0 });
    s.close();
  });

  it('silences the socket of a user who is disabled, at the next session check', async () => {
    const u = await trader();
    const s = await watch(u.token);
    await h.app.tradepad.database.db.updateTable('users').set({ status: 0 }).where('id', '=', u.id).execute();
    await h.app.tradepad.gateway.checkSessions();
    await expectSilenced(s);
    await h.app.tradepad.database.db.updateTable('users').set({ status: 1 }).where('id', '=', u.id).execute();
    s.close();
  });

  it('keeps an active session: a request within the idle time after the last one always passes', async () => {
    const u = await trader();
    const token = await login(u);
    // Used 30 s after sign-in (less than the last-seen write interval), then not again until just under the idle time.
    clock.advance(30_000);
    expect((await h.call('GET', API.userInfo, {}, { authorization: token })).code).toBe(1);
    clock.advance(IDLE_MINUTES * MINUTE - 1000);
    expect((await h.call('GET', API.userInfo, {}, { authorization: token })).code).toBe(1);
    // Unused for longer than the idle time (and the minute the last-seen time may lag): over.
    clock.advance(IDLE_MINUTES * MINUTE + MINUTE + 1000);
    expect((await h.call('GET', API.userInfo, {}, { authorization: token })).code).toBe(999);
  });

  it('counts a socket’s use as activity, and ends an idle socket’s session at the next check', async () => {
    const u = await trader();
    const token = await login(u);
    const s = await watch(token);
    // Three idle times long, the trader uses only the socket (moving between screens), never a REST call.
    for (let i = 0; i < 9; i++) {
      clock.advance(20 * MINUTE);
      s.send({ type: 'sub', params: 'KLINE.EURUSD' });
      await s.json('sub_result');
      s.send({ type: 'unsub', params: 'KLINE.EURUSD' });
      await s.json('unsub_result');
      await h.app.tradepad.gateway.checkSessions();
    }
    expect(s.received.some((m) => m.includes('session_revoked'))).toBe(false);
    expect((await h.call('GET', API.userInfo, {}, { authorization: token })).code).toBe(1);
    await expectPrivateFlowing(s);

    // Then left open without use (pings are not use): past the idle time the next check ends it.
    await h.app.tradepad.gateway.checkSessions();
    clock.advance(IDLE_MINUTES * MINUTE + 2 * MINUTE);
    s.send('ping');
    await s.next((m) => m === 'pong');
    await h.app.tradepad.gateway.checkSessions();
    await expectSilenced(s);
    expect((await h.call('GET', API.userInfo, {}, { authorization: token })).code).toBe(999);
    s.close();
  });

  it('ends a session at its absolute lifetime however active, from the run-time setting', async () => {
    const admin = await staff(h);
    const bad = [{ session_absolute_minutes: 59 }, { session_idle_minutes: 4 }, { session_idle_minutes: 'soon' }];
    for (const body of bad) expect((await admin.postJson(ADMIN_API.settings, body)).code, JSON.stringify(body)).toBe(0);
    expect((await admin.get(ADMIN_API.settings)).data).toMatchObject({
      session_idle_minutes: String(IDLE_MINUTES),
      session_absolute_minutes: '43200',
    });
    const saved = await admin.postJson(ADMIN_API.settings, { session_absolute_minutes: 120 });
    expect(saved.code, saved.msg).toBe(1);
    try {
      const u = await trader();
      const token = await login(u);
      const s = await watch(token);
      // Busy all along: a request every 10 minutes for 110 minutes.
      for (let i = 0; i < 11; i++) {
        clock.advance(10 * MINUTE);
        expect((await h.call('GET', API.userInfo, {}, { authorization: token })).code).toBe(1);
      }
      await h.app.tradepad.gateway.checkSessions();
      expect(s.received.some((m) => m.includes('session_revoked'))).toBe(false);
      clock.advance(11 * MINUTE);
      expect((await h.call('GET', API.userInfo, {}, { authorization: token })).code).toBe(999);
      await h.app.tradepad.gateway.checkSessions();
      await expectSilenced(s);
      s.close();
    } finally {
      const reset = await (await staff(h)).postJson(ADMIN_API.settings, { session_absolute_minutes: 43200 });
      expect(reset.code, reset.msg).toBe(1);
    }
  });
});
