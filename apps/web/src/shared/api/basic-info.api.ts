import { API } from '@tradepad/contracts/api-paths';
import type { BasicInfo } from '@tradepad/contracts/account-types';
import { apiGet } from './http-client.ts';

/** GET basicSet/getBasicInfo: service link, registration mode, fee type, phone-field setting. */
export function fetchBasicInfo(): Promise<BasicInfo> {
  return apiGet<BasicInfo>(API.basicInfo, undefined, { silent: true });
}
