import type { DemoAccount } from '@tradepad/contracts/account-types';
import { API } from '@tradepad/contracts/api-paths';
import { apiGet } from '../../../shared/api/http-client.ts';

/** GET user/createAccountDemoForU?uuid=: the demo account of this device (the same one every time). */
export function createDemoAccount(uuid: string): Promise<DemoAccount> {
  return apiGet<DemoAccount>(API.createDemo, { uuid }, { loading: true });
}
