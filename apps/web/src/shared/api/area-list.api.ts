import { API } from '@tradepad/contracts/api-paths';
import type { Area } from '@tradepad/contracts/accounts/constants';
import { apiGet } from './http-client.ts';

/** GET default/area_list: the countries a phone number can belong to. */
export function fetchAreaList(): Promise<Area[]> {
  return apiGet(API.areaList, undefined, { silent: true });
}
