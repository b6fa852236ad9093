import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { LoginResult } from '@tradepad/contracts/accounts/params';
import { apiPost } from '../../../shared/api/http-client.ts';
import { realtime } from '../../../shared/realtime/socket.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';

/**
 * POST user/switch_account (issue 21): a session for one's linked demo or real account; the current one ends. The
 * socket lets go of the ending session first, so its `session_revoked` does not sign the app out; the new token then
 * logs the socket in (the user store's subscription in app/session.ts).
 */
export async function switchAccount(): Promise<LoginResult> {
  const before = useUserStore.getState().token;
  realtime.logout();
  try {
    return await apiPost(API.switchAccount, undefined, { loading: true, toastSuccess: true });
  } catch (err) {
    // Refused before the session ended (a 999 signs the app out instead): the socket logs in again.
    const now = useUserStore.getState().token;
    if (now && now === before) realtime.login(now);
    throw err;
  }
}

export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchAccount,
    onSuccess: ({ token, ...profile }) => {
      queryClient.removeQueries({ queryKey: ['user'] });
      queryClient.removeQueries({ queryKey: ['account'] });
      useUserStore.getState().setSession(token, profile);
    },
  });
}
