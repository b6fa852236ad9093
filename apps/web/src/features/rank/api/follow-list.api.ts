import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { RankList } from '@tradepad/contracts/content/constants';
import { apiGet } from '../../../shared/api/http-client.ts';
import { FIRST_PAGE, nextPageOf } from '../../../shared/api/paged.ts';

export const RANK_PAGE_SIZE = 20;
export const followListKey = ['rank', 'list'] as const;

/** GET follow/list?page=&limit=: one page of copy-trade leaders and when the list was computed. */
export async function fetchLeaders(page: number, signal?: AbortSignal): Promise<RankList> {
  const result = await apiGet(API.followList, { page, limit: RANK_PAGE_SIZE }, { signal });
  const data = Array.isArray(result?.data) ? result.data : [];
  return {
    data,
    total: typeof result?.total === 'number' ? result.total : data.length,
    updated_at: typeof result?.updated_at === 'number' ? result.updated_at : 0,
  };
}

export function useLeaders() {
  return useInfiniteQuery({
    queryKey: followListKey,
    queryFn: ({ pageParam, signal }) => fetchLeaders(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageOf(last, pages),
    // The server recomputes the list every 5 minutes.
    staleTime: 60_000,
  });
}
