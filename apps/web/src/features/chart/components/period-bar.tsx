import { useTranslation } from '../../../i18n/i18n.ts';
import { PERIODS, type Period } from '@tradepad/contracts/market/constants';

/** i18n keys of each period: the short label on the bar and its full name for screen readers. */
const PERIOD_KEYS: Record<Period, string> = {
  '1min': 'm1',
  '5min': 'm5',
  '15min': 'm15',
  '30min': 'm30',
  '60min': 'h1',
  '1day': 'd1',
};

/** The period bar of spec §2: 1M 5M 15M 30M 1H 1D. */
export function PeriodBar({ value, onChange }: { value: Period; onChange(period: Period): void }) {
  const { t } = useTranslation();
  return (
    <div className="period-bar" role="tablist" aria-label={t('chart.periods')}>
      {PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          aria-selected={p === value}
          aria-label={t(`chart.periodName.${PERIOD_KEYS[p]}`)}
          className={`period-item${p === value ? ' is-active' : ''}`}
          data-testid={`period-${p}`}
          onClick={() => onChange(p)}
        >
          {t(`chart.period.${PERIOD_KEYS[p]}`)}
        </button>
      ))}
    </div>
  );
}
