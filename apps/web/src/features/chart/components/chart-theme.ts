import { ColorType } from 'lightweight-charts';
import type { ResolvedTheme } from '../../../shared/theme/theme.ts';

/** The chart's canvas colours per theme (the canvas cannot read CSS variables; these mirror global.css's tokens). */
export interface ChartPalette {
  background: string;
  text: string;
  grid: string;
  border: string;
  line: string;
  areaTop: string;
  areaBottom: string;
}

export const CHART_PALETTES: Readonly<Record<ResolvedTheme, ChartPalette>> = {
  light: {
    background: '#ffffff',
    text: '#5b6678',
    grid: '#f1f3f7',
    border: '#e2e7ee',
    line: '#1677ff',
    areaTop: 'rgba(22, 119, 255, 0.28)',
    areaBottom: 'rgba(22, 119, 255, 0.02)',
  },
  dark: {
    background: '#141a24',
    text: '#a3aec0',
    grid: '#1e2634',
    border: '#2a3446',
    line: '#6b9bff',
    areaTop: 'rgba(107, 155, 255, 0.3)',
    areaBottom: 'rgba(107, 155, 255, 0.02)',
  },
};

/** The options that colour the chart (createChart / applyOptions). */
export function chartThemeOptions(p: ChartPalette) {
  return {
    layout: { background: { type: ColorType.Solid, color: p.background }, textColor: p.text },
    grid: { vertLines: { color: p.grid }, horzLines: { color: p.grid } },
    rightPriceScale: { borderColor: p.border },
    timeScale: { borderColor: p.border },
  };
}
