import { useQuery } from '@tanstack/react-query';
import type { CashBalance } from '@tradepad/contracts/accounts/constants';
import { API } from '@tradepad/contracts/api-paths';
import { apiGet } from '../../../shared/api/http-client.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';

export const balanceKey = ['account', 'balance'] as const;

/** GET wallet/getBalance: `{balance}`, a decimal string in USD. */
export function fetchBalance(): Promise<CashBalance> {
  return apiGet(API.getBalance);
}

/** Keeps the profile's balance fresh while the Me screen is shown. */
export function useBalance() {
  const loggedIn = useUserStore((s) => s.loggedIn);
  return useQuery({
    queryKey: balanceKey,
    enabled: loggedIn,
    staleTime: 5_000,
    queryFn: async () => {
      const { balance } = await fetchBalance();
      useUserStore.getState().setBalance(String(balance));
      return balance;
    },
  });
}
