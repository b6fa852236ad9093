import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import './paged-list.css';

/** Spec §9: the pull-to-refresh header closes 500 ms after the refresh finished. */
export const PULL_REFRESH_CLOSE_MS = 500;

export interface PagedListProps {
  /** More pages to load (the loaded rows have not reached the total). */
  hasMore: boolean;
  /** Loads the next page; rejecting shows the retry line. */
  loadMore(): Promise<unknown>;
  /** Loads the list again from page 1. */
  refresh(): Promise<unknown>;
  /** Said under the last row when the list is finished; the generic "no more" by default. */
  noMoreText?: string;
  /** No end line (an empty list shows its own empty state instead). */
  hideEnd?: boolean;
  testId?: string;
  children: ReactNode;
}

/**
 * A paged list (spec §2, §9): pull down to load it again from page 1, scroll to the end to load the next page, and
 * a line at the end that says whether more is coming, loading failed (with a retry) or there is no more.
 */
export function PagedList({ hasMore, loadMore, refresh, noMoreText, hideEnd = false, testId, children }: PagedListProps) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await refresh().catch(() => {});
      }}
      completeDelay={PULL_REFRESH_CLOSE_MS}
    >
      <div data-testid={testId}>
        {children}
        {!hideEnd && (
          <InfiniteScroll
            hasMore={hasMore}
            loadMore={async () => {
              await loadMore();
            }}
          >
            {(more, failed, retry) => (
              <div className="paged-end" role="status">
                {!more ? (
                  <span data-testid="no-more">{noMoreText ?? t('common.noMore')}</span>
                ) : failed ? (
                  <>
                    <span>{t('common.loadFailed')}</span>
                    <button type="button" className="paged-retry" onClick={retry}>
                      {t('common.retry')}
                    </button>
                  </>
                ) : (
                  <>
                    <span className="spinner paged-spinner" aria-hidden="true" />
                    <span>{t('common.loading')}</span>
                  </>
                )}
              </div>
            )}
          </InfiniteScroll>
        )}
      </div>
    </PullToRefresh>
  );
}
