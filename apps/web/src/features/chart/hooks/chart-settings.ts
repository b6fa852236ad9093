import { create } from 'zustand';
import { readJson, writeStorage } from '../../../shared/lib/storage.ts';

const KEY = 'tradepad.chart';

export const CHART_TYPES = ['candles', 'line', 'area'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Overlays (on the prices) first, then the lower panes. */
export const INDICATORS = ['sma', 'ema', 'bb', 'rsi', 'macd'] as const;
export type IndicatorId = (typeof INDICATORS)[number];
export const LOWER_PANE_INDICATORS: readonly IndicatorId[] = ['rsi', 'macd'];

export interface ChartSettings {
  type: ChartType;
  indicators: readonly IndicatorId[];
  setType(type: ChartType): void;
  toggleIndicator(id: IndicatorId): void;
}

function read(): Pick<ChartSettings, 'type' | 'indicators'> {
  const stored = readJson<{ type?: unknown; indicators?: unknown }>(KEY);
  const type = CHART_TYPES.find((t) => t === stored?.type) ?? 'candles';
  const wanted = Array.isArray(stored?.indicators) ? (stored.indicators as unknown[]) : [];
  return { type, indicators: INDICATORS.filter((id) => wanted.includes(id)) };
}

/** The chart's type and indicators, remembered on this device (issue 20 point 5). */
export const useChartSettings = create<ChartSettings>()((set, get) => {
  const save = (next: Pick<ChartSettings, 'type' | 'indicators'>) => {
    writeStorage(KEY, JSON.stringify(next));
    set(next);
  };
  return {
    ...read(),
    setType(type) {
      save({ type, indicators: get().indicators });
    },
    toggleIndicator(id) {
      const on = get().indicators.includes(id);
      const indicators = INDICATORS.filter((x) => (x === id ? !on : get().indicators.includes(x)));
      save({ type: get().type, indicators });
    },
  };
});
