import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { AccountSummary } from '@tradepad/contracts/trading/constants';
import { useUserStore } from '../store/user.store.ts';
import { apiGet } from './http-client.ts';

/** Every query of the trader's orders and figures sits under this key, so a trade can refresh them all at once. */
export const TRADING_KEY = ['trading'] as const;
export const accountSummaryKey = [...TRADING_KEY, 'accountSummary'] as const;

/**
 * GET forex/account_summary: balance, equity, used and free margin, floating P/L and margin level. The cash it
 * brings (the spec's balance, DESIGN §17) is written to the profile, so every screen shows the same one.
 */
export async function fetchAccountSummary(signal?: AbortSignal): Promise<AccountSummary> {
  const summary = await apiGet(API.accountSummary, undefined, { signal, silent: true });
  useUserStore.getState().setBalance(summary.cash);
  return summary;
}

/** The account's figures while logged in; FOREX_TRADE pushes keep the cached copy live (shared/trading). */
export function useAccountSummary() {
  const loggedIn = useUserStore((s) => s.loggedIn);
  return useQuery({
    queryKey: accountSummaryKey,
    enabled: loggedIn,
    staleTime: 5_000,
    queryFn: ({ signal }) => fetchAccountSummary(signal),
  });
}
