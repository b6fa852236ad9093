import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { NewsDetail } from '@tradepad/contracts/content/constants';
import { apiGet } from '../../../shared/api/http-client.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';

/** GET news/info?id=: one article with its server-sanitised HTML, in the request language. */
export function fetchNewsInfo(id: number, signal?: AbortSignal): Promise<NewsDetail> {
  return apiGet(API.newsInfo, { id }, { signal, silent: true });
}

export function useNewsInfo(id: number | null) {
  const lang = useSettingsStore((s) => s.lang);
  return useQuery({
    queryKey: ['news', 'info', id, lang],
    enabled: id !== null,
    queryFn: ({ signal }) => fetchNewsInfo(id ?? 0, signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
