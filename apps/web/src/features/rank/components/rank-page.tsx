import { useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { COPY_SORTS, type CopySort } from '@tradepad/contracts/copy/constants';
import type { StrategyEntry, StrategyList } from '@tradepad/contracts/copy/schemas';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Link, useNavigate } from '../../../shared/router/router.tsx';
import { directionOf, formatCount, formatDateTime, formatPercent, formatPercentValue } from '../../../i18n/format.ts';
import { rowsOf } from '../../../shared/api/paged.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { isDemo, useUserStore } from '../../../shared/store/user.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { strategiesKey, useStrategies } from '../api/strategies.api.ts';
import '../../../shared/market/market.css';
import './rank.css';

const TONE = { 1: 'tone-up', [-1]: 'tone-down', 0: 'tone-flat' } as const;
const tone = (value: string) => TONE[directionOf(Number(value))];

/**
 * /rank (spec §2, DESIGN §18): the strategies anyone can follow, by 3-week return after fees (or total return,
 * followers, equity). A tap opens the strategy's page with Follow. Real traders are offered to open their own.
 */
export default function RankPage() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<CopySort>('three_week_rate');
  const strategies = useStrategies(sort);
  const rows = rowsOf(strategies.data?.pages);
  const updatedAt = strategies.data?.pages[0]?.updated_at ?? 0;

  const refresh = async () => {
    queryClient.setQueryData<InfiniteData<StrategyList, number>>(strategiesKey(sort), (d) =>
      d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
    );
    await strategies.refetch();
  };

  let body;
  if (strategies.isPending) body = <RankSkeleton />;
  else if (strategies.isError && !strategies.data) {
    body = (
      <NoData
        title={t('rank.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void strategies.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else {
    body = (
      <PagedList
        hasMore={strategies.hasNextPage}
        loadMore={() => strategies.fetchNextPage({ throwOnError: true })}
        refresh={refresh}
        hideEnd={rows.length === 0}
        testId="rank-list"
      >
        {rows.length === 0 ? (
          <NoData title={t('rank.empty')} hint={t('rank.emptyHint')} />
        ) : (
          <ol className="rank-list">
            {rows.map((entry, i) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className="rank-card"
                  data-testid={`rank-row-${i}`}
                  data-strategy={entry.id}
                  onClick={() => navigate(`/copy/${entry.id}`)}
                >
                  <RankRow entry={entry} place={i + 1} lang={lang} />
                </button>
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    );
  }

  return (
    <Page name="rank" title={t('route.rank')} withTabBar bodyClassName="rank-body">
      <section className="rank-intro" aria-label={t('rank.about')}>
        <p className="rank-intro-text">{t('rank.intro')}</p>
        {updatedAt > 0 && (
          <p className="rank-updated num" data-testid="rank-updated">
            {t('rank.updated', { time: formatDateTime(updatedAt, lang) })}
          </p>
        )}
      </section>
      <ProviderCard />
      <div className="rank-sort">
        <Segmented<CopySort>
          label={t('rank.sortBy')}
          value={sort}
          onChange={setSort}
          options={COPY_SORTS.map((s) => ({ value: s, label: t(`rank.sort.${s}`), testId: `rank-sort-${s}` }))}
        />
      </div>
      {body}
    </Page>
  );
}

function RankRow({ entry, place, lang }: { entry: StrategyEntry; place: number; lang: Parameters<typeof formatCount>[1] }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="rank-head">
        <span className={`rank-place num${place <= 3 ? ' is-top' : ''}`} aria-label={t('rank.place', { place })}>
          {place}
        </span>
        <span className="rank-who">
          <bdi className="rank-user">{entry.name}</bdi>
          <span className="rank-tags">
            <span className="rank-tag">
              <span className="visually-hidden">{t('rank.providerLabel')}: </span>
              <bdi className="num">{entry.provider_uid}</bdi>
            </span>
            <span className="rank-tag">
              {t('rank.fees', {
                performance: formatPercentValue(Number(entry.performance_fee_percent), lang),
                management: formatPercentValue(Number(entry.management_fee_percent), lang),
              })}
            </span>
          </span>
        </span>
        <span className="rank-main">
          <span className={`rank-main-value num price ${tone(entry.three_week_rate)}`}>
            {formatPercent(Number(entry.three_week_rate), lang)}
          </span>
          <span className="rank-main-label">{t('rank.threeWeekRate')}</span>
        </span>
      </span>
      <span className="rank-stats">
        <Stat label={t('rank.winRate')} value={formatPercentValue(Number(entry.three_week_win), lang)} />
        <Stat label={t('rank.totalRate')} value={formatPercent(Number(entry.total_rate), lang)} tone={tone(entry.total_rate)} />
        <Stat label={t('rank.maxDrawdown')} value={formatPercentValue(Number(entry.max_drawdown), lang)} />
        <Stat label={t('rank.totalOrders')} value={formatCount(entry.total_trade_num, lang)} />
        <Stat label={t('rank.followers')} value={formatCount(entry.followers, lang)} />
      </span>
    </>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <span className="rank-stat">
      <span className="rank-stat-label">{label}</span>{' '}
      <span className={`rank-stat-value num price${tone ? ` ${tone}` : ''}`}>{value}</span>
    </span>
  );
}

/** Becoming a provider: real traders open their strategy here; visitors are shown the way in, demo users why not. */
function ProviderCard() {
  const { t } = useTranslation();
  const loggedIn = useUserStore((s) => s.loggedIn);
  const demo = useUserStore((s) => isDemo(s.profile));

  if (!loggedIn) {
    return (
      <p className="rank-optin-note">
        <Link to="/login?from=%2Frank" className="rank-optin-link" data-testid="rank-login">
          {t('rank.loginToJoin')}
        </Link>
      </p>
    );
  }
  if (demo) return <p className="rank-optin-note">{t('rank.demoNote')}</p>;
  return (
    <Link to="/copy/provider" className="rank-optin rank-provider" data-testid="rank-provider">
      <span className="rank-optin-text">
        <span className="rank-optin-title">{t('rank.provider.title')}</span>
        <span className="rank-optin-hint">{t('rank.provider.hint')}</span>
      </span>
      <span className="rank-provider-go flip-rtl" aria-hidden="true">
        ›
      </span>
    </Link>
  );
}

function RankSkeleton() {
  return (
    <ol className="rank-list" aria-busy="true" data-testid="rank-skeleton">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="rank-card" aria-hidden="true">
          <span className="rank-head">
            <span className="sk" style={{ width: 28, height: 28, borderRadius: 14 }} />
            <span className="rank-who">
              <span className="sk" style={{ width: 90, height: 16 }} />
              <span className="sk" style={{ width: 120, height: 14, marginTop: 6 }} />
            </span>
            <span className="sk" style={{ width: 70, height: 22 }} />
          </span>
          <span className="sk" style={{ width: '100%', height: 40, marginTop: 12 }} />
        </li>
      ))}
    </ol>
  );
}
