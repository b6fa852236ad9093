import { useState } from 'react';
import type { CopyMine } from '@tradepad/contracts/copy/schemas';
import { COPY_MAX_MANAGEMENT_FEE_PERCENT, COPY_MAX_PERFORMANCE_FEE_PERCENT } from '@tradepad/contracts/copy/constants';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatCount, formatDateTime, formatMoney, formatPercent } from '../../../i18n/format.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { Link } from '../../../shared/router/router.tsx';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { useMine, useOpenStrategy } from '../api/mine.api.ts';
import { checkStrategy, DESCRIPTION_MAX, NAME_MAX, type StrategyCheck } from '../hooks/strategy-form.ts';
import '../../../shared/ui/form.css';
import './copy.css';

/**
 * /copy/provider (issue 34 point 5): "Become a provider". Without a strategy, the form to open one (name,
 * description, fees, minimum), the server's refusal (no real-name verification yet, one strategy per provider) shown
 * under it; with one, its state, followers and the fees it has earned. Real accounts only (the router's RealOnly).
 */
export default function ProviderPage() {
  const { t } = useTranslation();
  const mine = useMine();
  let body;
  if (mine.isPending) body = <span className="sk copy-card" style={{ display: 'block', height: 240 }} aria-hidden="true" />;
  else if (!mine.data) {
    body = (
      <NoData
        title={t('copy.provider.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void mine.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else if (mine.data.strategy) body = <MyStrategy mine={mine.data} />;
  else body = <OpenForm />;
  return (
    <Page name="copyProvider" title={t('route.copyProvider')} back="/rank" bodyClassName="copy-body">
      {body}
    </Page>
  );
}

function MyStrategy({ mine }: { mine: CopyMine }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const s = mine.strategy;
  if (!s) return null;
  const rows: [string, string][] = [
    [t('copy.figures.followers'), formatCount(s.followers, lang)],
    [t('copy.figures.totalRate'), formatPercent(Number(s.total_rate), lang)],
    [t('copy.provider.feesEarned'), `${formatMoney(mine.fees_earned, lang)} USD`],
    [t('copy.provider.performanceEarned'), `${formatMoney(mine.performance_fees_earned, lang)} USD`],
    [t('copy.provider.managementEarned'), `${formatMoney(mine.management_fees_earned, lang)} USD`],
    [t('copy.figures.equity'), `${formatMoney(s.equity, lang)} USD`],
  ];
  return (
    <>
      <section className="copy-card" data-testid="copy-mine">
        <div className="copy-card-head">
          <Link to={`/copy/${s.id}`} className="copy-follow-name" data-testid="copy-mine-link">
            <bdi>{s.name}</bdi>
          </Link>
          <span className={`copy-badge${s.status === 'open' ? ' is-active' : ''}`}>{t(`copy.provider.status.${s.status}`)}</span>
        </div>
        {s.status !== 'open' && <p className="copy-status-note">{t(`copy.strategy.status.${s.status}`)}</p>}
        <dl className="copy-grid">
          {rows.map(([label, value]) => (
            <div key={label} className="copy-grid-item">
              <dt>{label}</dt>
              <dd className="num price">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="copy-card-hint">{t('copy.provider.tradeHint')}</p>
      </section>
      <section className="copy-card" aria-labelledby="copy-mine-followers">
        <h3 id="copy-mine-followers" className="copy-card-title">
          {t('copy.provider.followers')}
        </h3>
        {mine.followers.length === 0 ? (
          <p className="copy-card-hint">{t('copy.provider.noFollowers')}</p>
        ) : (
          <ul className="copy-followers">
            {mine.followers.map((f) => (
              <li key={`${f.follower_uid}-${f.started_at}`}>
                <bdi className="num">{f.follower_uid}</bdi>
                <span className="num price">{formatMoney(f.equity, lang)} USD</span>
                <span className="copy-card-hint">
                  {t('copy.provider.followerSince', {
                    time: formatDateTime(f.started_at, lang),
                    fees: formatMoney(f.fees_paid, lang),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function OpenForm() {
  const { t } = useTranslation();
  const open = useOpenStrategy();
  const [draft, setDraft] = useState({
    name: '',
    description: '',
    performanceFee: '20',
    managementFee: '0',
    minInvestment: '100',
  });
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState('');
  const check: StrategyCheck = checkStrategy(draft);
  const set = (field: keyof typeof draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));
  const error = (field: Exclude<keyof StrategyCheck, 'params'>) => {
    const p = check[field];
    return tried && p ? (
      <span className="copy-field-error" role="alert" data-testid={`copy-provider-error-${field}`}>
        {t(p.key, p.values)}
      </span>
    ) : undefined;
  };
  const submit = async () => {
    setTried(true);
    setRefusal('');
    if (!check.params || open.isPending) return;
    try {
      await open.mutateAsync(check.params);
      toastMessage(t('copy.provider.opened'));
    } catch (e) {
      setRefusal(isApiError(e) ? e.message : t('copy.provider.failed'));
    }
  };
  return (
    <form
      className="copy-card copy-provider-form"
      data-testid="copy-provider-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="copy-card-title">{t('copy.provider.openTitle')}</h2>
      <p className="copy-card-hint">{t('copy.provider.intro')}</p>
      <TextField
        label={t('copy.provider.name')}
        value={draft.name}
        maxLength={NAME_MAX}
        onChange={set('name')}
        testId="copy-provider-name"
        hint={error('name')}
      />
      <div className="field">
        <label className="field-label" htmlFor="copy-provider-description">
          {t('copy.provider.description')}
        </label>
        <div className="field-box">
          <textarea
            id="copy-provider-description"
            className="field-input copy-textarea"
            rows={3}
            maxLength={DESCRIPTION_MAX}
            value={draft.description}
            placeholder={t('copy.provider.descriptionPlaceholder')}
            onChange={set('description')}
            data-testid="copy-provider-description"
          />
        </div>
        {error('description')}
      </div>
      <div className="copy-two">
        <TextField
          label={t('copy.terms.performanceFee')}
          inputMode="decimal"
          value={draft.performanceFee}
          onChange={set('performanceFee')}
          suffix={<span className="copy-unit">%</span>}
          testId="copy-provider-performance"
          hint={error('performanceFee') ?? t('copy.provider.feeRange', { max: COPY_MAX_PERFORMANCE_FEE_PERCENT })}
        />
        <TextField
          label={t('copy.terms.managementFee')}
          inputMode="decimal"
          value={draft.managementFee}
          onChange={set('managementFee')}
          suffix={<span className="copy-unit">%</span>}
          testId="copy-provider-management"
          hint={error('managementFee') ?? t('copy.provider.feeRangeYear', { max: COPY_MAX_MANAGEMENT_FEE_PERCENT })}
        />
      </div>
      <TextField
        label={t('copy.terms.minimum')}
        inputMode="decimal"
        value={draft.minInvestment}
        onChange={set('minInvestment')}
        suffix={<span className="copy-unit">USD</span>}
        testId="copy-provider-min"
        hint={error('minInvestment')}
      />
      <p className="copy-card-hint">{t('copy.provider.rules')}</p>
      {refusal && (
        <p className="copy-refusal" role="alert" data-testid="copy-provider-refusal">
          {refusal}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={open.isPending} data-testid="copy-provider-submit">
        {t('copy.provider.submit')}
      </button>
    </form>
  );
}
