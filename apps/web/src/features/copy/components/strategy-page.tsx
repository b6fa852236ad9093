import { useState } from 'react';
import type { StrategyDetail } from '@tradepad/contracts/copy/schemas';
import { useTranslation } from '../../../i18n/i18n.ts';
import {
  directionOf,
  formatCount,
  formatMoney,
  formatPercent,
  formatPercentValue,
  formatSignedDecimal,
} from '../../../i18n/format.ts';
import { Link, useLocation, useParams } from '../../../shared/router/router.tsx';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { isDemo, useUserStore } from '../../../shared/store/user.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useStrategy } from '../api/strategy.api.ts';
import { EquityCurve } from './equity-curve.tsx';
import { FollowSheet } from './follow-sheet.tsx';
import { UnfollowSheet } from './unfollow-sheet.tsx';
import '../../../shared/market/market.css';
import './copy.css';

const TONE = { 1: 'tone-up', [-1]: 'tone-down', 0: 'tone-flat' } as const;
const tone = (value: string) => TONE[directionOf(Number(value))];

/**
 * /copy/:id (issue 34 point 5, DESIGN §18): a strategy's page, public. Its name, masked provider and description; its
 * figures after fees from the engine's own records (returns, win rate, trades, followers, equity, drawdown) and its
 * daily equity curve; its fees and minimum; and Follow (or Unfollow when the trader already follows it).
 */
export default function StrategyPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const strategyId = Number(id);
  const strategy = useStrategy(strategyId);

  let body;
  if (strategy.isPending && Number.isSafeInteger(strategyId) && strategyId > 0) {
    body = <StrategySkeleton />;
  } else if (!strategy.data) {
    body = (
      <NoData
        title={t('copy.strategy.loadError')}
        action={
          <Link to="/rank" className="no-data-action">
            {t('copy.strategy.backToRank')}
          </Link>
        }
      />
    );
  } else {
    body = <StrategyBody strategy={strategy.data} />;
  }
  return (
    <Page name="copyStrategy" title={strategy.data?.name ?? t('copy.strategy.title')} back="/rank" bodyClassName="copy-body">
      {body}
    </Page>
  );
}

