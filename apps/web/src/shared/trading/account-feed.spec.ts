import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary, ForexTradeMessage } from '@tradepad/contracts/trading/constants';
import type { UserProfile } from '@tradepad/contracts/accounts/constants';
import { accountSummaryKey } from '../api/account-summary.api.ts';
import { queryClient } from '../api/query-client.ts';
import { useUserStore } from '../store/user.store.ts';
import { applyAccountMessage, liveOrders, type AccountMessage, mergeForexTrade, useMarginCallNotice } from './account-feed.ts';

const summary: AccountSummary = {
  cash: '99000.00',
  balance: '100000.00',
  credit: '0.00',
  equity: '100000.00',
  used_margin: '1000.00',
  free_margin: '99000.00',
  free_margin_mode: 'loss_only',
  floating: '0.00',
  margin_level: 10000,
  margin_call_level: 100,
  stop_out_level: 50,
  margin_call: false,
};

const push = (over: Partial<ForexTradeMessage> = {}): ForexTradeMessage => ({
  type: 'FOREX_TRADE',
  ProfitsTotal: '-12.34',
  HazardRate: 9998.76,
  CautionMoneyAll: '1000.00',
  Balance: '98999.90',
  Equity: '99987.56',
  MarginCall: false,
  TransOrder: [{ Id: 7, UpdatePrice: 95012.5, FactProfits: '-12.34', Swap: '0.00' }],
  ...over,
});

/** A push as the socket would hand it; malformed ones included, to see they are ignored. */
const asMessage = (m: object) => m as AccountMessage;

afterEach(() => {
  queryClient.clear();
  useUserStore.getState().reset();
  useMarginCallNotice.setState({ message: null });
});

describe('mergeForexTrade', () => {
  it('takes cash, equity, used margin, floating P/L and level from the push, and derives balance and free margin', () => {
    const merged = mergeForexTrade(summary, push());
    expect(merged).toEqual({
      ...summary,
      // The push's Balance is the spec's (cash); MT5's Balance is the cash with the used margin back in.
      cash: '98999.90',
      balance: '99999.90',
      equity: '99987.56',
      used_margin: '1000.00',
      free_margin: '98987.56',
      floating: '-12.34',
      margin_level: 9998.76,
      margin_call: false,
    });
  });

  it('does not count a floating profit as free margin (the engine would not let it be spent)', () => {
    const merged = mergeForexTrade(summary, push({ ProfitsTotal: '25.00', Equity: '100024.90' }));
    expect(merged.free_margin).toBe('98999.90');
  });

  it('lets the credit cover a floating loss in the free margin, never beyond the cash (issue 32)', () => {
    const merged = mergeForexTrade({ ...summary, credit: '10.00' }, push());
    expect(merged.free_margin).toBe('98997.56');
    expect(mergeForexTrade({ ...summary, credit: '500.00' }, push()).free_margin).toBe('98999.90');
    expect(merged.credit).toBe('10.00');
  });

  it('keeps what a push leaves out', () => {
    const partial = { type: 'FOREX_TRADE' } as unknown as ForexTradeMessage;
    expect(mergeForexTrade(summary, partial)).toEqual(summary);
  });

  it('counts a floating profit as free margin under the profit_and_loss mode', () => {
    const both = { ...summary, free_margin_mode: 'profit_and_loss' as const };
    expect(mergeForexTrade(both, push({ ProfitsTotal: '25.00', Equity: '100024.90' })).free_margin).toBe('99024.90');
  });

  it('shows no margin level while no position is open (a reserved pending order alone), as MT5', () => {
    const merged = mergeForexTrade(summary, push({ TransOrder: [], ProfitsTotal: '0.00', HazardRate: 10_753.2 }));
    expect(merged.margin_level).toBe(0);
    expect(merged.used_margin).toBe('1000.00');
  });
});

describe('applyAccountMessage', () => {
  it('moves the cached summary, the profile balance and each order, and ignores equal figures', () => {
    queryClient.setQueryData(accountSummaryKey, summary);
    useUserStore.getState().setSession('tok', { balance: '99000.00' } as UserProfile);
    applyAccountMessage(asMessage(push()));
    expect(queryClient.getQueryData<AccountSummary>(accountSummaryKey)?.floating).toBe('-12.34');
    expect(useUserStore.getState().profile?.balance).toBe('98999.90');
    const first = liveOrders.get(7);
    expect(first).toEqual({ UpdatePrice: 95012.5, FactProfits: '-12.34', Swap: '0.00' });
    applyAccountMessage(asMessage(push()));
    expect(liveOrders.get(7)).toBe(first);
    applyAccountMessage(asMessage(push({ TransOrder: [{ Id: 7, UpdatePrice: 95020, FactProfits: '-4.84', Swap: '0.00' }] })));
    expect(liveOrders.get(7)).toEqual({ UpdatePrice: 95020, FactProfits: '-4.84', Swap: '0.00' });
    // A rollover's charge moves the swap alone (and the P/L with it): the order's figures change.
    applyAccountMessage(asMessage(push({ TransOrder: [{ Id: 7, UpdatePrice: 95020, FactProfits: '-11.09', Swap: '-6.25' }] })));
    expect(liveOrders.get(7)).toEqual({ UpdatePrice: 95020, FactProfits: '-11.09', Swap: '-6.25' });
  });

  it('raises the margin-call notice and clears it when a push says the level recovered', () => {
    queryClient.setQueryData(accountSummaryKey, summary);
    applyAccountMessage(asMessage({ type: 'MARGIN_CALL', HazardRate: 95.5, msg: 'Margin call' }));
    expect(useMarginCallNotice.getState().message).toBe('Margin call');
    expect(queryClient.getQueryData<AccountSummary>(accountSummaryKey)).toMatchObject({ margin_call: true, margin_level: 95.5 });
    applyAccountMessage(asMessage(push({ MarginCall: true, HazardRate: 90 })));
    expect(useMarginCallNotice.getState().message).toBe('Margin call');
    applyAccountMessage(asMessage(push({ MarginCall: false })));
    expect(useMarginCallNotice.getState().message).toBeNull();
  });

  it('ignores a malformed FOREX_CLOSED', () => {
    expect(() => applyAccountMessage(asMessage({ type: 'FOREX_CLOSED' }))).not.toThrow();
  });
});
