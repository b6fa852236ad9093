import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { Category } from '@tradepad/contracts/market';
import { useSettingsStore } from '../store/settings.store.ts';
import { apiGet } from './http-client.ts';

/** GET forex/getCategories: instrument categories, named in the request's language. */
export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  const list = await apiGet<Category[] | null>(API.categories, undefined, { signal, silent: true });
  return Array.isArray(list) ? list : [];
}

/** The categories in the current language, cached for the session. */
export function useCategories() {
  const lang = useSettingsStore((s) => s.lang);
  return useQuery({
    queryKey: ['market', 'categories', lang],
    queryFn: ({ signal }) => fetchCategories(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
