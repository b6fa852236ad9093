import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { InviteList } from '@tradepad/contracts/wallet/constants';
import { apiGet } from '../../../shared/api/http-client.ts';
import { FIRST_PAGE, nextPageOf } from '../../../shared/api/paged.ts';

export const inviteKey = ['invite', 'list'] as const;

/** GET user/invite_list?page=: the user's invite code and one page of the people who joined with it. */
export async function fetchInvites(page: number, signal?: AbortSignal): Promise<InviteList> {
  const result = await apiGet(API.inviteList, { page }, { signal });
  const data = Array.isArray(result?.data) ? result.data : [];
  return { invite_code: result?.invite_code ?? '', data, total: typeof result?.total === 'number' ? result.total : data.length };
}

export function useInvites() {
  return useInfiniteQuery({
    queryKey: inviteKey,
    queryFn: ({ pageParam, signal }) => fetchInvites(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageOf(last, pages),
  });
}
