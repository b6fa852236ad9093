import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { ForexDetail } from '@tradepad/contracts/trading/constants';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiGet } from '../../../shared/api/http-client.ts';

export const forexDetailKey = [...TRADING_KEY, 'forexDetail'] as const;

/** GET main/account/forexDetail: the cash balance and the amount locked by withdrawals under review. */
export function fetchForexDetail(signal?: AbortSignal): Promise<ForexDetail> {
  return apiGet(API.forexDetail, undefined, { signal, silent: true });
}

export function useForexDetail() {
  return useQuery({ queryKey: forexDetailKey, queryFn: ({ signal }) => fetchForexDetail(signal), staleTime: 5_000 });
}
