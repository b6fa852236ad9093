import { API } from '@tradepad/contracts/api-paths';
import { apiPost } from '../../../shared/api/http-client.ts';
import { realtime } from '../../../shared/realtime/socket.ts';

/**
 * POST user/logout: revokes this session's token on the server. The socket signs out first, so the `session_revoked`
 * the revocation brings is not taken for an end from elsewhere (which would send the user to /login).
 */
export function logout(): Promise<unknown> {
  realtime.logout();
  return apiPost(API.logout, undefined, { loading: true, silent: true });
}
