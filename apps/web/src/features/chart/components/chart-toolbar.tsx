import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CHART_TYPES, useChartSettings, type ChartType } from '../hooks/chart-settings.ts';
import { useChartLayout, useDrawingTool } from '../hooks/chart-layout.ts';

/** The indicators' menu (with antd-mobile's Popup) loads on the first tap. */
const IndicatorMenu = lazy(() => import('./indicator-menu.tsx'));

const TYPE_ICONS: Record<ChartType, string> = {
  candles: 'M7 4v3M7 17v3M5 7h4v10H5zM17 3v4M17 15v5M15 7h4v8h-4z',
  line: 'M3 17l5-6 4 4 5-8 4 5',
  area: 'M3 19V15l5-6 4 4 5-8 4 5v9z',
};

/** Above the chart: its type (candles, line, area), the indicators' menu, the drawing tools and full screen. */
export function ChartToolbar({ fullScreen, onFullScreen }: { fullScreen: boolean; onFullScreen(on: boolean): void }) {
  const { t } = useTranslation();
  const type = useChartSettings((s) => s.type);
  const setType = useChartSettings((s) => s.setType);
  const count = useChartLayout((s) => s.layout.indicators.length);
  const drawing = useDrawingTool((s) => s.open);
  const setDrawing = useDrawingTool((s) => s.setOpen);
  const [menu, setMenu] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  return (
    <div className="chart-toolbar">
      <div className="chart-types" role="radiogroup" aria-label={t('chart.type')}>
        {CHART_TYPES.map((ct) => (
          <button
            key={ct}
            type="button"
            role="radio"
            aria-checked={ct === type}
            aria-label={t(`chart.types.${ct}`)}
            title={t(`chart.types.${ct}`)}
            className={`chart-tool${ct === type ? ' is-active' : ''}`}
            data-testid={`chart-type-${ct}`}
            onClick={() => setType(ct)}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d={TYPE_ICONS[ct]}
                fill={ct === 'area' ? 'currentColor' : 'none'}
                fillOpacity={ct === 'area' ? 0.25 : undefined}
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ))}
      </div>
      <button
        type="button"
        className={`chart-tool chart-tool-text${count > 0 ? ' is-active' : ''}`}
        aria-haspopup="dialog"
        aria-label={count > 0 ? `${t('chart.indicators')} (${count})` : t('chart.indicators')}
        data-testid="chart-indicators"
        onClick={() => {
          setMenuWanted(true);
          setMenu(true);
        }}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M3 20h18M5 16l4-5 4 3 6-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="chart-tool-label">{t('chart.indicators')}</span>
        {count > 0 && <span className="chart-tool-count num">{count}</span>}
      </button>
      <button
        type="button"
        className={`chart-tool${drawing ? ' is-active' : ''}`}
        aria-pressed={drawing}
        aria-label={t('chart.draw.tools')}
        title={t('chart.draw.tools')}
        data-testid="chart-draw"
        onClick={() => setDrawing(!drawing)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M4 20l4-1L19 8l-3-3L5 16l-1 4zM14 7l3 3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <button
        type="button"
        className="chart-tool"
        aria-pressed={fullScreen}
        aria-label={t(fullScreen ? 'chart.exitFullScreen' : 'chart.fullScreen')}
        title={t(fullScreen ? 'chart.exitFullScreen' : 'chart.fullScreen')}
        data-testid="chart-fullscreen"
        onClick={() => onFullScreen(!fullScreen)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d={fullScreen ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {menuWanted && (
        <Suspense fallback={null}>
          <IndicatorMenu visible={menu} onClose={() => setMenu(false)} />
        </Suspense>
      )}
    </div>
  );
}
