import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { DealList, OrderStatus, OrderView } from '@tradepad/contracts/trading/constants';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiGet } from '../../../shared/api/http-client.ts';
import { asPage, FIRST_PAGE, nextPageOf, type Paged } from '../../../shared/api/paged.ts';

/** The statuses the order screen's tabs list: 1 holding, 0 pending, 3 history (closed and cancelled). */
export type DealTab = Extract<OrderStatus, 0 | 1 | 3>;

export const dealsKey = (status: DealTab) => [...TRADING_KEY, 'deals', status] as const;

export type DealPage = Paged<OrderView> & Pick<DealList, 'all_fact_profits' | 'balance'>;

/** GET forex/my_deal: one page (from 1) of the user's orders with `status`, newest first. */
export async function fetchDeals(status: DealTab, page: number, signal?: AbortSignal): Promise<DealPage> {
  const list = await apiGet(API.deals, { status, page }, { signal });
  return { ...asPage(list), all_fact_profits: list?.all_fact_profits ?? '0.00', balance: list?.balance ?? '' };
}

/** One tab's orders, loaded a page at a time until the loaded count reaches the total (spec §9). */
export function useDeals(status: DealTab) {
  return useInfiniteQuery({
    queryKey: dealsKey(status),
    queryFn: ({ pageParam, signal }) => fetchDeals(status, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageOf(last, pages),
    staleTime: 5_000,
  });
}
