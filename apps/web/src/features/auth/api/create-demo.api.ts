import type { DemoAccount } from '@tradepad/contracts/accounts/constants';
import { API } from '@tradepad/contracts/api-paths';
import { apiPost } from '../../../shared/api/http-client.ts';

/** POST user/createAccountDemoForU {uuid}: the demo account of this device (the same one every time). */
export function createDemoAccount(uuid: string): Promise<DemoAccount> {
  return apiPost(API.createDemo, { uuid }, { loading: true });
}
