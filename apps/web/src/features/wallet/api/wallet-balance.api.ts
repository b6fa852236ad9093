import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiGet } from '../../../shared/api/http-client.ts';

/**
 * GET main/account/forexDetail: the cash balance and what withdrawals under review hold. Same key as the account
 * history's copy, so both screens share one cached answer and a trade refreshes it.
 */
export function useWalletBalance() {
  return useQuery({
    queryKey: [...TRADING_KEY, 'forexDetail'],
    queryFn: ({ signal }) => apiGet(API.forexDetail, undefined, { signal, silent: true }),
    staleTime: 5_000,
  });
}
