import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { Company } from '@tradepad/contracts/accounts/constants';
import { apiGet } from '../../../shared/api/http-client.ts';

/** GET company/getCompany?name=: companies whose name matches (main-site mode's product search). */
export async function fetchCompanies(name: string, signal?: AbortSignal): Promise<Company[]> {
  const result = await apiGet(API.company, name ? { name } : undefined, { signal });
  return Array.isArray(result) ? result : [];
}

export function useCompanySearch(name: string) {
  const term = name.trim();
  return useQuery({
    queryKey: ['company', 'search', term],
    queryFn: ({ signal }) => fetchCompanies(term, signal),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
