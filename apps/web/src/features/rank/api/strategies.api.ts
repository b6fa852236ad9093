import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { CopySort } from '@tradepad/contracts/copy/constants';
import type { StrategyList } from '@tradepad/contracts/copy/schemas';
import { apiGet } from '../../../shared/api/http-client.ts';
import { FIRST_PAGE, nextPageOf } from '../../../shared/api/paged.ts';

export const RANK_PAGE_SIZE = 20;
export const strategiesKey = (sort: CopySort) => ['rank', 'strategies', sort] as const;

/**
 * GET copy/strategies?sort=&page=&limit=: one page of the strategies anyone can follow (DESIGN §18), their figures after
 * fees, and when they were computed. The spec's `follow/list` lists the same strategies without their names and
 * fees, which the rank page shows, so the page reads this one.
 */
export async function fetchStrategies(sort: CopySort, page: number, signal?: AbortSignal): Promise<StrategyList> {
  const result = await apiGet(API.copyStrategies, { sort, page, limit: RANK_PAGE_SIZE }, { signal });
  const data = Array.isArray(result?.data) ? result.data : [];
  return {
    data,
    total: typeof result?.total === 'number' ? result.total : data.length,
    updated_at: typeof result?.updated_at === 'number' ? result.updated_at : 0,
  };
}

export function useStrategies(sort: CopySort) {
  return useInfiniteQuery({
    queryKey: strategiesKey(sort),
    queryFn: ({ pageParam, signal }) => fetchStrategies(sort, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageOf(last, pages),
    staleTime: 30_000,
  });
}
