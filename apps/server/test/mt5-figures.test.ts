import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type AccountSummary, type AccountType, type OrderView } from '@tradepad/contracts';
import { parseMoney } from '@tradepad/domain';
import type { Harness } from './harness.ts';
import { demoTrader, staff, type DemoTrader, type Staff } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * MT5's figures (issue 33 point 1, DESIGN §17): `forex/account_summary`'s Balance is the cash plus the used margin,
 * so opening 0.1 BTC on 100,000 moves it by the fee alone; `cash` keeps the spec's balance (forexDetail, getBalance,
 * my_deal agree with it); free margin follows the account type's mode; a pending order with nothing open shows what
 * MT5 shows under the type's pending-margin mode. The ledger stays sound.
 */
describe('MT5 figures', () => {
  let h: Harness;
  let admin: Staff;
  const market = new ScriptedMarket();
  const { id, tick } = market;
  const summary = async (u: DemoTrader) => (await u.call(API.accountSummary)).data as AccountSummary;
  const money = (s: string) => parseMoney(s);
  const btc = (u: DemoTrader, extra: Record<string, unknown> = {}) =>
    u.call(API.submit, { type: 1, cont: '0.1', forex_id: id('BTCUSD'), status: 1, multiple: 10, ...extra });
  const typeWith = async (body: Record<string, unknown>): Promise<AccountType> => {
    const r = await admin.postJson(ADMIN_API.accountTypes, body);
    expect(r.code, r.msg).toBe(1);
    return r.data as AccountType;
  };
  const traderOf = async (type?: AccountType) => {
    const u = await demoTrader(h);
    if (type) expect((await u.call(API.chooseAccountType, { account_type_id: type.id })).code).toBe(1);
    return u;
  };

  beforeAll(async () => {
    h = await market.start();
    admin = await staff(h);
    tick('BTCUSD', '95000.00');
  }, 120_000);
  afterAll(async () => {
    await h.expectLedgerSound();
    await h.close();
  });

  it('opening 0.1 BTC on 100,000: Balance less the fee only, Margin the margin, the spec’s balance the cash', async () => {
    const u = await traderOf();
    expect(await summary(u)).toMatchObject({ cash: '100000.00', balance: '100000.00', used_margin: '0.00', margin_level: 0 });
    const opened = await btc(u);
    expect(opened.code, opened.msg).toBe(1);
    const order = opened.data.order as OrderView;
    const margin = money(order.CautionMoney);
    const fee = money(order.TradeFee);
    expect(margin).toBeGreaterThan(0n);
    const s = await summary(u);
    // Balance = 100,000 − fee (MT5), the margin shown apart; the cash is what the spec's calls carry.
    expect(money(s.balance)).toBe(money('100000') - fee);
    expect(money(s.used_margin)).toBe(margin);
    expect(money(s.cash)).toBe(money('100000') - fee - margin);
    expect(money(s.equity)).toBe(money(s.balance) + money(s.floating));
    expect(s.free_margin_mode).toBe('loss_only');
    expect(s.margin_level).toBeGreaterThan(100);
    expect((await u.call(API.getBalance)).data.balance).toBe(s.cash);
    expect((await u.call(API.forexDetail)).data.balance).toBe(s.cash);
    expect((await u.call(API.deals, { status: 1, page: 1 })).data.balance).toBe(s.cash);
  });

  it('free margin per the type’s mode: a floating profit counts under profit_and_loss only', async () => {
    const both = await typeWith({ name: 'P and L', free_margin_mode: 'profit_and_loss' });
    const plain = await traderOf();
    const pnl = await traderOf(both);
    tick('BTCUSD', '95000.00');
    expect((await btc(plain)).code).toBe(1);
    expect((await btc(pnl)).code).toBe(1);
    tick('BTCUSD', '96000.00');
    const a = await summary(plain);
    const b = await summary(pnl);
    expect(money(a.floating)).toBeGreaterThan(0n);
    // loss_only: the profit is not spendable, free margin = cash; profit_and_loss: equity − margin (MT5's default).
    expect(a.free_margin).toBe(a.cash);
    expect(b.free_margin_mode).toBe('profit_and_loss');
    expect(money(b.free_margin)).toBe(money(b.equity) - money(b.used_margin));
    // A loss counts under both.
    tick('BTCUSD', '94000.00');
    const c = await summary(plain);
    expect(money(c.floating)).toBeLessThan(0n);
    expect(money(c.free_margin)).toBe(money(c.equity) - money(c.used_margin));
  });

  it('a pending order with nothing open: reserve shows its margin and no level; on_fill shows none', async () => {
    const onFill = await typeWith({ name: 'On fill', pending_margin: 'on_fill' });
    tick('BTCUSD', '95000.00');
    const pendingBuy = { status: 0, target_price: '90000.00' };

    const reserve = await traderOf();
    const r = await btc(reserve, pendingBuy);
    expect(r.code, r.msg).toBe(1);
    const held = money((r.data.order as OrderView).CautionMoney);
    const fee = money((r.data.order as OrderView).TradeFee);
    const s = await summary(reserve);
    expect(money(s.used_margin)).toBe(held);
    expect(money(s.balance)).toBe(money('100000') - fee);
    expect(money(s.equity)).toBe(money(s.balance));
    // MT5 shows no margin level without a position (the "Margin level 10,753 %").
    expect(s.margin_level).toBe(0);
    expect(s.margin_call).toBe(false);

    const later = await traderOf(onFill);
    const placed = await btc(later, pendingBuy);
    expect(placed.code, placed.msg).toBe(1);
    const feeLater = money((placed.data.order as OrderView).TradeFee);
    const t = await summary(later);
    // Nothing held until it fills: Margin 0, no level, Balance = cash = equity = free margin (less a fixed fee, if any).
    expect(t).toMatchObject({ used_margin: '0.00', margin_level: 0, margin_call: false });
    expect(money(t.balance)).toBe(money('100000') - feeLater);
    expect([t.cash, t.equity, t.free_margin]).toEqual([t.balance, t.balance, t.balance]);
  });
});
