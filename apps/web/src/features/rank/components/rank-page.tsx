import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Link } from '../../../shared/router/router.tsx';
import type { RankEntry, RankList } from '@tradepad/contracts/content/constants';
import {
  directionOf,
  formatCount,
  formatDateTime,
  formatPercent,
  formatPercentValue,
  formatSignedDecimal,
} from '../../../i18n/format.ts';
import { rowsOf } from '../../../shared/api/paged.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { isDemo, useUserStore } from '../../../shared/store/user.store.ts';
import { Dialog } from '../../../shared/ui/antd.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { Switch } from '../../../shared/ui/switch.tsx';
import { followListKey, useLeaders } from '../api/follow-list.api.ts';
import { useRankOptIn } from '../api/rank-setting.api.ts';
import { useRememberedOptIn } from '../hooks/rank-opt-in.ts';
import '../../../shared/market/market.css';
import './rank.css';

const TONE = { 1: 'tone-up', [-1]: 'tone-down', 0: 'tone-flat' } as const;

/**
 * /rank (spec §2): copy-trade leaders over the last 3 weeks (spec §9), best first. Tapping a leader says copy trading
 * is coming soon. Signed-in real users can choose to be listed (a masked id and their statistics).
 */
export default function RankPage() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const queryClient = useQueryClient();
  const leaders = useLeaders();
  const rows = rowsOf(leaders.data?.pages);
  const updatedAt = leaders.data?.pages[0]?.updated_at ?? 0;

  const refresh = async () => {
    queryClient.setQueryData<InfiniteData<RankList, number>>(followListKey, (d) =>
      d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
    );
    await leaders.refetch();
  };

  const comingSoon = (entry: RankEntry) => {
    void Dialog.alert({
      title: t('common.comingSoon'),
      content: t('rank.comingSoonText', { user: entry.user }),
      confirmText: t('common.close'),
    });
  };

  let body;
  if (leaders.isPending) body = <RankSkeleton />;
  else if (leaders.isError && !leaders.data) {
    body = (
      <NoData
        title={t('rank.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void leaders.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else {
    body = (
      <PagedList
        hasMore={leaders.hasNextPage}
        loadMore={() => leaders.fetchNextPage({ throwOnError: true })}
        refresh={refresh}
        hideEnd={rows.length === 0}
        testId="rank-list"
      >
        {rows.length === 0 ? (
          <NoData title={t('rank.empty')} hint={t('rank.emptyHint')} />
        ) : (
          <ol className="rank-list">
            {rows.map((entry, i) => (
              <li key={`${entry.user}-${i}`}>
                <button type="button" className="rank-card" data-testid={`rank-row-${i}`} onClick={() => comingSoon(entry)}>
                  <span className="rank-head">
                    <span className={`rank-place num${i < 3 ? ' is-top' : ''}`} aria-label={t('rank.place', { place: i + 1 })}>
                      {i + 1}
                    </span>
                    <span className="rank-who">
                      <bdi className="rank-user num">{entry.user}</bdi>
                      <span className="rank-tags">
                        <span className="rank-tag">
                          <span className="visually-hidden">{t('rank.variety')}: </span>
                          <bdi>{entry.code || '--'}</bdi>
                        </span>
                        <span className="rank-tag">
                          <span className="visually-hidden">{t('trading.leverage')}: </span>
                          <span className="price">{t('trading.leverageValue', { value: entry.multiple })}</span>
                        </span>
                      </span>
                    </span>
                    <span className="rank-main">
                      <span className={`rank-main-value num price ${TONE[directionOf(Number(entry.three_week_rate))]}`}>
                        {formatPercent(Number(entry.three_week_rate), lang)}
                      </span>
                      <span className="rank-main-label">{t('rank.threeWeekRate')}</span>
                    </span>
                  </span>
                  <span className="rank-stats">
                    <Stat label={t('rank.winRate')} value={formatPercentValue(Number(entry.three_week_win), lang)} />
                    <Stat
                      label={t('rank.threeWeekProfit')}
                      value={`${formatSignedDecimal(entry.three_week_profit, lang, 2)}`}
                      tone={TONE[directionOf(Number(entry.three_week_profit))]}
                    />
                    <Stat
                      label={t('rank.totalRate')}
                      value={formatPercent(Number(entry.total_rate), lang)}
                      tone={TONE[directionOf(Number(entry.total_rate))]}
                    />
                    <Stat label={t('rank.totalOrders')} value={formatCount(entry.total_trade_num, lang)} />
                    <Stat label={t('rank.followers')} value={formatCount(entry.followers ?? 0, lang)} />
                  </span>
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
      <OptInCard />
      {body}
    </Page>
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

/** Being listed is a choice: signed-in real users switch it on here; others learn how to get there. */
function OptInCard() {
  const { t } = useTranslation();
  const loggedIn = useUserStore((s) => s.loggedIn);
  const profile = useUserStore((s) => s.profile);
  const [on, remember] = useRememberedOptIn(loggedIn ? profile?.rank_opt_in : undefined);
  const save = useRankOptIn();

  if (!loggedIn) {
    return (
      <p className="rank-optin-note">
        <Link to="/login?from=%2Frank" className="rank-optin-link" data-testid="rank-login">
          {t('rank.loginToJoin')}
        </Link>
      </p>
    );
  }
  if (isDemo(profile)) return <p className="rank-optin-note">{t('rank.demoNote')}</p>;

  const change = async (next: boolean) => {
    try {
      await save.mutateAsync(next);
      remember(next);
    } catch {
      // The API client showed the server's message.
    }
  };
  return (
    <section className="rank-optin" aria-labelledby="rank-optin-title">
      <div className="rank-optin-text">
        <h2 id="rank-optin-title" className="rank-optin-title">
          {t('rank.optIn')}
        </h2>
        <p className="rank-optin-hint">{t('rank.optInHint')}</p>
      </div>
      <Switch
        checked={on}
        label={t('rank.optIn')}
        disabled={save.isPending}
        testId="rank-optin"
        onChange={(next) => void change(next)}
      />
    </section>
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
