import { create } from 'zustand';
import { readJson, writeStorage } from '../../../shared/lib/storage.ts';
import type { IndicatorType } from '@tradepad/contracts/charts/constants';

const KEY = 'tradepad.chart';

export const CHART_TYPES = ['candles', 'line', 'area'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface ChartSettings {
  type: ChartType;
  setType(type: ChartType): void;
}

/** The indicators of issue 20 (one set for every instrument), as the layout's types. */
const LEGACY: Record<string, IndicatorType> = { sma: 'ma', ema: 'ema', bb: 'bb', rsi: 'rsi', macd: 'macd' };

/**
 * The indicators this device chose before layouts were kept per instrument (issue 20's `indicators`): a visitor's
 * starting layout on an instrument with none of its own.
 */
export function legacyIndicators(): IndicatorType[] {
  const stored = readJson<{ indicators?: unknown }>(KEY);
  const ids = Array.isArray(stored?.indicators) ? (stored.indicators as unknown[]) : [];
  return ids.map((id) => LEGACY[String(id)]).filter((t): t is IndicatorType => t !== undefined);
}

function read(): Pick<ChartSettings, 'type'> {
  const stored = readJson<{ type?: unknown }>(KEY);
  return { type: CHART_TYPES.find((t) => t === stored?.type) ?? 'candles' };
}

/** The chart's type, remembered on this device (issue 20 point 5); indicators are in the layout (chart-layout.ts). */
export const useChartSettings = create<ChartSettings>()((set) => ({
  ...read(),
  setType(type) {
    const stored = readJson<Record<string, unknown>>(KEY) ?? {};
    writeStorage(KEY, JSON.stringify({ ...stored, type }));
    set({ type });
  },
}));
