import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, API, type Notice, type TradeItem } from '@tradepad/contracts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { decodeMail } from './mail-sink.ts';
import { realUser, staff, type Staff, type TestUser } from './people.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);

/**
 * Issue 29 point 4 (DESIGN §16 "Traders are told"): what staff do to a trader's account reaches the trader as an
 * in-app notice (written with the action, so in the centre, pushed live and by web push) and by mail, in their
 * language: a desk close with its reason, an adjustment (credit or debit), and every real-name decision.
 */
describe('traders are told what staff did to their account', () => {
  let h: Harness;
  let clock: ManualClock;
  let feed: ScriptedFeed;
  let admin: Staff;
  let finance: Staff;
  let items: TradeItem[];

  const tick = (code: string, bid: string) => {
    clock.advance(1000);
    feed.pushPrice(code, bid, clock.now());
    feed.pushPrice(code, bid, clock.now());
  };
  const centre = async (u: TestUser, lang = 'en') =>
    ((await h.call('GET', API.notices, {}, { authorization: u.token, lang })).data as { data: Notice[] }).data;
  const awaitMail = (to: string, pattern: RegExp) =>
    vi.waitFor(
      () => {
        const found = h.mail
          .filter((m) => m.to === to)
          .map((m) => decodeMail(m.raw))
          .find((t) => pattern.test(t));
        if (!found) throw new Error(`no mail to ${to} matching ${pattern}`);
        return found;
      },
      { timeout: 5000, interval: 20 },
    );

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    feed = new ScriptedFeed(INSTRUMENTS);
    h = await startHarness({ clock, feed });
    items = (await h.call('GET', API.tradeList)).data;
    admin = await staff(h);
    finance = await staff(h, 'finance');
  }, 120_000);
  afterAll(async () => h?.close());

  it('tells of an adjustment credited or debited, in the centre and by mail', async () => {
    const u = await realUser(h, clock);
    expect(
      (await finance.post(`${ADMIN_API.users}/${u.id}/adjust`, { amount: '900.00', kind: 'correction', reason: 'x' })).code,
    ).toBe(1);
    expect(
      (await finance.post(`${ADMIN_API.users}/${u.id}/adjust`, { amount: '-50.00', kind: 'correction', reason: 'y' })).code,
    ).toBe(1);
    const [debit, credit] = await centre(u);
    expect(credit).toMatchObject({
      kind: 'adjustment',
      title: 'Balance adjustment',
      body: '900.00 USD was credited to your balance (correction)',
      link: '/mine/wallet',
    });
    expect(debit).toMatchObject({ kind: 'adjustment', body: '50.00 USD was debited from your balance (correction)' });
    expect((await centre(u, 'de'))[1]!.body).toBe('900,00 USD wurden Ihrem Guthaben gutgeschrieben (Korrektur)');
    expect(await awaitMail(u.email, /900\.00 USD was credited to your balance \(correction\)/)).toContain('Balance adjustment');
    await awaitMail(u.email, /50\.00 USD was debited from your balance/);

    // One waiting for a second staff member tells nothing until it is credited.
    const bonus = await finance.post(`${ADMIN_API.users}/${u.id}/adjust`, { amount: '500.00', kind: 'bonus', reason: 'z' });
    expect(bonus.data.status).toBe(0);
    expect(await centre(u)).toHaveLength(2);
    expect((await admin.post(`${ADMIN_API.adjustments}/${bonus.data.id}/approve`)).code).toBe(1);
    expect((await centre(u))[0]).toMatchObject({ kind: 'adjustment', body: '500.00 USD was credited to your balance (bonus)' });
    await awaitMail(u.email, /500\.00 USD was credited to your balance \(bonus\)/);
    await h.expectLedgerSound();
  });

  it('tells of a desk close with its reason', async () => {
    const u = await realUser(h, clock);
    expect(
      (await finance.post(`${ADMIN_API.users}/${u.id}/adjust`, { amount: '1000.00', kind: 'correction', reason: 'x' })).code,
    ).toBe(1);
    const eurusd = items.find((i) => i.Code === 'EURUSD')!.Id;
    tick('EURUSD', '1.08500');
    const order = await u.post(API.submit, { type: 1, cont: '0.1', forex_id: eurusd, status: 1, multiple: 100 });
    expect(order.code, order.msg).toBe(1);
    const id = order.data.order.Id as number;
    tick('EURUSD', '1.08600');
    const closed = await admin.post(`${ADMIN_API.positions}/${id}/close`, { reason: 'Suspected latency arbitrage' });
    expect(closed.code, closed.msg).toBe(1);
    const [told] = await centre(u);
    expect(told).toMatchObject({ kind: 'desk_close', title: 'Position closed by our dealing desk', link: '/mine/history' });
    expect(told!.body).toMatch(
      new RegExp(`^EUR/USD order #${id} \\(0\\.10? lots\\) was closed at 1\\.08600, P/L -?[\\d.,]+ USD`),
    );
    expect(told!.body).toContain('Reason: Suspected latency arbitrage');
    expect(told!.data).toMatchObject({ profit: closed.data.profit });
    const mail = await awaitMail(u.email, /Suspected latency arbitrage/);
    expect(mail).toContain(`Our dealing desk closed your EUR/USD position #${id}`);
    const [fr] = await centre(u, 'fr');
    expect(fr!.body).toContain('Motif : Suspected latency arbitrage');
    await h.expectLedgerSound();
  });

  it('tells of every real-name decision', async () => {
    const [ok, no] = [await realUser(h, clock), await realUser(h, clock)];
    for (const [u, card] of [
      [ok, 'ID77001'],
      [no, 'ID77002'],
    ] as const) {
      const r = await u.post(API.realName, {
        name: 'Alice Chan',
        card_id: card,
        front_pic: await u.upload(),
        reverse_pic: await u.upload(),
      });
      expect(r.code, r.msg).toBe(1);
    }
    const queue = async (u: TestUser) => (await admin.get(ADMIN_API.kyc, { status: 1, user_id: u.id })).data.data[0].id as number;
    expect((await admin.post(`${ADMIN_API.kyc}/${await queue(ok)}/approve`)).code).toBe(1);
    expect((await admin.post(`${ADMIN_API.kyc}/${await queue(no)}/reject`, { remark: 'The photo is blurred' })).code).toBe(1);
    expect((await centre(ok))[0]).toMatchObject({
      kind: 'kyc',
      title: 'Identity verified',
      body: 'Your real-name verification was approved',
      link: '/mine/auth',
    });
    expect((await centre(no))[0]).toMatchObject({
      kind: 'kyc',
      title: 'Identity verification rejected',
      body: 'Your real-name verification was rejected: The photo is blurred',
    });
    expect((await centre(no, 'hk'))[0]!.body).toBe('你的實名認證被拒絕：The photo is blurred');
    await awaitMail(ok.email, /Identity verified/);
    await awaitMail(no.email, /The photo is blurred/);
    // The new kinds are pushed by default, like every other kind.
    expect((await ok.get(API.pushPrefs)).data.kinds).toEqual(expect.arrayContaining(['desk_close', 'adjustment', 'kyc']));
  });
});
