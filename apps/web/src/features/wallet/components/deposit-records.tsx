import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEPOSIT_BANK, RECORD_INVALID, RECORD_REJECTED, type DepositRecord } from '@tradepad/contracts/wallet';
import { formatDecimal, formatQuantity } from '../../../i18n/format.ts';
import { rowsOf, type Paged } from '../../../shared/api/paged.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { depositsKey, useDeposits } from '../api/deposit-list.api.ts';
import { ListSkeleton } from './list-skeleton.tsx';
import { networkOf } from './method-text.ts';
import { RecordBadge, timeText } from './record-status.tsx';
import '../../../shared/market/market.css';
import './wallet.css';

/** /mine/charge?view=records: every deposit with its status, and the staff's remark when refused (spec §4). */
export function DepositRecords() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const queryClient = useQueryClient();
  const deposits = useDeposits();
  const rows = rowsOf(deposits.data?.pages);

  const refresh = async () => {
    queryClient.setQueryData<InfiniteData<Paged<DepositRecord>, number>>(depositsKey, (d) =>
      d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
    );
    await deposits.refetch();
  };

  let body;
  if (deposits.isPending) body = <ListSkeleton />;
  else if (deposits.isError && !deposits.data) {
    body = (
      <NoData
        title={t('wallet.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void deposits.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else {
    body = (
      <PagedList
        hasMore={deposits.hasNextPage}
        loadMore={() => deposits.fetchNextPage({ throwOnError: true })}
        refresh={refresh}
        hideEnd={rows.length === 0}
        testId="deposit-records"
      >
        {rows.length === 0 ? (
          <NoData
            title={t('charge.emptyRecords')}
            hint={t('charge.emptyRecordsHint')}
            action={
              <Link to="/mine/charge" replace className="no-data-action">
                {t('route.charge')}
              </Link>
            }
          />
        ) : (
          <ul className="record-list">
            {rows.map((r) => (
              <li key={r.id} className="record-row" data-testid={`deposit-${r.id}`}>
                <span className="record-line">
                  <span className="record-title">
                    {r.type === DEPOSIT_BANK ? t('charge.bank') : t('charge.coin')} ·{' '}
                    <bdi>{[r.currency_code, networkOf(r.currency_code, r.protocol_code)].filter(Boolean).join(' ')}</bdi>
                  </span>
                  <RecordBadge status={r.status} testId={`deposit-status-${r.id}`} />
                </span>
                <span className="record-line">
                  <span className="record-amount num price" data-testid={`deposit-amount-${r.id}`}>
                    {formatQuantity(r.number, lang)} {r.currency_code}
                  </span>
                  {r.usd_amount && r.currency_code !== 'USD' && (
                    <span className="record-meta num price">≈ {formatDecimal(r.usd_amount, lang, 2)} USD</span>
                  )}
                </span>
                <span className="record-meta num">{timeText(r.created_at, lang)}</span>
                {(r.status === RECORD_REJECTED || r.status === RECORD_INVALID) && r.remark && (
                  <p className="record-remark" data-testid={`deposit-remark-${r.id}`}>
                    {t('record.remark', { remark: r.remark })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    );
  }

  return (
    <Page name="chargeRecords" title={t('charge.records')} back="/mine/charge" bodyClassName="wallet-body">
      {body}
    </Page>
  );
}
