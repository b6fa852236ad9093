import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { OwnSessions } from '@tradepad/contracts/accounts/answers';
import { apiGet, apiPost } from '../../../shared/api/http-client.ts';

/** Under the user key: signing out forgets it with the rest of the user's data. */
const SESSIONS_KEY = ['user', 'sessions'] as const;

/** GET user/sessions (ASVS 7.5.2): the trader's live sessions, most recently used first, this one marked. */
export function useOwnSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => apiGet(API.userSessions, undefined, { signal, silent: true }),
  });
}

/**
 * POST user/sessions/end {id} for each id in turn (one, or every other device): the server ends each and silences its
 * sockets; the list shown is the one the last answer gives. Stops at the first refusal, which the client toasts with
 * the server's message, and shows the list as it then is.
 */
export function useEndSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      let left: OwnSessions | null = null;
      try {
        for (const id of ids) left = await apiPost(API.userSessionEnd, { id }, { loading: true });
      } finally {
        if (left) client.setQueryData<OwnSessions>(SESSIONS_KEY, left);
      }
      return left;
    },
    // A refusal (one already ended elsewhere, say): read the list afresh.
    onError: () => void client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
