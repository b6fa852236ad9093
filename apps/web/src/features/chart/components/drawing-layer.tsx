import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { Logical } from 'lightweight-charts';
import type { Period } from '@tradepad/contracts/market/constants';
import { PERIOD_SECONDS } from '@tradepad/contracts/market/constants';
import { formatPrice } from '../../../i18n/format.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { CHART_COLORS, newKey, useChartLayout, useDrawingTool, type ChartDrawing } from '../hooks/chart-layout.ts';
import { logicalToTime, timeToLogical, type Px } from '../hooks/drawing-geometry.ts';
import { DrawingsPrimitive, textBox } from './chart-drawings.ts';
import { attachDrawingInteraction } from './drawing-interaction.ts';
import DrawingToolbar from './drawing-toolbar.tsx';
import type { ChartHandle } from './order-lines-layer.tsx';

/** A canvas context only for measuring text labels (hit testing matches what is drawn). */
let measure: CanvasRenderingContext2D | null | undefined;
const measureContext = () => (measure ??= document.createElement('canvas').getContext('2d'));

/**
 * The trader's drawings on the chart (DESIGN §17), loaded with the first drawing or the first tap on the drawing
 * tools: the primitive that draws them on the main series (attached again when the chart type replaces the series),
 * the pointer handling that makes, selects and moves them, Delete for the selected one, and the tools' strip.
 */
export default function DrawingLayer({
  handle,
  seriesVersion,
  container,
  times,
  period,
  precision,
}: {
  handle: RefObject<ChartHandle | null>;
  seriesVersion: number;
  container: RefObject<HTMLDivElement | null>;
  /** The bars' chart times, ascending. */
  times: () => readonly number[];
  period: Period;
  precision: number;
}) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const drawings = useChartLayout((s) => s.layout.drawings);
  const selected = useDrawingTool((s) => s.selected);
  const open = useDrawingTool((s) => s.open);
  const current = useRef({ period, precision, lang, defaultText: t('chart.draw.defaultText') });
  current.current = { period, precision, lang, defaultText: t('chart.draw.defaultText') };

  const projection = useMemo(() => {
    const step = () => PERIOD_SECONDS[current.current.period];
    return {
      toPx(point: { time: number; price: number }): Px | null {
        const h = handle.current;
        if (!h) return null;
        const logical = timeToLogical(times(), point.time, step());
        const x = Number.isNaN(logical) ? null : h.chart.timeScale().logicalToCoordinate(logical as Logical);
        const y = h.series.priceToCoordinate(point.price);
        return x === null || y === null ? null : { x, y };
      },
      fromPx(px: Px): { time: number; price: number } | null {
        const h = handle.current;
        if (!h) return null;
        const logical = h.chart.timeScale().coordinateToLogical(px.x);
        const price = h.series.coordinateToPrice(px.y);
        if (logical === null || price === null) return null;
        const time = logicalToTime(times(), logical, step());
        return Number.isNaN(time) ? null : { time, price: Number(price.toFixed(current.current.precision)) };
      },
      formatPrice: (price: number) => formatPrice(price, current.current.precision, current.current.lang),
      touch: () => window.matchMedia?.('(pointer: coarse)').matches ?? false,
    };
  }, [handle, times]);
  const primitive = useMemo(() => new DrawingsPrimitive(projection), [projection]);

  // On the main series (again when the chart type replaces it).
  useEffect(() => {
    const series = handle.current?.series;
    if (!series) return;
    series.attachPrimitive(primitive);
    const handles = handle;
    return () => {
      // The chart may have been removed first (it disposes its series with it): only a live series is told.
      if (handles.current?.series === series) series.detachPrimitive(primitive);
      // A removed chart is never asked to draw again (it would throw "Object is disposed" on its next frame).
      else primitive.detached();
    };
  }, [handle, primitive, seriesVersion]);

  useEffect(() => {
    primitive.drawings = drawings;
    primitive.selected = selected;
    primitive.redraw();
  }, [primitive, drawings, selected]);

  // Making, selecting and moving.
  useEffect(() => {
    const el = container.current;
    const h = handle.current;
    if (!el || !h) return;
    const tools = useDrawingTool.getState;
    const layout = useChartLayout.getState;
    return attachDrawingInteraction({
      container: el,
      chart: h.chart,
      primitive,
      toPx: projection.toPx,
      fromPx: projection.fromPx,
      drawings: () => layout().layout.drawings,
      shapeOf: (d, px) => ({ kind: d.kind, px, box: d.kind === 'text' ? textBox(measureContext(), d.text ?? '') : undefined }),
      tool: () => tools().tool,
      selected: () => tools().selected,
      select: (key) => tools().select(key),
      make(kind, at): ChartDrawing {
        const used = layout().layout.drawings.length;
        const drawing: ChartDrawing = {
          key: newKey('d'),
          kind,
          points: kind === 'hline' || kind === 'text' ? [at] : [at, at],
          color: CHART_COLORS[(used + 2) % CHART_COLORS.length]!,
        };
        if (kind === 'text') drawing.text = current.current.defaultText;
        return drawing;
      },
      create(drawing) {
        if (!layout().addDrawing(drawing)) return;
        // The tools stay at hand for the next drawing; a text is selected at once, for its words.
        tools().setTool(null);
        if (drawing.kind === 'text') tools().select(drawing.key);
      },
      move: (key, points) => layout().updateDrawing(key, { points }),
    });
  }, [container, handle, primitive, projection, seriesVersion]);

  // Delete or Backspace removes the selected drawing (not while typing).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const key = useDrawingTool.getState().selected;
      const target = e.target as HTMLElement | null;
      if (!key || (e.key !== 'Delete' && e.key !== 'Backspace') || target?.closest('input, textarea, [contenteditable]')) return;
      e.preventDefault();
      useChartLayout.getState().removeDrawing(key);
      useDrawingTool.getState().select(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return open || selected ? <DrawingToolbar /> : null;
}
