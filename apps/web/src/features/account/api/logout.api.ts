import { API } from '@tradepad/contracts/api-paths';
import { apiPost } from '../../../shared/api/http-client.ts';

/** POST user/logout: revokes this session's token on the server. */
export function logout(): Promise<unknown> {
  return apiPost(API.logout, undefined, { loading: true, silent: true });
}
