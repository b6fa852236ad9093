import { useQueryClient, type InfiniteData, type QueryKey, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Link } from '../../../shared/router/router.tsx';
import { rowsOf, type Paged } from '../../../shared/api/paged.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { ListSkeleton } from './list-skeleton.tsx';
import '../../../shared/market/market.css';
import './wallet.css';

/**
 * A records screen (deposits, withdrawals): skeleton while loading, a retry on failure, an empty state that leads back
 * to the form, then the rows with infinite scroll and pull-to-refresh (which starts again from the first page).
 */
export function RecordsPage<T>(props: {
  name: string;
  title: string;
  back: string;
  query: UseInfiniteQueryResult<InfiniteData<Paged<T>, unknown>>;
  queryKey: QueryKey;
  testId: string;
  empty: { title: string; hint: string; action: string };
  row: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { query } = props;
  const rows = rowsOf(query.data?.pages);

  const refresh = async () => {
    queryClient.setQueryData<InfiniteData<Paged<T>, unknown>>(props.queryKey, (d) =>
      d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
    );
    await query.refetch();
  };

  let body;
  if (query.isPending) body = <ListSkeleton />;
  else if (query.isError && !query.data) {
    body = (
      <NoData
        title={t('wallet.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void query.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else {
    body = (
      <PagedList
        hasMore={query.hasNextPage}
        loadMore={() => query.fetchNextPage({ throwOnError: true })}
        refresh={refresh}
        hideEnd={rows.length === 0}
        testId={props.testId}
      >
        {rows.length === 0 ? (
          <NoData
            title={props.empty.title}
            hint={props.empty.hint}
            action={
              <Link to={props.back} replace className="no-data-action">
                {props.empty.action}
              </Link>
            }
          />
        ) : (
          <ul className="record-list">{rows.map(props.row)}</ul>
        )}
      </PagedList>
    );
  }

  return (
    <Page name={props.name} title={props.title} back={props.back} bodyClassName="wallet-body">
      {body}
    </Page>
  );
}
