import { useState } from 'react';
import type { CopyEventView, FollowView } from '@tradepad/contracts/copy/schemas';
import { useTranslation } from '../../../i18n/i18n.ts';
import { directionOf, formatDateTime, formatMoney, formatQuantity, formatSignedDecimal } from '../../../i18n/format.ts';
import { Link } from '../../../shared/router/router.tsx';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { useFollowing } from '../api/following.api.ts';
import { copyEventKey, skipReasonText } from '../hooks/copy-events.ts';
import { UnfollowSheet } from './unfollow-sheet.tsx';
import '../../../shared/market/market.css';
import './copy.css';

const TONE = { 1: 'tone-up', [-1]: 'tone-down', 0: 'tone-flat' } as const;
/** Recent copies shown per follow (the server sends up to 20). */
const EVENTS_SHOWN = 6;

/**
 * Orders › Copying (issue 34 point 5): the trader's follows, active first: what went in, the copy account's equity,
 * the result after fees, the fees paid, and the latest copies and skips with their reasons; Unfollow on each active
 * one. Links to the strategies and to the trader's own strategy ("Become a provider").
 */
export default function CopyingSection() {
  const { t } = useTranslation();
  const following = useFollowing();
  const [leaving, setLeaving] = useState<FollowView | null>(null);
  const rows = following.data?.data ?? [];

  let body;
  if (following.isPending) {
    body = <span className="sk copy-card" style={{ display: 'block', height: 160 }} aria-hidden="true" />;
  } else if (following.isError && !following.data) {
    body = (
      <NoData
        title={t('copy.copying.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void following.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else if (rows.length === 0) {
    body = (
      <NoData
        title={t('copy.copying.empty')}
        hint={t('copy.copying.emptyHint')}
        action={
          <Link to="/rank" className="no-data-action" data-testid="copying-find">
            {t('copy.copying.find')}
          </Link>
        }
      />
    );
  } else {
    body = (
      <ul className="copy-follow-list">
        {rows.map((f) => (
          <FollowCard key={f.id} follow={f} onUnfollow={() => setLeaving(f)} />
        ))}
      </ul>
    );
  }

  return (
    <div className="copy-copying" data-testid="orders-copying">
      <div className="copy-links">
        <Link to="/rank" className="btn btn-secondary btn-small">
          {t('copy.copying.strategies')}
        </Link>
        <Link to="/copy/provider" className="btn btn-secondary btn-small" data-testid="copying-provider">
          {t('copy.provider.entry')}
        </Link>
      </div>
      {body}
      <UnfollowSheet target={leaving ? { follow: leaving } : null} onClose={() => setLeaving(null)} />
    </div>
  );
}

function FollowCard({ follow: f, onUnfollow }: { follow: FollowView; onUnfollow(): void }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const active = f.status === 'following';
  const figures: [string, string, string?][] = [
    [t('copy.copying.invested'), formatMoney(f.invested, lang)],
    [active ? t('copy.copying.equity') : t('copy.copying.returned'), formatMoney(active ? f.equity : f.returned, lang)],
    [t('copy.copying.profit'), formatSignedDecimal(f.profit, lang), TONE[directionOf(Number(f.profit))]],
    [t('copy.copying.feesPaid'), formatMoney(f.fees_paid, lang)],
  ];
  return (
    <li className={`copy-card copy-follow${active ? '' : ' is-ended'}`} data-testid={`copying-${f.strategy_id}`}>
      <div className="copy-card-head">
        <div className="copy-follow-who">
          <Link to={`/copy/${f.strategy_id}`} className="copy-follow-name">
            <bdi>{f.strategy_name}</bdi>
          </Link>
          <span className="copy-follow-sub">
            <bdi className="num">{f.provider_uid}</bdi> · {t(`copy.mode.${f.mode}.short`, { value: f.value })}
          </span>
        </div>
        <span className={`copy-badge${active ? ' is-active' : ''}`}>
          {active ? t('copy.copying.active') : t(`copy.copying.ended.${f.end_reason || 'unfollow'}`)}
        </span>
      </div>
      <dl className="copy-grid copy-grid-4">
        {figures.map(([label, value, tone]) => (
          <div key={label} className="copy-grid-item">
            <dt>{label}</dt>
            <dd className={`num price${tone ? ` ${tone}` : ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="copy-card-hint">
        {active
          ? t('copy.copying.since', { time: formatDateTime(f.started_at, lang) })
          : t('copy.copying.endedAt', { time: formatDateTime(f.ended_at, lang) })}
        {active && f.equity_stop_percent > 0 ? ` · ${t('copy.copying.stopAt', { percent: f.equity_stop_percent })}` : ''}
      </p>
      {f.events.length > 0 && (
        <ul className="copy-events" aria-label={t('copy.copying.recent')} data-testid={`copying-events-${f.strategy_id}`}>
          {f.events.slice(0, EVENTS_SHOWN).map((e) => (
            <EventRow key={e.id} event={e} />
          ))}
        </ul>
      )}
      {active && (
        <button
          type="button"
          className="btn btn-secondary btn-small copy-follow-unfollow"
          data-testid={`copying-unfollow-${f.strategy_id}`}
          onClick={onUnfollow}
        >
          {t('copy.unfollow.action')}
        </button>
      )}
    </li>
  );
}

/** A figure inside a translated sentence as a bidi isolate, so "EURUSD" and "1.08250" keep their order in Arabic. */
const isolate = (v: string) => `\u2068${v}\u2069`;

function EventRow({ event: e }: { event: CopyEventView }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const skip = e.event === 'skip';
  return (
    <li className={`copy-event${skip ? ' is-skip' : ''}`} data-testid={`copy-event-${e.id}`} data-event={e.event}>
      <span className="copy-event-what">
        {t(skip && !(Number(e.lots) > 0) ? 'copy.event.skipNoLots' : copyEventKey(e.event), {
          code: isolate(e.code || '--'),
          lots: isolate(formatQuantity(e.lots, lang)),
          price: isolate(formatQuantity(e.price, lang)),
        })}
      </span>
      {skip && <span className="copy-event-reason">{skipReasonText(t, e.reason, e.reason_text)}</span>}
      <time className="copy-event-time num">{formatDateTime(e.created_at, lang)}</time>
    </li>
  );
}
