import { useTranslation } from '../../../i18n/i18n.ts';
import { Link, useSearchParams } from '../../../shared/router/router.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useNewsInfo } from '../api/news-info.api.ts';
import { ArticleHtml } from './article-html.tsx';
import '../../../shared/market/market.css';
import './news.css';

function idFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * One article (`?id=`): title, date and its HTML body. `name`, `titleKey` and `back` make it the news detail
 * (/news/detail, spec §2) or the announcement detail (/mine/announcement/detail).
 */
export function ArticlePage({ name, titleKey, back }: { name: string; titleKey: string; back: string }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const [params] = useSearchParams();
  const id = idFrom(params.get('id'));
  const info = useNewsInfo(id);

  let body;
  if (id === null || (info.isError && !info.data)) {
    body = (
      <NoData
        title={t('news.notFound')}
        hint={t('news.notFoundHint')}
        action={
          id !== null ? (
            <button type="button" className="no-data-action" onClick={() => void info.refetch()}>
              {t('common.reload')}
            </button>
          ) : (
            <Link to={back} replace className="no-data-action">
              {t(name === 'newsDetail' ? 'news.allNews' : 'news.allAnnouncements')}
            </Link>
          )
        }
      />
    );
  } else if (!info.data) {
    body = (
      <div className="article" aria-busy="true" data-testid="article-skeleton">
        <span className="sk" style={{ width: '85%', height: 24 }} />
        <span className="sk" style={{ width: '35%', height: 14, marginTop: 12 }} />
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className="sk" style={{ width: i % 3 === 2 ? '60%' : '100%', height: 14, marginTop: 14 }} />
        ))}
      </div>
    );
  } else {
    const a = info.data;
    body = (
      <article className="article" aria-labelledby="article-title" data-testid="article">
        <h2 id="article-title" className="article-heading">
          {a.title}
        </h2>
        <time className="article-meta num" dateTime={a.created_at.replace(' ', 'T')}>
          {formatDate(a.created_at, lang)}
        </time>
        <ArticleHtml html={a.content} testId="article-body" />
      </article>
    );
  }

  return (
    <Page name={name} title={t(titleKey)} back={back} bodyClassName="news-body">
      {body}
    </Page>
  );
}

export function NewsDetailPage() {
  return <ArticlePage name="newsDetail" titleKey="route.newsDetail" back="/news" />;
}

export function AnnouncementDetailPage() {
  return <ArticlePage name="announcementDetail" titleKey="route.announcementDetail" back="/mine/announcement" />;
}
