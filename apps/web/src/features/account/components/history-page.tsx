import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import type { LedgerEntryView } from '@tradepad/contracts/trading/constants';
import { formatDateTime, formatDecimal } from '../../../i18n/format.ts';
import type { Paged } from '../../../shared/api/paged.ts';
import { rowsOf } from '../../../shared/api/paged.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { plTone, signed } from '../../../shared/trading/order-text.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { useSearchParams } from '../../../shared/router/router.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { forexDetailKey, useForexDetail } from '../api/forex-detail.api.ts';
import { ledgerKey, useLedger } from '../api/ledger.api.ts';
import { StatementView } from './statement-view.tsx';
import '../../../shared/market/market.css';
import './history-page.css';

/**
 * /mine/history, the account detail (spec §2, §3): the cash and locked balances, then every ledger entry with its
 * signed amount in the rise or fall colour, what it was and when; paged, with pull-to-refresh. Its second view
 * (`?view=statement`, issue 21) is the statement of a period, with its downloads.
 */
export default function HistoryPage() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'statement' ? 'statement' : 'activity';
  const detail = useForexDetail().data;
  const ledger = useLedger();
  const rows = rowsOf(ledger.data?.pages);

  const refresh = async () => {
    queryClient.setQueryData<InfiniteData<Paged<LedgerEntryView>, number>>(ledgerKey, (d) =>
      d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
    );
    await Promise.all([ledger.refetch(), queryClient.invalidateQueries({ queryKey: forexDetailKey })]);
  };

  let body;
  if (ledger.isPending) {
    body = (
      <ul className="ledger-list" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="ledger-row">
            <span className="sk" style={{ width: '60%', height: 16 }} />
            <span className="sk" style={{ width: '35%', height: 13 }} />
          </li>
        ))}
      </ul>
    );
  } else if (ledger.isError && !ledger.data) {
    body = (
      <NoData
        title={t('history.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void ledger.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else {
    body = (
      <PagedList
        hasMore={ledger.hasNextPage}
        loadMore={() => ledger.fetchNextPage({ throwOnError: true })}
        refresh={refresh}
        hideEnd={rows.length === 0}
        testId="ledger"
      >
        {rows.length === 0 ? (
          <NoData title={t('history.empty')} hint={t('history.emptyHint')} />
        ) : (
          <ul className="ledger-list">
            {rows.map((entry) => (
              <li key={entry.Id} className="ledger-row" data-testid={`ledger-row-${entry.Id}`}>
                <span className="ledger-line">
                  <span className="ledger-memo">{entry.MemoTran}</span>
                  <span className={`ledger-value num price ${plTone(entry.Value)}`} data-testid={`ledger-value-${entry.Id}`}>
                    {signed(entry.Value, formatDecimal(entry.Value, lang, 2))}
                  </span>
                </span>
                <span className="ledger-time num">
                  {entry.CreatedAt ? formatDateTime(entry.CreatedAt, lang) : entry.CreatedAtTran}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    );
  }

  return (
    <Page name="history" title={t('route.history')} back="/user" bodyClassName="history-body">
      <section className="history-card" aria-label={t('history.balances')}>
        <div>
          {/* The cash the ledger entries below move (DESIGN §17: MT5's Balance adds the margin, shown on Me). */}
          <p className="history-label">{t('wallet.cash')}</p>
          <p className="history-value num price" data-testid="history-balance">
            {detail ? formatDecimal(detail.balance, lang, 2) : '--'}
          </p>
        </div>
        <div>
          <p className="history-label">{t('history.locked')}</p>
          <p className="history-value num price" data-testid="history-locked">
            {detail ? formatDecimal(detail.lock_balance, lang, 2) : '--'}
          </p>
        </div>
      </section>
      <Segmented
        label={t('history.views')}
        value={view}
        onChange={(v) => setSearch(v === 'statement' ? { view: v } : {}, { replace: true })}
        options={[
          { value: 'activity', label: t('history.entries'), testId: 'history-tab-activity' },
          { value: 'statement', label: t('statement.title'), testId: 'history-tab-statement' },
        ]}
      />
      {view === 'statement' ? (
        <StatementView />
      ) : (
        <>
          <h2 className="history-title">{t('history.entries')}</h2>
          {body}
        </>
      )}
    </Page>
  );
}
