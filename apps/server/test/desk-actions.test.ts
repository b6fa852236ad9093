import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, API, type DeskPosition, type Notice, type OrderView, type TradeItem } from '@tradepad/contracts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { decodeMail } from './mail-sink.ts';
import { realUser, staff, type Staff, type TestUser } from './people.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);

/**
 * Issue 32 point 5 (DESIGN §16 "Desk"): the dealing desk closes part of a position and changes its stops on the
 * trader's behalf, checked exactly as the trader's own calls, each with a reason that is audited in the action's
 * transaction and told to the trader (in-app notice, mail).
 */
describe('the desk: partial close and stops on a trader’s behalf', () => {
  let h: Harness;
  let clock: ManualClock;
  let feed: ScriptedFeed;
  let dealer: Staff;
  let finance: Staff;
  let items: TradeItem[];

  const db = () => h.app.tradepad.database.db;
  const audits = (action: string, id: number) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(id))
      .orderBy('id', 'desc')
      .execute();
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
  const position = async (u: TestUser, id: number) =>
    ((await dealer.get(ADMIN_API.positions, { status: 1, user_id: u.id })).data.data as DeskPosition[]).find((p) => p.id === id);

  async function trader(lots: string): Promise<{ u: TestUser; id: number }> {
    const u = await realUser(h, clock);
    expect(
      (await finance.post(`${ADMIN_API.users}/${u.id}/adjust`, { amount: '1000.00', kind: 'correction', reason: 'x' })).code,
    ).toBe(1);
    tick('EURUSD', '1.08500');
    const eurusd = items.find((i) => i.Code === 'EURUSD')!.Id;
    const order = await u.post(API.submit, { type: 1, cont: lots, forex_id: eurusd, status: 1, multiple: 100 });
    expect(order.code, order.msg).toBe(1);
    return { u, id: (order.data.order as OrderView).Id };
  }

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    feed = new ScriptedFeed(INSTRUMENTS);
    h = await startHarness({ clock, feed });
    items = (await h.call('GET', API.tradeList)).data;
    dealer = await staff(h, 'dealer');
    finance = await staff(h, 'finance');
  }, 120_000);
  afterAll(async () => h?.close());

  it('closes part of a position at the market: the rest stays open, audited, the trader told, the ledger sound', async () => {
    const { u, id } = await trader('0.50');
    tick('EURUSD', '1.08600');
    const part = await dealer.post(`${ADMIN_API.positions}/${id}/close`, { reason: 'Reducing exposure', cont: '0.20' });
    expect(part.code, part.msg).toBe(1);
    expect(part.data).toMatchObject({ parent_id: id, rest_lots: '0.3', status: 3, closed_type: 5, close_price: 1.086 });
    expect(part.data.id).not.toBe(id);
    expect(await position(u, id)).toMatchObject({ lots: '0.3', status: 1 });
    // The trader's history holds the part as its own row, with the position as its parent.
    const history = (await u.get(API.deals, { status: 3 })).data.data as OrderView[];
    expect(history.find((o) => o.Id === part.data.id)).toMatchObject({ ParentId: id, ClosedType: 5 });

    const [audit] = await audits('position.partial_close', id);
    expect(JSON.parse(audit!.before_json!)).toMatchObject({ lots: '0.5' });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({
      lots: '0.3',
      closed_lots: '0.2',
      part_id: part.data.id,
      reason: 'Reducing exposure',
    });

    const [told] = await centre(u);
    expect(told).toMatchObject({ kind: 'desk_close', title: 'Dealing desk partly closed your position', link: '/mine/history' });
    expect(told!.body).toMatch(
      new RegExp(
        `^0\\.2 lots of EUR/USD order #${id} were closed at 1\\.08600, P/L [\\d.,-]+ USD; 0\\.3 lots stay open\\. Reason: Reducing exposure$`,
      ),
    );
    expect((await centre(u, 'hk'))[0]!.body).toContain('原因：Reducing exposure');
    expect(await awaitMail(u.email, /Reducing exposure/)).toContain(
      `Our dealing desk closed 0.2 lots of your EUR/USD position #${id}`,
    );
    await h.expectLedgerSound();

    // Without `cont` (or with all of it) the rest closes whole, as before.
    const rest = await dealer.post(`${ADMIN_API.positions}/${id}/close`, { reason: 'Flat', cont: '0.30' });
    expect(rest.code, rest.msg).toBe(1);
    expect(rest.data).toMatchObject({ id, parent_id: 0, rest_lots: '0' });
    expect(await position(u, id)).toBeUndefined();
    await h.expectLedgerSound();
  });

  it('refuses a partial close the trader could not make', async () => {
    const { id } = await trader('0.50');
    const close = (body: Record<string, unknown>) => dealer.post(`${ADMIN_API.positions}/${id}/close`, body);
    expect(await close({ reason: 'x', cont: '0.005' })).toMatchObject({ code: 0, msg: expect.stringMatching(/step|0\.01/i) });
    expect(await close({ reason: 'x', cont: '0.60' })).toMatchObject({ code: 0, msg: expect.stringMatching(/0\.5 lots/) });
    expect(await close({ reason: 'x', cont: 'lots' })).toMatchObject({ code: 0 });
    expect(await close({ cont: '0.10' })).toMatchObject({ code: 0 });
    expect(await audits('position.partial_close', id)).toHaveLength(0);
    await h.expectLedgerSound();
  });

  it('changes the stops with the trader’s own checks: a stop on the wrong side is refused; audited and told', async () => {
    const { u, id } = await trader('0.10');
    tick('EURUSD', '1.08600');
    const stops = (body: Record<string, unknown>) => dealer.post(`${ADMIN_API.positions}/${id}/stops`, body);
    // A buy's stop-loss above the market, and a take-profit under it, are on the wrong side.
    expect(await stops({ stop_loss_price: '1.09000', reason: 'x' })).toMatchObject({
      code: 0,
      msg: 'The stop-loss must be below the price for a buy and above it for a sell',
    });
    expect(await stops({ target_profit_price: '1.08000', reason: 'x' })).toMatchObject({ code: 0 });
    expect(await stops({ stop_loss_price: '1.08000' })).toMatchObject({ code: 0 });
    expect(await stops({ reason: 'nothing to set' })).toMatchObject({ code: 0 });
    expect(await stops({ stop_loss_price: '1.080001', reason: 'x' })).toMatchObject({ code: 0 });
    expect(await audits('position.stops', id)).toHaveLength(0);

    const set = await stops({ stop_loss_price: '1.08000', target_profit_price: '1.09500', reason: 'Client asked by phone' });
    expect(set.code, set.msg).toBe(1);
    expect(set.data).toEqual({ id, user_id: u.id, stop_loss: 1.08, take_profit: 1.095 });
    expect(await position(u, id)).toMatchObject({ stop_loss: 1.08, take_profit: 1.095 });
    const mine = ((await u.get(API.deals, { status: 1 })).data.data as OrderView[]).find((o) => o.Id === id)!;
    expect(mine).toMatchObject({ TargetLossPrice: 1.08, TargetProfitPrice: 1.095 });

    const [audit] = await audits('position.stops', id);
    expect(JSON.parse(audit!.before_json!)).toMatchObject({ stop_loss: 0, take_profit: 0 });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({
      stop_loss: 1.08,
      take_profit: 1.095,
      reason: 'Client asked by phone',
    });
    const [told] = await centre(u);
    expect(told).toMatchObject({
      kind: 'desk_close',
      title: 'Dealing desk changed your stops',
      body: `EUR/USD order #${id}: stop-loss 1.08000, take-profit 1.09500 (0 = none). Reason: Client asked by phone`,
    });
    expect(await awaitMail(u.email, /Client asked by phone/)).toContain('EUR/USD');

    // A level left out stays; 0 removes it. The stop fires like the trader's own.
    expect((await stops({ target_profit_price: '0', reason: 'Remove the target' })).data).toMatchObject({
      stop_loss: 1.08,
      take_profit: 0,
    });
    tick('EURUSD', '1.07990');
    await expect.poll(async () => position(u, id), { timeout: 5000 }).toBeUndefined();
    await h.expectLedgerSound();
  });
});
