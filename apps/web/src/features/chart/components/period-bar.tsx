import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { PERIODS, type Period } from '@tradepad/contracts/market/constants';

/** i18n keys of each period: the short label on the bar and its full name for screen readers. */
const PERIOD_KEYS: Record<Period, string> = {
  '1min': 'm1',
  '5min': 'm5',
  '15min': 'm15',
  '30min': 'm30',
  '60min': 'h1',
  '4hour': 'h4',
  '1day': 'd1',
  '1week': 'w1',
  '1mon': 'mn1',
};

/**
 * The period bar of spec §2 and DESIGN §17: 1M 5M 15M 30M 1H 4H 1D 1W 1MN. Where the row is narrower than the
 * periods (a phone, the landscape chart beside the price) it scrolls sideways, its edges fade to say so, and the
 * chosen period is scrolled into view.
 */
export function PeriodBar({ value, onChange }: { value: Period; onChange(period: Period): void }) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    // Only the bar scrolls (scrollIntoView would move the page too): the chosen period to its middle, in screen
    // pixels (the same in a right-to-left page). Again whenever the bar's width changes (entering the full-screen or
    // landscape chart narrows it), so the chosen period never sits scrolled out of sight.
    const centre = () => {
      const active = el.querySelector<HTMLElement>('.is-active');
      if (!active || el.scrollWidth <= el.clientWidth) return;
      const a = active.getBoundingClientRect();
      const b = el.getBoundingClientRect();
      el.scrollBy({ left: a.left + a.width / 2 - (b.left + b.width / 2) });
    };
    centre();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(centre);
    watch.observe(el);
    return () => watch.disconnect();
  }, [value]);
  return (
    <div ref={bar} className="period-bar" role="tablist" aria-label={t('chart.periods')} data-testid="period-bar">
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