function StrategyBody({ strategy: s }: { strategy: StrategyDetail }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((st) => st.lang);
  const [sheet, setSheet] = useState<'follow' | 'unfollow' | null>(null);
  const figures: [string, string, string?][] = [
    [t('copy.figures.threeWeekRate'), formatPercent(Number(s.three_week_rate), lang), tone(s.three_week_rate)],
    [t('copy.figures.totalRate'), formatPercent(Number(s.total_rate), lang), tone(s.total_rate)],
    [t('copy.figures.winRate'), formatPercentValue(Number(s.three_week_win), lang)],
    [t('copy.figures.trades'), formatCount(s.total_trade_num, lang)],
    [t('copy.figures.followers'), formatCount(s.followers, lang)],
    [t('copy.figures.equity'), `${formatMoney(s.equity, lang)} USD`],
    [t('copy.figures.maxDrawdown'), formatPercentValue(Number(s.max_drawdown), lang)],
    [t('copy.figures.threeWeekProfit'), `${formatSignedDecimal(s.three_week_profit, lang)} USD`, tone(s.three_week_profit)],
  ];
  const last = s.curve.at(-1);
  return (
    <>
      <section className="copy-card copy-hero" aria-labelledby="copy-strategy-name">
        <div className="copy-hero-head">
          <div className="copy-hero-who">
            <h2 id="copy-strategy-name" className="copy-hero-name" data-testid="copy-strategy-name">
              <bdi>{s.name}</bdi>
            </h2>
            <p className="copy-hero-provider">
              {t('copy.strategy.provider')} <bdi className="num">{s.provider_uid}</bdi>
            </p>
          </div>
          <div className="copy-hero-main">
            <span className={`copy-hero-rate num price ${tone(s.total_rate)}`} data-testid="copy-total-rate">
              {formatPercent(Number(s.total_rate), lang)}
            </span>
            <span className="copy-hero-rate-label">{t('copy.figures.totalRate')}</span>
          </div>
        </div>
        {s.status !== 'open' && (
          <p className="copy-status-note" role="status" data-testid="copy-strategy-status">
            {t(`copy.strategy.status.${s.status}`)}
          </p>
        )}
        {s.description && (
          <p className="copy-hero-description" dir="auto">
            {s.description}
          </p>
        )}
      </section>

      <section className="copy-card" aria-labelledby="copy-curve-title">
        <div className="copy-card-head">
          <h3 id="copy-curve-title" className="copy-card-title">
            {t('copy.strategy.curve')}
          </h3>
          {last && <span className="copy-card-value num price">{formatMoney(last.equity, lang)}</span>}
        </div>
        <p className="copy-card-hint">{t('copy.strategy.curveHint')}</p>
        <EquityCurve points={s.curve} />
      </section>

      <section className="copy-card" aria-labelledby="copy-figures-title">
        <h3 id="copy-figures-title" className="copy-card-title">
          {t('copy.strategy.figures')}
        </h3>
        <dl className="copy-grid" data-testid="copy-figures">
          {figures.map(([label, value, toneClass]) => (
            <div key={label} className="copy-grid-item">
              <dt>{label}</dt>
              <dd className={`num price${toneClass ? ` ${toneClass}` : ''}`}>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="copy-card-hint">{t('copy.strategy.afterFees')}</p>
      </section>

      <section className="copy-card" aria-labelledby="copy-terms-title">
        <h3 id="copy-terms-title" className="copy-card-title">
          {t('copy.strategy.terms')}
        </h3>
        <dl className="copy-terms" data-testid="copy-terms">
          <div>
            <dt>{t('copy.terms.performanceFee')}</dt>
            <dd className="num price">{formatPercentValue(Number(s.performance_fee_percent), lang)}</dd>
          </div>
          <div>
            <dt>{t('copy.terms.managementFee')}</dt>
            <dd className="num">
              {t('copy.terms.perYear', { percent: `\u2068${formatPercentValue(Number(s.management_fee_percent), lang)}\u2069` })}
            </dd>
          </div>
          <div>
            <dt>{t('copy.terms.minimum')}</dt>
            <dd className="num price">{formatMoney(s.min_investment, lang)} USD</dd>
          </div>
        </dl>
        <p className="copy-card-hint">{t('copy.terms.explain')}</p>
      </section>

      <FollowBar strategy={s} onFollow={() => setSheet('follow')} onUnfollow={() => setSheet('unfollow')} />
      <FollowSheet strategy={sheet === 'follow' ? s : null} onClose={() => setSheet(null)} />
      <UnfollowSheet
        target={sheet === 'unfollow' && s.my_follow ? { follow: s.my_follow, performanceFee: s.performance_fee_percent } : null}
        onClose={() => setSheet(null)}
      />
    </>
  );
}

/** Follow, or what stands in its way: signing in, a demo account, a strategy not taking followers; Unfollow once following. */
function FollowBar({ strategy, onFollow, onUnfollow }: { strategy: StrategyDetail; onFollow(): void; onUnfollow(): void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const loggedIn = useUserStore((s) => s.loggedIn);
  const demo = useUserStore((s) => isDemo(s.profile));
  let content;
  if (!loggedIn) {
    content = (
      <Link
        to={`/login?from=${encodeURIComponent(location.pathname)}`}
        className="btn btn-primary btn-block"
        data-testid="copy-login"
      >
        {t('copy.strategy.loginToFollow')}
      </Link>
    );
  } else if (demo) {
    content = <p className="copy-bar-note">{t('copy.strategy.realOnly')}</p>;
  } else if (strategy.my_follow) {
    content = (
      <div className="copy-bar-row">
        <span className="copy-bar-following" data-testid="copy-following-badge">
          {t('copy.strategy.following')}
        </span>
        <button type="button" className="btn btn-secondary" data-testid="copy-unfollow" onClick={onUnfollow}>
          {t('copy.unfollow.action')}
        </button>
      </div>
    );
  } else if (strategy.status !== 'open') {
    content = (
      <button type="button" className="btn btn-primary btn-block" disabled>
        {t('copy.strategy.notTaking')}
      </button>
    );
  } else {
    content = (
      <button type="button" className="btn btn-primary btn-block" data-testid="copy-follow" onClick={onFollow}>
        {t('copy.follow.action')}
      </button>
    );
  }
  return <div className="copy-bar">{content}</div>;
}

function StrategySkeleton() {
  return (
    <div aria-busy="true" data-testid="copy-strategy-skeleton">
      <span className="sk copy-card" style={{ display: 'block', height: 110 }} />
      <span className="sk copy-card" style={{ display: 'block', height: 170 }} />
      <span className="sk copy-card" style={{ display: 'block', height: 180 }} />
    </div>
  );
}
