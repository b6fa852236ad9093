import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { CopyFollowing } from '@tradepad/contracts/copy/schemas';
import { apiGet } from '../../../shared/api/http-client.ts';
import { isDemo, useUserStore } from '../../../shared/store/user.store.ts';
import { followingKey } from './copy-keys.ts';

/** GET copy/following: the trader's follows, active first, each with its money and recent copies and skips. */
export function fetchFollowing(signal?: AbortSignal): Promise<CopyFollowing> {
  return apiGet(API.copyFollowing, undefined, { signal, silent: true });
}

/** Only a real account follows (DESIGN §18): a demo session does not ask. */
export function useFollowing() {
  const enabled = useUserStore((s) => s.loggedIn && !isDemo(s.profile));
  return useQuery({
    queryKey: followingKey,
    enabled,
    staleTime: 5_000,
    queryFn: ({ signal }) => fetchFollowing(signal),
  });
}
