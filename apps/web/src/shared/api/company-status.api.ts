import { API } from '@tradepad/contracts/api-paths';
import type { CompanyStatus } from '@tradepad/contracts/accounts/constants';
import { apiGet } from './http-client.ts';

/** GET company/getCompanyStatus: status 0 sends the browser to loss_url; type 0 turns main-site mode on. */
export function fetchCompanyStatus(): Promise<CompanyStatus> {
  return apiGet(API.companyStatus, undefined, { silent: true });
}
