import { useEffect } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/i18n.ts';
import { fetchNotices, markNoticesRead, type Notice } from '../../../shared/api/notices.api.ts';
import { FIRST_PAGE, nextPageOf, rowsOf } from '../../../shared/api/paged.ts';
import { useNavigate } from '../../../shared/router/router.tsx';
import { useNoticesStore } from '../../../shared/store/notices.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import './notices.css';

const when = (ms: number, lang: string | undefined) =>
  new Intl.DateTimeFormat(
    lang === 'hk' ? 'zh-HK' : lang === 'jp' ? 'ja' : lang === 'kr' ? 'ko' : lang === 'spa' ? 'es' : lang === 'vn' ? 'vi' : lang,
    {
      dateStyle: 'medium',
      timeStyle: 'short',
    },
  ).format(ms);

/** /mine/notices (issue 21): the notification centre, newest first; opening a notice marks it read. */
export default function NoticesPage() {
  const { t, lang } = useTranslation();
  const navigate = useNavigate();
  const unread = useNoticesStore((s) => s.unread);
  const version = useNoticesStore((s) => s.version);
  const setUnread = useNoticesStore((s) => s.setUnread);
  const q = useInfiniteQuery({
    queryKey: ['notices', lang],
    queryFn: ({ pageParam }) => fetchNotices(pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageOf,
  });
  const refetch = q.refetch;
  useEffect(() => {
    if (version > 0) void refetch();
  }, [version, refetch]);
  const first = q.data?.pages[0];
  useEffect(() => {
    if (first) setUnread(first.unread);
  }, [first, setUnread]);
  const rows = rowsOf(q.data?.pages);

  const open = async (n: Notice) => {
    if (!n.read) {
      const r = await markNoticesRead(n.id).catch(() => undefined);
      if (r) setUnread(r.unread);
      void refetch();
    }
    void navigate(n.link.startsWith('/') && !n.link.startsWith('//') ? n.link : '/mine/notices');
  };
  const readAll = async () => {
    const r = await markNoticesRead().catch(() => undefined);
    if (r) setUnread(r.unread);
    void refetch();
  };

  return (
    <Page name="notices" title={t('route.notices')} back="/user" bodyClassName="notices-body">
      <button
        type="button"
        className="nt-row nt-link"
        data-testid="notices-settings"
        onClick={() => void navigate('/mine/notices/settings')}
      >
        <span className="nt-label">{t('notices.pushSettings')}</span>
        <RightOutline className="nt-chevron flip-rtl" aria-hidden />
      </button>
      <div className="notices-toolbar">
        <button
          type="button"
          className="notices-read-all"
          disabled={unread === 0}
          data-testid="notices-read-all"
          onClick={() => void readAll()}
        >
          {t('notices.readAll')}
        </button>
      </div>
      {q.isPending ? (
        <ul className="notices-list" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="notice-item skeleton-row" />
          ))}
        </ul>
      ) : rows.length === 0 ? (
        <NoData title={t('notices.empty')} hint={t('notices.emptyHint')} />
      ) : (
        <div className="notices-list-wrap">
          <PagedList hasMore={q.hasNextPage} loadMore={() => q.fetchNextPage()} refresh={() => q.refetch()} testId="notices-list">
            <ul className="notices-list">
              {rows.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    className={`notice-item${n.read ? '' : ' is-unread'}`}
                    data-testid={`notice-${n.id}`}
                    data-read={n.read ? '1' : '0'}
                    onClick={() => void open(n)}
                  >
                    <span className={`notice-dot kind-${n.kind}`} aria-hidden="true" />
                    <span className="notice-text">
                      <span className="notice-title">
                        {n.title}
                        {!n.read && <span className="visually-hidden">{` · ${t('notices.unread')}`}</span>}
                      </span>
                      <span className="notice-body">{n.body}</span>
                      <time className="notice-time num" dateTime={new Date(n.created_at).toISOString()}>
                        {when(n.created_at, lang)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </PagedList>
        </div>
      )}
    </Page>
  );
}
