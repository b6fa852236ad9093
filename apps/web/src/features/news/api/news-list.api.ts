import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { NewsCategory, NewsItem } from '@tradepad/contracts/content/constants';
import type { Lang } from '@tradepad/contracts/languages';
import { apiGet } from '../../../shared/api/http-client.ts';
import { FIRST_PAGE, asPage, nextPageOf, type Paged } from '../../../shared/api/paged.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';

/** Rows per page: a phone screen and a half. */
export const NEWS_PAGE_SIZE = 10;

/** Keyed by language too: the server answers in the request language. */
export const newsListKey = (category: NewsCategory, lang: Lang) => ['news', 'list', category, lang] as const;

/** GET news/list?category_id=&page=&limit=: one page of news (1) or announcements (2), newest first. */
export async function fetchNewsPage(category: NewsCategory, page: number, signal?: AbortSignal): Promise<Paged<NewsItem>> {
  const result = await apiGet(API.newsList, { category_id: category, page, limit: NEWS_PAGE_SIZE }, { signal });
  return asPage(result);
}

export function useNewsList(category: NewsCategory) {
  const lang = useSettingsStore((s) => s.lang);
  return useInfiniteQuery({
    queryKey: newsListKey(category, lang),
    queryFn: ({ pageParam, signal }) => fetchNewsPage(category, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageOf(last, pages),
    staleTime: 60_000,
  });
}
