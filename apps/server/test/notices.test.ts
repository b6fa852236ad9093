import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  PUSH_SUBSCRIPTIONS_MAX,
  noticePushMessage,
  type DepositCoinOption,
  type OrderView,
  type Notice,
} from '@tradepad/contracts';
import { transaction } from '../src/db/after-commit.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { NoticesRepository } from '../src/modules/notices/notices.repository.ts';
import { NoticesService } from '../src/modules/notices/notices.service.ts';
import { WebPush } from '../src/modules/notices/web-push.ts';
import { systemClock } from '../src/ports/clock.ts';
import { freshDatabase, type Harness, type TestSocket } from './harness.ts';
import { approvedDeposit, ownerCode, realUser, staff, type Staff, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/** `http_ece` (a dependency of web-push, untyped): decrypts what a push service receives, as a browser would. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: string }): Buffer;
};

/** A local push service: records every push it receives and answers each with the next scripted status (201). */
class LocalPushService {
  readonly received: Array<{ path: string; headers: http.IncomingHttpHeaders; body: Buffer }> = [];
  statuses: number[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(this.statuses.shift() ?? 201).end();
    });
  });
  port = 0;
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
  }
  close() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }
  async waitFor(n: number, timeoutMs = 5000) {
    const until = Date.now() + timeoutMs;
    while (this.received.length < n) {
      if (Date.now() > until) throw new Error(`expected ${n} pushes, got ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** A browser's side of a push subscription: its own P-256 key pair and auth secret, to decrypt what it receives. */
function browserKeys(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    decrypt(body: Buffer): Record<string, unknown> {
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') });
      return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
    },
  };
}

/**
 * In-app notices and web push (issue 21 points 1 and 2): a trigger fill, a margin call, a stop-out and the staff's
 * deposit and withdrawal decisions each store a notice and reach the trader's sockets as `NOTICE`; the centre lists,
 * counts and marks them read; web pushes reach a local push service encrypted for the subscription (decrypted here
 * with the browser's keys), only for the kinds chosen, and a subscription the service says is gone is removed.
 */
describe('notices and web push', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { id, tick, clock } = market;
  let admin: Staff;
  const pushService = new LocalPushService();

  const settled = async () => {
    await new Promise((r) => setTimeout(r, 20));
    await h.app.tradepad.engine.idle();
    await h.app.tradepad.notices.drain();
  };

  async function loggedInSocket(u: TestUser, lang = 'en'): Promise<TestSocket> {
    const s = await h.ws(`?lang=${lang}`);
    s.send({ type: 'login', params: u.token });
    expect((await s.json('login_result')).code).toBe(1);
    return s;
  }

  async function noticeMessage(s: TestSocket, kind: string) {
    const m = await s.json('NOTICE', (m) => (m.notice as Notice).kind === kind);
    // The message matches its schema in packages/contracts.
    expect(noticePushMessage.safeParse(m).success).toBe(true);
    return m as { notice: Notice; unread: number };
  }

  /** An order `u` places (type 1, a buy) on `code`, which must be accepted: the order as answered. */
  async function place(u: TestUser, code: string, params: Record<string, unknown>): Promise<OrderView> {
    const r = await u.post(API.submit, { type: 1, forex_id: id(code), ...params });
    expect(r.code, r.msg).toBe(1);
    return r.data.order as OrderView;
  }

  const centre = async (u: TestUser) => (await u.get(API.notices)).data as { data: Notice[]; total: number; unread: number };

  async function funded(usd: string): Promise<TestUser> {
    const u = await realUser(h, clock);
    await approvedDeposit(u, admin, usd);
    await settled();
    return u;
  }

  beforeAll(async () => {
    await pushService.start();
    // The local push service is on this machine: let it in, as only tests do (off by default, DESIGN §2).
    h = await market.start({ env: { PUSH_ALLOW_LOOPBACK: 'true' } });
    admin = await staff(h);
    expect((await admin.postJson(ADMIN_API.settings, { withdraw_method_hold_hours: 0 })).code).toBe(1);
    expect((await admin.postJson(ADMIN_API.walletSettings, { withdraw_requires_kyc: false })).code).toBe(1);
    for (const [code, bid] of Object.entries({ EURUSD: '1.08500', BTCUSD: '95000.00' })) tick(code, bid);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await pushService.close();
  });

  it('a stop-loss and a pending fill each store a notice and send NOTICE; the centre lists, counts and marks them read', async () => {
    const u = await funded('20000');
    const ws = await loggedInSocket(u);
    tick('EURUSD', '1.08500');
    const orderId = (await place(u, 'EURUSD', { cont: '1', status: 1, multiple: 100, stop_loss_price: '1.08000' })).Id;
    tick('EURUSD', '1.07900');
    await settled();
    const stop = await noticeMessage(ws, 'fill');
    expect(stop.notice).toMatchObject({
      kind: 'fill',
      title: 'Stop-loss hit',
      link: '/mine/history',
      read: false,
      data: { trigger: 'stop_loss', order_id: orderId, symbol: 'EUR/USD', price: '1.07900' },
    });
    // Named as the app names it (issue 33: notices said "EURUSD" where the app says "EUR/USD").
    expect(stop.notice.body).toMatch(new RegExp(`^EUR/USD order #${orderId} closed at 1\\.07900, P/L -`));
    expect(stop.unread).toBe(2); // the deposit's notice and this one

    // A pending buy limit filled when the ask comes down to it.
    tick('EURUSD', '1.08500');
    const limit = await place(u, 'EURUSD', { cont: '0.5', status: 0, target_price: '1.08300', multiple: 100 });
    tick('EURUSD', '1.08250');
    await settled();
    const filled = await noticeMessage(ws, 'fill');
    expect(filled.notice).toMatchObject({
      title: 'Pending order filled',
      data: { trigger: 'pending', order_id: limit.Id },
    });
    expect(filled.notice.body).toMatch(/^Buy 0\.5 EUR\/USD opened at /);

    // The centre, in the caller's language; the bell's count; one read, then all.
    const list = await centre(u);
    expect(list).toMatchObject({ total: 3, unread: 3 });
    expect(list.data.map((n) => n.kind)).toEqual(['fill', 'fill', 'deposit']);
    const hk = (await h.call('GET', API.notices, {}, { authorization: u.token, lang: 'hk' })).data as { data: Notice[] };
    expect(hk.data[1]!.title).toBe('止損已觸發');
    expect((await u.get(API.noticesUnread)).data).toEqual({ unread: 3 });
    expect((await u.post(API.noticesRead, { id: list.data[0]!.id })).data).toEqual({ unread: 2 });
    // Another user's notice id changes nothing of theirs.
    const other = await funded('10');
    expect((await other.post(API.noticesRead, { id: list.data[1]!.id })).data).toEqual({ unread: 1 });
    expect((await u.get(API.noticesUnread)).data).toEqual({ unread: 2 });
    expect((await u.post(API.noticesRead)).data).toEqual({ unread: 0 });
    expect((await centre(u)).data.every((n) => n.read)).toBe(true);
    ws.close();
    await h.expectLedgerSound();
  });

  it('a take-profit and a trailing stop each store their own kind of fill notice', async () => {
    const u = await funded('50000');
    const ws = await loggedInSocket(u);
    tick('BTCUSD', '95000.00');
    const tp = await place(u, 'BTCUSD', { cont: '0.1', status: 1, multiple: 10, target_profit_price: '95500.00' });
    const trail = await place(u, 'BTCUSD', { cont: '0.1', status: 1, multiple: 10, trailing_distance: '500.00' });
    tick('BTCUSD', '95600.00');
    await settled();
    const profit = await noticeMessage(ws, 'fill');
    expect(profit.notice).toMatchObject({
      title: 'Take-profit reached',
      data: { trigger: 'take_profit', order_id: tp.Id, symbol: 'BTC/USD' },
    });
    expect(profit.notice.body).toMatch(/^BTC\/USD order #/);
    // The trailing stop followed to 95,100; the fall to 95,000 fires it.
    tick('BTCUSD', '95000.00');
    await settled();
    const trailed = await noticeMessage(ws, 'fill');
    expect(trailed.notice).toMatchObject({
      title: 'Trailing stop hit',
      data: { trigger: 'trailing', order_id: trail.Id },
    });
    ws.close();
    await h.expectLedgerSound();
  });

  it('a notice written in a transaction that rolls back is neither stored nor sent', async () => {
    const u = await realUser(h, clock);
    const ws = await loggedInSocket(u);
    const { notices, database } = h.app.tradepad;
    await expect(
      transaction(database.db, async (trx) => {
        await notices.record(trx, u.id, 'alert', { symbol: 'EURUSD', price: '1.2' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    await notices.drain();
    notices.notify(u.id, 'alert', { symbol: 'EURUSD', price: '1.3' });
    await notices.drain();
    // Only the second arrives and is listed.
    const m = await noticeMessage(ws, 'alert');
    expect(m.notice.data.price).toBe('1.3');
    expect(ws.received.filter((r) => r.includes('"NOTICE"'))).toEqual([]);
    expect((await centre(u)).data.map((n) => n.data.price)).toEqual(['1.3']);
    ws.close();
  });

  it('a margin call and a stop-out each store a notice and send NOTICE', async () => {
    const u = await funded('100000');
    const ws = await loggedInSocket(u);
    tick('BTCUSD', '95000.00');
    await place(u, 'BTCUSD', { cont: '10', status: 1, multiple: 10 });
    tick('BTCUSD', '94500.00');
    await settled();
    const call = await noticeMessage(ws, 'margin_call');
    expect(call.notice).toMatchObject({ title: 'Margin call', link: '/order' });
    expect(call.notice.body).toMatch(/^Margin call: your margin level is /);
    tick('BTCUSD', '66500.00');
    tick('BTCUSD', '66500.00');
    await settled();
    const out = await noticeMessage(ws, 'stop_out');
    expect(out.notice).toMatchObject({ title: 'Stop-out', data: { closed: 1, cancelled: 0 } });
    expect((await centre(u)).data.map((n) => n.kind)).toEqual(['stop_out', 'margin_call', 'deposit']);
    ws.close();
    await h.expectLedgerSound();
  });

  it('deposit and withdrawal decisions each store a notice and send NOTICE; a refused decision leaves none', async () => {
    const u = await realUser(h, clock);
    const ws = await loggedInSocket(u);
    const coins = (await u.get(API.depositCoins)).data as DepositCoinOption[];
    const trc = coins.find((c) => c.protocol_code === 'TRC20')!;
    const ok = await u.post(API.depositSubmit, { charge_id: trc.id, number: '300', proofImg: await u.upload() });
    const no = await u.post(API.depositSubmit, { charge_id: trc.id, number: '40', proofImg: await u.upload() });
    expect((await admin.post(`${ADMIN_API.deposits}/${ok.data.id}/approve`)).code).toBe(1);
    expect((await noticeMessage(ws, 'deposit')).notice).toMatchObject({
      title: 'Deposit credited',
      body: 'Your deposit of 300.00 USD has been credited to your balance',
      link: '/mine/wallet',
    });
    expect((await admin.post(`${ADMIN_API.deposits}/${no.data.id}/reject`, { remark: 'Blurred proof' })).code).toBe(1);
    expect((await noticeMessage(ws, 'deposit')).notice).toMatchObject({
      title: 'Deposit rejected',
      body: 'Your deposit of 40.00 USD was rejected: Blurred proof',
    });
    // A second decision on the same deposit is refused, and its transaction (notice included) rolled back.
    expect((await admin.post(`${ADMIN_API.deposits}/${no.data.id}/approve`)).code).toBe(0);

    const usdt = ((await u.get(API.drawSymbols, { type: 1 })).data as Array<{ id: number; protocol: string }>).find(
      (c) => c.protocol === 'TRC20',
    )!;
    const bound = await u.post(API.bindDrawMethod, {
      type: 1,
      draw_id: usdt.id,
      dc_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      auth_code: await ownerCode(h, clock, u),
    });
    expect(bound.code, bound.msg).toBe(1);
    const draw = async (n: string) => {
      const r = await u.post(API.draw, {
        draw_currency_id: usdt.id,
        number: n,
        draw_method_id: bound.data.id,
        auth_code: await ownerCode(h, clock, u),
      });
      expect(r.code, r.msg).toBe(1);
      return r.data.id as number;
    };
    const paid = await draw('100');
    expect((await admin.post(`${ADMIN_API.withdrawals}/${paid}/approve`, { transfer_ref: 'TX-1' })).code).toBe(1);
    expect((await noticeMessage(ws, 'withdrawal')).notice).toMatchObject({
      title: 'Withdrawal paid',
      body: 'Your withdrawal of 100.00 USD has been paid out',
    });
    const back = await draw('50');
    expect((await admin.post(`${ADMIN_API.withdrawals}/${back}/reject`, { remark: 'Address under review' })).code).toBe(1);
    expect((await noticeMessage(ws, 'withdrawal')).notice).toMatchObject({
      title: 'Withdrawal rejected',
      body: 'Your withdrawal of 50.00 USD was rejected and returned to your balance: Address under review',
    });
    await settled();
    const list = await centre(u);
    expect(list.data.map((n) => [n.kind, n.data.approved])).toEqual([
      ['withdrawal', false],
      ['withdrawal', true],
      ['deposit', false],
      ['deposit', true],
    ]);
    ws.close();
    await h.expectLedgerSound();
  });

  it('pushes to a local push service, encrypted for the subscription, only for the kinds chosen; 404/410 removes it', async () => {
    const key = (await h.call('GET', API.pushVapidKey)).data.key as string;
    // An uncompressed P-256 public key, base64url: 65 bytes.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const u = await realUser(h, clock);
    const endpoint = (n: string) => `http://127.0.0.1:${pushService.port}/push/${n}`;
    const phone = browserKeys(endpoint(`a-${u.id}`));
    expect((await u.post(API.pushSubscribe, { subscription: JSON.stringify(phone.json) })).code).toBe(1);
    expect((await u.get(API.pushPrefs)).data).toEqual({
      kinds: [
        'fill',
        'margin_call',
        'stop_out',
        'alert',
        'deposit',
        'withdrawal',
        'desk_close',
        'adjustment',
        'kyc',
        'account_type',
        'copy_fill',
        'copy_skip',
        'copy_stop',
      ],
      subscriptions: 1,
    });

    // The alert kind (price alerts call notify directly).
    const before = pushService.received.length;
    h.app.tradepad.notices.notify(u.id, 'alert', { symbol: 'EURUSD', price: '1.09000' });
    await settled();
    await pushService.waitFor(before + 1);
    const got = pushService.received.at(-1)!;
    expect(got.path).toBe(`/push/a-${u.id}`);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
    const payload = phone.decrypt(got.body);
    expect(payload).toMatchObject({
      kind: 'alert',
      title: 'Price alert',
      body: 'EURUSD reached 1.09000',
      link: '/trade?symbol=EURUSD',
    });
    expect((await centre(u)).data[0]).toMatchObject({ kind: 'alert', body: 'EURUSD reached 1.09000' });

    // Kinds not chosen are not pushed (still in the centre).
    expect((await u.post(API.pushPrefs, { kinds: 'fill,deposit' })).data).toEqual({
      kinds: ['fill', 'deposit'],
      subscriptions: 1,
    });
    h.app.tradepad.notices.notify(u.id, 'alert', { symbol: 'EURUSD', price: '1.09100' });
    await settled();
    expect(pushService.received.length).toBe(before + 1);
    expect((await centre(u)).total).toBe(2);
    expect(await u.post(API.pushPrefs, { kinds: 'fill,everything' })).toMatchObject({
      code: 0,
      msg: expect.stringMatching(/kinds of notification/),
    });

    // The push service says the subscription is gone: it is removed, and the next notice pushes nothing.
    pushService.statuses = [410];
    h.app.tradepad.notices.notify(u.id, 'deposit', { approved: true, id: 1, amount: '1.00', remark: '' });
    await settled();
    await pushService.waitFor(before + 2);
    expect((await u.get(API.pushPrefs)).data.subscriptions).toBe(0);
    const tablet = browserKeys(endpoint(`b-${u.id}`));
    expect((await u.post(API.pushSubscribe, { subscription: JSON.stringify(tablet.json) })).code).toBe(1);
    pushService.statuses = [404];
    h.app.tradepad.notices.notify(u.id, 'fill', {
      trigger: 'pending',
      order_id: 1,
      symbol: 'EURUSD',
      side: 1,
      lots: '1',
      price: '1',
      profit: null,
    });
    await settled();
    await pushService.waitFor(before + 3);
    expect((await u.get(API.pushPrefs)).data.subscriptions).toBe(0);

    // Unsubscribe removes only one's own.
    const laptop = browserKeys(endpoint(`c-${u.id}`));
    expect((await u.post(API.pushSubscribe, { subscription: JSON.stringify(laptop.json) })).code).toBe(1);
    const stranger = await realUser(h, clock);
    expect((await stranger.post(API.pushUnsubscribe, { endpoint: laptop.json.endpoint })).code).toBe(1);
    expect((await u.get(API.pushPrefs)).data.subscriptions).toBe(1);
    expect((await u.post(API.pushUnsubscribe, { endpoint: laptop.json.endpoint })).code).toBe(1);
    expect((await u.get(API.pushPrefs)).data.subscriptions).toBe(0);
  });

  it('validates subscriptions strictly and limits them per user, even when sent at once', async () => {
    const u = await realUser(h, clock);
    const good = browserKeys(`http://127.0.0.1:${pushService.port}/push/v-${u.id}`).json;
    const bad = [
      { ...good, endpoint: 'ftp://push.example.com/x' },
      { ...good, endpoint: 'https://10.0.0.7/push' },
      { ...good, endpoint: 'https://intranet/push' },
      { ...good, endpoint: 'http://push.example.com/x' },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } },
      { ...good, keys: { ...good.keys, auth: `${good.keys.auth.slice(2)}+/` } },
      { ...good, keys: undefined },
      'not json',
    ];
    for (const s of bad) {
      const r = await u.post(API.pushSubscribe, { subscription: typeof s === 'string' ? s : JSON.stringify(s) });
      expect(r, JSON.stringify(s)).toMatchObject({
        code: 0,
        msg: 'This browser could not be registered for notifications. Please try again',
      });
    }
    // A public https push service is accepted (nothing is sent to it here).
    const fcm = { ...good, endpoint: `https://fcm.googleapis.com/fcm/send/x-${u.id}` };
    expect((await u.post(API.pushSubscribe, { subscription: JSON.stringify(fcm) })).code).toBe(1);

    const many = await Promise.all(
      Array.from({ length: PUSH_SUBSCRIPTIONS_MAX + 5 }, (_, i) =>
        u.post(API.pushSubscribe, { subscription: JSON.stringify({ ...good, endpoint: `${good.endpoint}-${i}` }) }),
      ),
    );
    expect(many.filter((r) => r.code === 1)).toHaveLength(PUSH_SUBSCRIPTIONS_MAX - 1);
    for (const r of many.filter((r) => r.code !== 1)) expect(r.msg).toMatch(/too many browsers/);
    expect((await u.get(API.pushPrefs)).data.subscriptions).toBe(PUSH_SUBSCRIPTIONS_MAX);
    // Re-subscribing a known endpoint is an update, not one more.
    expect((await u.post(API.pushSubscribe, { subscription: JSON.stringify(fcm) })).code).toBe(1);
  });

  it('keeps an endpoint with its user: naming it with other keys is refused; the same browser signing in as another moves it', async () => {
    const owner = await realUser(h, clock);
    const stranger = await realUser(h, clock);
    const browser = browserKeys(`https://fcm.googleapis.com/fcm/send/owned-${owner.id}`).json;
    expect((await owner.post(API.pushSubscribe, { subscription: JSON.stringify(browser) })).code).toBe(1);
    // The stranger knows the endpoint, not the browser's keys: refused, and the owner keeps it.
    const forged = browserKeys(browser.endpoint).json;
    expect(await stranger.post(API.pushSubscribe, { subscription: JSON.stringify(forged) })).toMatchObject({
      code: 0,
      msg: 'This browser could not be registered for notifications. Please try again',
    });
    expect((await owner.get(API.pushPrefs)).data.subscriptions).toBe(1);
    expect((await stranger.get(API.pushPrefs)).data.subscriptions).toBe(0);
    // The browser itself (its own keys) signed in as the other user: the subscription goes with it.
    expect((await stranger.post(API.pushSubscribe, { subscription: JSON.stringify(browser) })).code).toBe(1);
    expect((await owner.get(API.pushPrefs)).data.subscriptions).toBe(0);
    expect((await stranger.get(API.pushPrefs)).data.subscriptions).toBe(1);
  });
});

describe('VAPID keys', () => {
  it('parallel first starts of several nodes on one database store and read one key pair', async () => {
    const fresh = await freshDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-vapid-'));
    const sqlitePath = path.join(dir, 'tradepad.sqlite');
    const first = openDatabase({ databaseUrl: fresh.url, sqlitePath });
    await migrateToLatest(first);
    // Each "node" has its own connections to the same database.
    const handles = [first, ...Array.from({ length: 5 }, () => openDatabase({ databaseUrl: fresh.url, sqlitePath }))];
    try {
      const nodes = handles.map(
        (d) => new WebPush(new NoticesRepository(d.db, d.kind), { subject: 'mailto:a@b.c', allowLoopback: false }, systemClock),
      );
      const keys = await Promise.all(nodes.map((n) => n.vapid()));
      expect(new Set(keys.map((k) => k.public_key)).size).toBe(1);
      expect(new Set(keys.map((k) => k.private_key)).size).toBe(1);
      const rows = await first.db.selectFrom('push_vapid').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.public_key).toBe(keys[0]!.public_key);
    } finally {
      for (const d of handles) await d.close();
      await fresh.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('notice retention', () => {
  it('the sweep deletes the notices older than NOTICE_RETENTION_DAYS, past one batch, and keeps the newer ones', async () => {
    const fresh = await freshDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-retention-'));
    const d = openDatabase({ databaseUrl: fresh.url, sqlitePath: path.join(dir, 'tradepad.sqlite') });
    try {
      await migrateToLatest(d);
      const DAY = 24 * 60 * 60 * 1000;
      const now = Date.UTC(2026, 10, 27, 12);
      const userId = 7;
      // 5,003 notices 181 days old (more than one batch of 5,000), one just inside the 180 days, one new.
      const old = Array.from({ length: 5003 }, (_, i) => ({
        user_id: userId,
        kind: 'alert',
        data_json: `{"n":${i}}`,
        created_at: now - 181 * DAY + i,
        read_at: null,
      }));
      for (let i = 0; i < old.length; i += 500)
        await d.db
          .insertInto('notices')
          .values(old.slice(i, i + 500))
          .execute();
      const repo = new NoticesRepository(d.db, d.kind);
      await repo.insert(d.db, {
        user_id: userId,
        kind: 'alert',
        data_json: '{"n":"inside"}',
        created_at: now - 180 * DAY + 1000,
      });
      await repo.insert(d.db, { user_id: userId, kind: 'alert', data_json: '{"n":"new"}', created_at: now });
      const service = (retentionDays: number) =>
        new NoticesService({
          db: d.db,
          repo,
          push: new WebPush(repo, { subject: 'mailto:a@b.c', allowLoopback: false }, systemClock),
          bus: { publishToUser: () => {} },
          clock: { now: () => now },
          log: { error: () => {} },
          retentionDays,
        });

      // 0 keeps every notice.
      expect(await service(0).sweep()).toBe(0);
      expect(await repo.page(userId, { page: 1, limit: 1 }).then((p) => p.total)).toBe(5005);

      // Two nodes sweeping at once delete each old notice once between them, and nothing newer.
      const [a, b] = await Promise.all([service(180).sweep(), service(180).sweep()]);
      expect(a + b).toBe(5003);
      const left = await d.db.selectFrom('notices').select('data_json').orderBy('id').execute();
      expect(left.map((r) => r.data_json)).toEqual(['{"n":"inside"}', '{"n":"new"}']);
      expect(await service(180).sweep()).toBe(0);
    } finally {
      await d.close();
      await fresh.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
