import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { CHANNEL_FOREX_CLOSED, CHANNEL_FOREX_TRADE, type MessageOn } from '@tradepad/contracts/realtime/channels';
import type { AccountSummary, ForexClosedMessage, ForexTradeMessage } from '@tradepad/contracts/trading/constants';
import { formatMoney, micros, parseMoney } from '@tradepad/domain/money';
import { freeMarginFor } from '@tradepad/domain/account-types';
import { accountSummaryKey } from '../api/account-summary.api.ts';
import { queryClient } from '../api/query-client.ts';
import { KeyedStore } from '../lib/keyed-store.ts';
import { refCounted } from '../lib/ref-counted.ts';
import { useKeyedValue } from '../lib/use-keyed-value.ts';
import { realtime } from '../realtime/socket.ts';
import { useUserStore } from '../store/user.store.ts';

/**
 * The trader's live account (DESIGN §4): `FOREX_TRADE` pushes move the cached account summary, the profile's
 * balance and each holding order's current price and P/L; `FOREX_CLOSED` tells the screens which orders to drop; a
 * `MARGIN_CALL` notice raises the margin-call banner. Both are user channels, subscribed after the socket's login.
 */

/** One holding order's live figures (a `TransOrder` entry). */
export interface LiveOrder {
  UpdatePrice: number;
  /** Floating P/L, USD, 2 decimals, the accrued swap included. */
  FactProfits: string;
  /** Overnight financing accrued on the position, USD, 2 decimals (issue 20). */
  Swap?: string | undefined;
}

/** Live figures by order id; each order row listens to its own id. */
export const liveOrders = new KeyedStore<number, LiveOrder>();

/** The server's margin-call notice, kept until a push says the level has recovered. */
export const useMarginCallNotice = create<{ message: string | null }>()(() => ({ message: null }));

/**
 * The summary's `free_margin` by the engine's rule for the account type's mode (domain freeMarginFor, from the cash);
 * the held value when a figure is not an amount.
 */
function freeMarginText(summary: AccountSummary, cash: string, floating: string): string {
  try {
    const figures = { balance: parseMoney(cash), floating: parseMoney(floating), credit: parseMoney(summary.credit) };
    return formatMoney(freeMarginFor(summary.free_margin_mode, figures), 2);
  } catch {
    return summary.free_margin;
  }
}

/** MT5's Balance (DESIGN §17): the cash with the used margin back in; the held value when either is not an amount. */
function balanceText(cash: string, used: string, held: string): string {
  try {
    return formatMoney(micros(parseMoney(cash) + parseMoney(used)), 2);
  } catch {
    return held;
  }
}

/** The summary with a `FOREX_TRADE` push's figures in it. */
export function mergeForexTrade(summary: AccountSummary, m: ForexTradeMessage): AccountSummary {
  const equity = typeof m.Equity === 'string' ? m.Equity : summary.equity;
  const used = typeof m.CautionMoneyAll === 'string' ? m.CautionMoneyAll : summary.used_margin;
  // The push's `Balance` keeps the spec's meaning (the cash); the summary's balance is MT5's, cash + margin.
  const cash = typeof m.Balance === 'string' ? m.Balance : summary.cash;
  const floating = typeof m.ProfitsTotal === 'string' ? m.ProfitsTotal : summary.floating;
  // MT5 shows no margin level without a position (a reserved pending order alone): as the summary does.
  const positions = Array.isArray(m.TransOrder) ? m.TransOrder.length > 0 : summary.margin_level > 0;
  return {
    ...summary,
    cash,
    balance: balanceText(cash, used, summary.balance),
    equity,
    used_margin: used,
    free_margin: freeMarginText(summary, cash, floating),
    floating,
    margin_level: !positions ? 0 : typeof m.HazardRate === 'number' ? m.HazardRate : summary.margin_level,
    margin_call: typeof m.MarginCall === 'boolean' ? m.MarginCall : summary.margin_call,
  };
}

type ClosedListener = (message: ForexClosedMessage) => void;
const closedListeners = new Set<ClosedListener>();

/** What the two user channels carry: account figures, the margin-call notice, closures. */
export type AccountMessage = MessageOn<typeof CHANNEL_FOREX_TRADE | typeof CHANNEL_FOREX_CLOSED>;

/** Applies one message of the user channels; anything malformed is ignored. */
export function applyAccountMessage(m: AccountMessage): void {
  switch (m.type) {
    case 'FOREX_TRADE': {
      queryClient.setQueryData<AccountSummary>(accountSummaryKey, (prev) => (prev ? mergeForexTrade(prev, m) : prev));
      if (typeof m.Balance === 'string') useUserStore.getState().setBalance(m.Balance);
      if (Array.isArray(m.TransOrder)) {
        for (const o of m.TransOrder) {
          if (typeof o?.Id !== 'number') continue;
          const held = liveOrders.get(o.Id);
          if (held && held.UpdatePrice === o.UpdatePrice && held.FactProfits === o.FactProfits && held.Swap === o.Swap) continue;
          liveOrders.set(o.Id, { UpdatePrice: o.UpdatePrice, FactProfits: o.FactProfits, Swap: o.Swap });
        }
      }
      if (m.MarginCall === false && useMarginCallNotice.getState().message !== null) {
        useMarginCallNotice.setState({ message: null });
      }
      return;
    }
    case 'MARGIN_CALL': {
      useMarginCallNotice.setState({ message: typeof m.msg === 'string' ? m.msg : '' });
      queryClient.setQueryData<AccountSummary>(accountSummaryKey, (prev) =>
        prev
          ? { ...prev, margin_call: true, margin_level: typeof m.HazardRate === 'number' ? m.HazardRate : prev.margin_level }
          : prev,
      );
      return;
    }
    case 'FOREX_CLOSED': {
      if (!Array.isArray(m.id)) return;
      for (const listener of [...closedListeners]) listener(m);
      // Margin comes back and P/L is realised: the figures are fetched again.
      void queryClient.invalidateQueries({ queryKey: accountSummaryKey });
      return;
    }
  }
}

/**
 * Keeps the two user channels subscribed while any screen needs them (orders, the ticket, Me): one subscription
 * however many screens hold it, so each push is applied once.
 */
export const retainAccountFeed: () => () => void = refCounted(() => {
  const offTrade = realtime.subscribe(CHANNEL_FOREX_TRADE, applyAccountMessage, { afterLogin: true });
  const offClosed = realtime.subscribe(CHANNEL_FOREX_CLOSED, applyAccountMessage, { afterLogin: true });
  return () => {
    offTrade();
    offClosed();
  };
});

/** The live account while the calling screen is shown and the user is logged in. */
export function useAccountFeed(): void {
  const loggedIn = useUserStore((s) => s.loggedIn);
  useEffect(() => (loggedIn ? retainAccountFeed() : undefined), [loggedIn]);
}

/** Hears `FOREX_CLOSED` while mounted (the feed must be retained for pushes to arrive). */
export function useForexClosed(listener: ClosedListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const entry: ClosedListener = (m) => latest.current(m);
    closedListeners.add(entry);
    return () => {
      closedListeners.delete(entry);
    };
  }, []);
}

/** One order's live figures; re-renders only when that order's figures change. */
export function useLiveOrder(id: number | null | undefined): LiveOrder | undefined {
  return useKeyedValue(liveOrders, id);
}

// A new session starts without the last one's notice.
useUserStore.subscribe((state, previous) => {
  if (state.token !== previous.token) useMarginCallNotice.setState({ message: null });
});
