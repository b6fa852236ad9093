import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { DepositRecord } from '@tradepad/contracts/wallet/constants';
import { apiGet } from '../../../shared/api/http-client.ts';
import { asPage, FIRST_PAGE, nextPageOf, type Paged } from '../../../shared/api/paged.ts';
import { WALLET_KEY } from './wallet-keys.ts';

export const depositsKey = [...WALLET_KEY, 'deposits'] as const;

/** GET quickCharge/quick_ist: one page of the user's deposits, coin and bank, newest first. */
export async function fetchDeposits(page: number, signal?: AbortSignal): Promise<Paged<DepositRecord>> {
  return asPage(await apiGet(API.depositList, { page }, { signal }));
}

export function useDeposits() {
  return useInfiniteQuery({
    queryKey: depositsKey,
    queryFn: ({ pageParam, signal }) => fetchDeposits(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageOf(last, pages),
  });
}
