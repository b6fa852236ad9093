import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { Category } from '@tradepad/contracts/market/constants';
import type { Lang } from '@tradepad/contracts/languages';
import { useSettingsStore } from '../store/settings.store.ts';
import { apiGet } from './http-client.ts';

/** GET forex/getCategories: instrument categories, named in the request's language. */
export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  const list = await apiGet(API.categories, undefined, { signal, silent: true });
  return Array.isArray(list) ? list : [];
}

/** The categories in a language (the request's `lang` header is the current language), cached for the session. */
export const categoriesQuery = (lang: Lang) =>
  queryOptions({
    queryKey: ['market', 'categories', lang],
    queryFn: ({ signal }) => fetchCategories(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The categories in the current language. */
export function useCategories() {
  return useQuery(categoriesQuery(useSettingsStore((s) => s.lang)));
}
