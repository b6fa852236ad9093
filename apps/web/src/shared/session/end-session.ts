import { queryClient } from '../api/query-client.ts';
import { useUserStore } from '../store/user.store.ts';

/**
 * Forgets the signed-in user: token, flag and profile (spec §4 "reset") and every cached private query. The socket
 * follows the user store and sends its own logout.
 */
export function endSession(): void {
  useUserStore.getState().reset();
  queryClient.removeQueries({ queryKey: ['user'] });
  queryClient.removeQueries({ queryKey: ['account'] });
}
