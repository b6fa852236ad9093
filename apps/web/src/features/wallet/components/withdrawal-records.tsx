import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DRAW_BANK, RECORD_COMPLETED, type WithdrawalRecord } from '@tradepad/contracts/wallet';
import { formatDecimal } from '../../../i18n/format.ts';
import { rowsOf, type Paged } from '../../../shared/api/paged.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { useWithdrawals, withdrawalsKey } from '../api/withdrawals.api.ts';
import { ListSkeleton } from './list-skeleton.tsx';
import { maskAccount, networkOf } from './method-text.ts';
import { feeText, RecordBadge, timeText } from './record-status.tsx';
import '../../../shared/market/market.css';
import './wallet.css';

/** /mine/withdraw?view=records: every withdrawal with its amount, fee, what arrives, status and remarks. */
export function WithdrawalRecords() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const queryClient = useQueryClient();
  const list = useWithdrawals();
  const rows = rowsOf(list.data?.pages);

  const refresh = async () => {
    queryClient.setQueryData<InfiniteData<Paged<WithdrawalRecord>, number>>(withdrawalsKey, (d) =>
      d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
    );
    await list.refetch();
  };

  let body;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError && !list.data) {
    body = (
      <NoData
        title={t('wallet.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void list.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else {
    body = (
      <PagedList
        hasMore={list.hasNextPage}
        loadMore={() => list.fetchNextPage({ throwOnError: true })}
        refresh={refresh}
        hideEnd={rows.length === 0}
        testId="withdrawal-records"
      >
        {rows.length === 0 ? (
          <NoData
            title={t('withdraw.emptyRecords')}
            hint={t('withdraw.emptyRecordsHint')}
            action={
              <Link to="/mine/withdraw" replace className="no-data-action">
                {t('route.withdraw')}
              </Link>
            }
          />
        ) : (
          <ul className="record-list">
            {rows.map((r) => {
              const to = r.type === DRAW_BANK ? `${r.bank_name} ${maskAccount(r.payee_account)}` : r.address;
              const code = [r.draw_currency.code, networkOf(r.draw_currency.code, r.draw_currency.protocol)]
                .filter(Boolean)
                .join(' ');
              return (
                <li key={r.id} className="record-row" data-testid={`withdrawal-${r.id}`}>
                  <span className="record-line">
                    <span className="record-title">
                      {r.type === DRAW_BANK ? t('withdraw.bank') : t('withdraw.coin')} · <bdi>{code}</bdi>
                    </span>
                    <RecordBadge status={r.status} testId={`withdrawal-status-${r.id}`} />
                  </span>
                  <span className="record-line">
                    <span className="record-amount num price">{formatDecimal(r.number, lang, 2)} USD</span>
                  </span>
                  <span className="record-meta">
                    <span>
                      {t('withdraw.fee')} <span className="num price">{feeText(r.fee, lang)} USD</span>
                    </span>
                    <span>
                      {t('withdraw.received')}{' '}
                      <span className="num price">
                        {formatDecimal(r.real_number, lang, 2)} {r.draw_currency.code}
                      </span>
                    </span>
                  </span>
                  {to && <span className="record-meta method-detail">{to}</span>}
                  <span className="record-meta num">{timeText(r.created_at, lang)}</span>
                  {r.notes && <span className="record-meta">{t('withdraw.memoShown', { memo: r.notes })}</span>}
                  {r.status === RECORD_COMPLETED && r.transfer_ref && (
                    <span className="record-meta">
                      {t('withdraw.transferRef')} <bdi className="method-detail">{r.transfer_ref}</bdi>
                    </span>
                  )}
                  {r.remark && r.status !== RECORD_COMPLETED && (
                    <p className="record-remark" data-testid={`withdrawal-remark-${r.id}`}>
                      {t('record.remark', { remark: r.remark })}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </PagedList>
    );
  }

  return (
    <Page name="withdrawRecords" title={t('withdraw.records')} back="/mine/withdraw" bodyClassName="wallet-body">
      {body}
    </Page>
  );
}
