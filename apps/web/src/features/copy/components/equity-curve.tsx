import { useId } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatDate, formatDecimal } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { curveGeometry, type CurvePoint } from '../hooks/equity-curve.ts';

const WIDTH = 340;
const HEIGHT = 120;

/**
 * The strategy's daily equity curve after fees, scaled to 100 at the start: a small SVG (a few hundred bytes of code)
 * rather than the candle chart's library, which would add its ~50 KB chunk to a page that draws one line. Stretched
 * to the card's width; the start line shows where a follower would have broken even.
 */
export function EquityCurve({ points }: { points: readonly CurvePoint[] }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const gradient = useId();
  const g = curveGeometry(points, WIDTH, HEIGHT);
  if (!g) {
    return (
      <p className="copy-curve-empty" data-testid="copy-curve-empty">
        {t('copy.strategy.curveEmpty')}
      </p>
    );
  }
  const up = g.last >= g.first;
  const from = points[0]?.t ?? 0;
  const to = points.at(-1)?.t ?? 0;
  const summary = t('copy.strategy.curveSummary', {
    from: formatDate(from, lang),
    to: formatDate(to, lang),
    start: formatDecimal(g.first, lang, 2),
    end: formatDecimal(g.last, lang, 2),
  });
  return (
    <figure className={`copy-curve ${up ? 'is-up' : 'is-down'}`} data-testid="copy-curve">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="currentColor" stopOpacity="0.22" />
            <stop offset="1" stopColor="currentColor" stopOpacity="0" />
          </linearGradient>
        </defs>
        <line className="copy-curve-base" x1="0" x2={WIDTH} y1={g.baseY} y2={g.baseY} vectorEffect="non-scaling-stroke" />
        <path d={g.area} fill={`url(#${gradient})`} stroke="none" />
        <path className="copy-curve-line" d={g.line} fill="none" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="copy-curve-axis num">
        <span>{formatDate(from, lang)}</span>
        <span>{formatDate(to, lang)}</span>
      </figcaption>
    </figure>
  );
}
