import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Link } from '../../../shared/router/router.tsx';
import type { NewsCategory, NewsItem } from '@tradepad/contracts/content/constants';
import { formatDate } from '../../../i18n/format.ts';
import { serverAssetUrl } from '../../../shared/api/api-origin.ts';
import { rowsOf, type Paged } from '../../../shared/api/paged.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { newsListKey, useNewsList } from '../api/news-list.api.ts';
import '../../../shared/market/market.css';
import './news.css';

/**
 * News (category 1) or announcements (2): logo, title, description and date per row, newest first; infinite scroll
 * with "no more" at the end, pull to refresh, a skeleton while the first page loads and an empty state.
 */
export function ArticleList({ category, detailPath }: { category: NewsCategory; detailPath: string }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const queryClient = useQueryClient();
  const list = useNewsList(category);
  const rows = rowsOf(list.data?.pages);
  const kind = category === 1 ? 'news' : 'announcement';

  const refresh = async () => {
    queryClient.setQueryData<InfiniteData<Paged<NewsItem>, number>>(newsListKey(category, lang), (d) =>
      d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
    );
    await list.refetch();
  };

  if (list.isPending) return <ArticleListSkeleton />;
  if (list.isError && !list.data) {
    return (
      <NoData
        title={t('news.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void list.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  }
  return (
    <PagedList
      hasMore={list.hasNextPage}
      loadMore={() => list.fetchNextPage({ throwOnError: true })}
      refresh={refresh}
      hideEnd={rows.length === 0}
      testId={`${kind}-list`}
    >
      {rows.length === 0 ? (
        <NoData title={t(`news.empty.${kind}`)} hint={t('news.emptyHint')} />
      ) : (
        <ul className="article-list">
          {rows.map((item) => (
            <li key={item.id}>
              <Link
                to={`${detailPath}?id=${item.id}`}
                className="article-row"
                data-testid={`${kind}-row-${item.id}`}
                aria-describedby={`article-date-${item.id}`}
              >
                <img
                  className="article-logo"
                  src={serverAssetUrl(item.logo || '/logo.svg')}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  decoding="async"
                />
                <span className="article-text">
                  <span className="article-title">{item.title}</span>
                  {item.desc && <span className="article-desc">{item.desc}</span>}
                  <time id={`article-date-${item.id}`} className="article-date num" dateTime={item.created_at.replace(' ', 'T')}>
                    {formatDate(item.created_at, lang)}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

/** Rows shaped like the list while it loads (DESIGN §9). */
export function ArticleListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <ul className="article-list" aria-busy="true" data-testid="article-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="article-row" aria-hidden="true">
          <span className="sk article-logo" />
          <span className="article-text">
            <span className="sk" style={{ width: '70%', height: 16 }} />
            <span className="sk" style={{ width: '95%', height: 13 }} />
            <span className="sk" style={{ width: '30%', height: 12 }} />
          </span>
        </li>
      ))}
    </ul>
  );
}
