import { create } from 'zustand';
import {
  CHART_LAYOUT_VERSION,
  CHART_MAX_DRAWINGS,
  CHART_MAX_INDICATORS,
  type DrawingKind,
  type IndicatorType,
} from '@tradepad/contracts/charts/constants';
import type { ChartDrawing, ChartIndicator, ChartLayout } from '@tradepad/contracts/charts/schemas';

export type { ChartDrawing, ChartIndicator, ChartLayout, DrawingKind, IndicatorType };

/**
 * The chart's indicators (with their settings) and drawings on the instrument shown (DESIGN §17): one layout per
 * instrument, loaded and saved by chart-layout-sync.ts (the server for a signed-in trader, this device for a visitor).
 * Kept small: the toolbar on the first screen reads it; the indicators' settings are in indicator-params.ts.
 */

/** The colours offered for indicators and drawings (readable on the light and the dark chart). */
export const CHART_COLORS = ['#f08c00', '#7048e8', '#1c7ed6', '#0ca678', '#e03131', '#d6336c', '#5c940d', '#868e96'] as const;

export const emptyLayout = (): ChartLayout => ({ v: CHART_LAYOUT_VERSION, indicators: [], drawings: [] });

let seq = 0;
/** A key unique within a layout (the time and a counter, base 36). */
export const newKey = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`.slice(0, 32);

export interface ChartLayoutState {
  /** The instrument the layout is of (null before the chart opens). */
  forexId: number | null;
  layout: ChartLayout;
  /** Counts the trader's changes (not loads): the saver writes when it moves. */
  revision: number;
  load(forexId: number, layout: ChartLayout): void;
  /** Adds a new indicator (indicator-params.ts makes one); false at the limit. */
  addIndicator(indicator: ChartIndicator): boolean;
  updateIndicator(key: string, patch: Partial<Record<string, unknown>>): void;
  removeIndicator(key: string): void;
  addDrawing(drawing: ChartDrawing): boolean;
  updateDrawing(key: string, patch: Partial<ChartDrawing>): void;
  removeDrawing(key: string): void;
}

export const useChartLayout = create<ChartLayoutState>()((set, get) => {
  const change = (layout: ChartLayout) => set({ layout, revision: get().revision + 1 });
  return {
    forexId: null,
    layout: emptyLayout(),
    revision: 0,
    load: (forexId, layout) => set({ forexId, layout }),
    addIndicator(indicator) {
      const { layout } = get();
      if (layout.indicators.length >= CHART_MAX_INDICATORS) return false;
      change({ ...layout, indicators: [...layout.indicators, indicator] });
      return true;
    },
    updateIndicator(key, patch) {
      const { layout } = get();
      change({
        ...layout,
        indicators: layout.indicators.map((i) => (i.key === key ? ({ ...i, ...patch, key, type: i.type } as ChartIndicator) : i)),
      });
    },
    removeIndicator(key) {
      const { layout } = get();
      change({ ...layout, indicators: layout.indicators.filter((i) => i.key !== key) });
    },
    addDrawing(drawing) {
      const { layout } = get();
      if (layout.drawings.length >= CHART_MAX_DRAWINGS) return false;
      change({ ...layout, drawings: [...layout.drawings, drawing] });
      return true;
    },
    updateDrawing(key, patch) {
      const { layout } = get();
      change({ ...layout, drawings: layout.drawings.map((d) => (d.key === key ? { ...d, ...patch, key } : d)) });
    },
    removeDrawing(key) {
      const { layout } = get();
      change({ ...layout, drawings: layout.drawings.filter((d) => d.key !== key) });
    },
  };
});

/** The drawing tools' state: the tool strip shown, the tool chosen (null: select and move) and the drawing selected. */
export interface DrawingToolState {
  open: boolean;
  tool: DrawingKind | null;
  selected: string | null;
  setOpen(open: boolean): void;
  setTool(tool: DrawingKind | null): void;
  select(key: string | null): void;
}

export const useDrawingTool = create<DrawingToolState>()((set) => ({
  open: false,
  tool: null,
  selected: null,
  setOpen: (open) => set(open ? { open } : { open, tool: null, selected: null }),
  setTool: (tool) => set({ tool, selected: null }),
  select: (selected) => set({ selected }),
}));
