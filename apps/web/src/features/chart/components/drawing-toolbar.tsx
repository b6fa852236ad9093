import { DRAWING_KINDS } from '@tradepad/contracts/charts/constants';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CHART_COLORS, useChartLayout, useDrawingTool, type DrawingKind } from '../hooks/chart-layout.ts';
import './drawing.css';

const ICONS: Record<DrawingKind, string> = {
  hline: 'M3 12h18',
  trend: 'M4 19L20 5',
  ray: 'M4 19l9-8M13 11l7-6',
  rect: 'M5 6h14v12H5z',
  fib: 'M4 5h16M4 9.5h16M4 13h16M4 19h16',
  text: 'M6 6h12M12 6v13',
};

/**
 * The drawing tools over the chart (DESIGN §17): one button per kind (the next press on the chart draws it), or,
 * while a drawing is selected, its colour, its words (a text) and Delete (a tap beside it brings the tools back). One
 * row over the chart's top edge; buttons are 40 px, for a finger.
 */
export default function DrawingToolbar() {
  const { t } = useTranslation();
  const tool = useDrawingTool((s) => s.tool);
  const selected = useDrawingTool((s) => s.selected);
  const open = useDrawingTool((s) => s.open);
  const setTool = useDrawingTool((s) => s.setTool);
  const select = useDrawingTool((s) => s.select);
  const drawing = useChartLayout((s) => s.layout.drawings.find((d) => d.key === selected));
  const update = useChartLayout((s) => s.updateDrawing);
  const remove = useChartLayout((s) => s.removeDrawing);
  return (
    <div className="draw-bar" role="toolbar" aria-label={t('chart.draw.tools')} data-testid="draw-bar">
      {open &&
        !drawing &&
        DRAWING_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className={`draw-tool${tool === kind ? ' is-active' : ''}`}
            aria-pressed={tool === kind}
            aria-label={t(`chart.draw.kind.${kind}`)}
            title={t(`chart.draw.kind.${kind}`)}
            data-testid={`draw-tool-${kind}`}
            onClick={() => setTool(tool === kind ? null : kind)}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={ICONS[kind]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        ))}
      {drawing && (
        <div className="draw-edit" data-testid="draw-edit">
          {drawing.kind === 'text' && (
            <input
              className="draw-text"
              value={drawing.text ?? ''}
              maxLength={200}
              aria-label={t('chart.draw.text')}
              data-testid="draw-text-input"
              onChange={(e) => update(drawing.key, { text: e.target.value })}
            />
          )}
          {CHART_COLORS.slice(0, 5).map((c, i) => (
            <button
              key={c}
              type="button"
              className={`draw-color${drawing.color === c ? ' is-active' : ''}`}
              style={{ background: c }}
              aria-label={t('chart.colorN', { n: i + 1 })}
              aria-pressed={drawing.color === c}
              data-testid={`draw-color-${i}`}
              onClick={() => update(drawing.key, { color: c })}
            />
          ))}
          <button
            type="button"
            className="draw-tool draw-delete"
            aria-label={t('chart.draw.delete')}
            title={t('chart.draw.delete')}
            data-testid="draw-delete"
            onClick={() => {
              remove(drawing.key);
              select(null);
            }}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
