import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type AccountType, type Notice, type OrderView } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { demoTrader, staff, type DemoTrader, type Staff } from './people.ts';
import { ScriptedMarket, WEDNESDAY } from './scripted-market.ts';

/**
 * Account types end to end (issue 32 point 1, DESIGN §16): staff publish a raw-spread type with a commission, a trader
 * chooses it and fills at the type's prices with a commission entry at the open and at the close (in the money
 * history), cannot switch while a position is open; a type's stop-out level stops an account the default type would
 * leave alone; staff move a trader with a reason (audited, told); a swap-free type is never charged a swap. The
 * ledger stays sound throughout.
 */
describe('account types', () => {
  let h: Harness;
  let admin: Staff;
  const market = new ScriptedMarket();
  const { clock, id, tick } = market;
  const settled = async () => {
    await new Promise((r) => setTimeout(r, 20));
    await h.app.tradepad.engine.idle();
  };
  const createType = async (body: Record<string, unknown>): Promise<AccountType> => {
    const r = await admin.postJson(ADMIN_API.accountTypes, body);
    expect(r.code, r.msg).toBe(1);
    return r.data as AccountType;
  };
  const info = async (u: DemoTrader) => (await h.call('GET', API.userInfo, {}, { authorization: u.token })).data;
  const holding = async (u: DemoTrader) => (await u.call(API.deals, { status: 1, page: 1 })).data.data as OrderView[];
  const buy = (u: DemoTrader, cont: string, multiple = 100) =>
    u.call(API.submit, { type: 1, cont, forex_id: id('EURUSD'), status: 1, multiple });

  let raw: AccountType;

  beforeAll(async () => {
    h = await market.start();
    admin = await staff(h);
    tick('EURUSD', '1.08500');
  }, 120_000);
  afterAll(async () => {
    await h.expectLedgerSound();
    await h.close();
  });

  it('seeds a default type with today’s terms and publishes the list', async () => {
    const list = (await h.call('GET', API.accountTypes)).data.data as AccountType[];
    expect(list).toEqual([
      expect.objectContaining({
        name: 'Standard',
        spread_markup: 0,
        commission_per_lot: '0.00',
        fee_on_margin: true,
        max_leverage: null,
        margin_call_level: 100,
        stop_out_level: 50,
        free_margin_mode: 'loss_only',
        swap_free: false,
        pending_margin: 'reserve',
        is_default: true,
      }),
    ]);
    const u = await demoTrader(h);
    expect((await info(u)).account_type).toMatchObject({ name: 'Standard', is_default: true });
  });

  it('creates a type through the back office: checked, audited, published at once', async () => {
    const bad = await admin.postJson(ADMIN_API.accountTypes, { name: 'Broken', margin_call_level: 50, stop_out_level: 60 });
    expect(bad.msg).toBe('The stop-out level must be below the margin-call level (1–1000 %)');
    raw = await createType({
      name: 'Raw',
      description: 'Raw spread plus commission',
      spread_markup: 5,
      commission_per_lot: '3.5',
      fee_on_margin: false,
      max_leverage: 200,
    });
    expect(raw).toMatchObject({ name: 'Raw', spread_markup: 5, commission_per_lot: '3.50', max_leverage: 200, is_public: true });
    const dup = await admin.postJson(ADMIN_API.accountTypes, { name: 'raw' });
    expect(dup.msg).toBe('Another account type already has this name');
    const log = await admin.get(ADMIN_API.audit, { action: 'account_type.create' });
    expect(log.data.data[0]).toMatchObject({ object: `account_type:${raw.id}`, after: { name: 'Raw' } });
    const list = (await h.call('GET', API.accountTypes)).data.data as AccountType[];
    expect(list.map((t) => t.name)).toEqual(['Standard', 'Raw']);
  });

  it('fills a raw-spread trader at the type’s prices with a commission entry at open and at close', async () => {
    const u = await demoTrader(h);
    const chose = await u.call(API.chooseAccountType, { account_type_id: raw.id });
    expect(chose.code, chose.msg).toBe(1);
    expect((await info(u)).account_type).toMatchObject({ id: raw.id, name: 'Raw' });
    // The leverage cap of the type.
    expect((await buy(u, '1', 500)).msg).toBe('Your account type allows leverage up to 1:200');

    const before = (await u.call(API.getBalance)).data.balance as string;
    const opened = await buy(u, '1');
    expect(opened.code, opened.msg).toBe(1);
    const order = opened.data.order as OrderView;
    // Published ask 1.08510 (10-point spread) + 5 points of the type's markup.
    expect(order.Price).toBe(1.08515);
    expect(order.TradeFee).toBe('0.000000');
    // Margin 1085.15 (no fee: the type waives it) and 3.50 commission out of the cash.
    expect((await u.call(API.getBalance)).data.balance).toBe((Number(before) - 1085.15 - 3.5).toFixed(2));

    // Nothing can change the type while a position is open.
    const refused = await h.call('POST', API.chooseAccountType, { account_type_id: 1 }, { authorization: u.token, lang: 'en' });
    expect(refused.msg).toBe('Close your positions and cancel your pending orders before changing the account type');

    tick('EURUSD', '1.08600');
    const closed = await u.call(API.close, { id: order.Id });
    expect(closed.code, closed.msg).toBe(1);
    const view = closed.data as OrderView;
    // Closes at the published bid − 5 points: 1.08595; P/L (1.08595 − 1.08515) × 100,000 = 80 USD.
    expect(view.UpdatePrice).toBe(1.08595);
    expect(view.FactProfits).toBe('80.00');
    const ledger = (await u.call(API.ledger, { page: 1 })).data.data as Array<{ Type: string; Value: string; OrderId: number }>;
    const commissions = ledger.filter((e) => e.Type === 'commission');
    expect(commissions).toHaveLength(2);
    expect(commissions.every((e) => e.Value === '-3.50' && e.OrderId === order.Id)).toBe(true);
    expect((await u.call(API.getBalance)).data.balance).toBe((Number(before) + 80 - 7).toFixed(2));
    await h.expectLedgerSound();
  });

  it('stops out at the type’s own level, leaving the default type’s trader with the same position open', async () => {
    const tight = await createType({ name: 'Tight', margin_call_level: 1000, stop_out_level: 900 });
    const strict = await demoTrader(h);
    const standard = await demoTrader(h);
    expect((await strict.call(API.chooseAccountType, { account_type_id: tight.id })).code).toBe(1);
    // 20 lots at 1:100: margin ≈ 21,700 USD on 100,000 (a level near 460 %): under 900 %, above 50 %.
    for (const u of [strict, standard]) expect((await buy(u, '20')).code).toBe(1);
    tick('EURUSD', '1.08590');
    await settled();
    expect(await holding(strict)).toHaveLength(0);
    expect(await holding(standard)).toHaveLength(1);
    const report = (await strict.call(API.stopoutReports, { page: 1 })).data.data[0] as { StopOutLevel: number };
    expect(report.StopOutLevel).toBe(900);
    expect((await strict.call(API.accountSummary)).data).toMatchObject({ margin_call_level: 1000, stop_out_level: 900 });
    const order = (await holding(standard))[0]!;
    expect((await standard.call(API.close, { id: order.Id })).code).toBe(1);
    await h.expectLedgerSound();
  });

  it('lets staff move a trader with a reason: audited, and the trader is told', async () => {
    const u = await demoTrader(h);
    const userId = Number((await info(u)).id);
    const noReason = await admin.post(`${ADMIN_API.users}/${userId}/account-type`, { account_type_id: raw.id });
    expect(noReason.code).toBe(0);
    const r = await admin.post(`${ADMIN_API.users}/${userId}/account-type`, {
      account_type_id: raw.id,
      reason: 'Asked by phone',
    });
    expect(r.code, r.msg).toBe(1);
    const log = await admin.get(ADMIN_API.audit, { action: 'user.account_type' });
    expect(log.data.data[0]).toMatchObject({
      object: `user:${userId}`,
      before: { name: 'Standard' },
      after: { account_type_id: raw.id, name: 'Raw', reason: 'Asked by phone' },
    });
    const notices = ((await h.call('GET', API.notices, {}, { authorization: u.token, lang: 'en' })).data as { data: Notice[] })
      .data;
    expect(notices[0]).toMatchObject({
      kind: 'account_type',
      title: 'Your account type has changed',
      body: 'Your account is now of type Raw. Reason: Asked by phone',
    });
    // The engine follows at once: the next fill is at the new type's price.
    const opened = await buy(u, '0.1');
    expect(opened.code, opened.msg).toBe(1);
    expect((opened.data.order as OrderView).Price).toBe(1.08605);
    expect((await u.call(API.close, { id: (opened.data.order as OrderView).Id })).code).toBe(1);
  });

  it('filters the users list and its export by account type, a user without one counted in the default', async () => {
    const types = (await admin.get(ADMIN_API.accountTypes)).data.data as AccountType[];
    const standard = types.find((t) => t.is_default)!;
    const ids = async (typeId: number) =>
      ((await admin.get(ADMIN_API.users, { account_type_id: typeId, limit: 100 })).data.data as Array<{ id: number }>).map(
        (u) => u.id,
      );
    const u = await demoTrader(h);
    const userId = Number((await info(u)).id);
    expect(await ids(standard.id)).toContain(userId);
    expect(await ids(raw.id)).not.toContain(userId);
    const moved = await admin.post(`${ADMIN_API.users}/${userId}/account-type`, { account_type_id: raw.id, reason: 'Filter' });
    expect(moved.code, moved.msg).toBe(1);
    expect(await ids(raw.id)).toContain(userId);
    expect(await ids(standard.id)).not.toContain(userId);
    expect((await admin.get(ADMIN_API.users, { account_type_id: 'x' })).code).toBe(0);
  });

  it('never charges a swap-free account a swap', async () => {
    const free = await createType({ name: 'Islamic', swap_free: true });
    const saved = await admin.postJson(`${ADMIN_API.instruments}/${id('EURUSD')}`, { swap_long: '-6.25', swap_short: '1.2' });
    expect(saved.code, saved.msg).toBe(1);
    const islamic = await demoTrader(h);
    const standard = await demoTrader(h);
    expect((await islamic.call(API.chooseAccountType, { account_type_id: free.id })).code).toBe(1);
    for (const u of [islamic, standard]) expect((await buy(u, '1')).code).toBe(1);
    // Past Wednesday's 17:00 New York rollover.
    clock.advance(Date.UTC(2026, 10, 18, 22, 0, 1) - clock.now());
    expect(clock.now()).toBeGreaterThan(WEDNESDAY);
    tick('EURUSD', '1.08600');
    expect(await h.app.tradepad.engine.rolloverDue()).toBeGreaterThan(0);
    expect((await holding(islamic))[0]!.Swap).toBe('0.000000');
    expect((await holding(standard))[0]!.Swap).toBe('-18.750000');
    for (const u of [islamic, standard]) expect((await u.call(API.close, { id: (await holding(u))[0]!.Id })).code).toBe(1);
    await h.expectLedgerSound();
  });
});
