import {
  CHART_MAX_DRAWINGS,
  CHART_MAX_INDICATORS,
  DRAWING_KINDS,
  INDICATOR_TYPES,
  type DrawingKind,
  type IndicatorType,
} from '@tradepad/contracts/charts/constants';
import { CHART_COLORS, emptyLayout, newKey, type ChartDrawing, type ChartIndicator, type ChartLayout } from './chart-layout.ts';

/**
 * The indicators' settings (DESIGN §17): each kind's fields and ranges (the server's schema's), their usual values,
 * and a stored layout read back within them. Loaded with the chart and the indicators' menu, not the first screen.
 */

/** Overlays on the prices; the others each take a pane below. */
export const OVERLAY_TYPES: readonly IndicatorType[] = ['ma', 'ema', 'bb'];
export const isOverlay = (type: IndicatorType) => OVERLAY_TYPES.includes(type);

/** A setting of an indicator: its field, its range and step. */
export interface ParamSpec {
  name: string;
  min: number;
  max: number;
  step: number;
}
const int = (name: string, max: number, min = 1): ParamSpec => ({ name, min, max, step: 1 });
export const PARAM_SPECS: Record<IndicatorType, readonly ParamSpec[]> = {
  ma: [int('period', 500)],
  ema: [int('period', 500)],
  bb: [int('period', 500), { name: 'deviations', min: 0.1, max: 10, step: 0.1 }],
  rsi: [int('period', 200)],
  macd: [int('fast', 200), int('slow', 300), int('signal', 200)],
  stoch: [int('k', 200), int('d', 100), int('slowing', 100)],
  atr: [int('period', 200)],
};
const DEFAULTS: Record<IndicatorType, Record<string, number>> = {
  ma: { period: 20 },
  ema: { period: 50 },
  bb: { period: 20, deviations: 2 },
  rsi: { period: 14 },
  macd: { fast: 12, slow: 26, signal: 9 },
  stoch: { k: 14, d: 3, slowing: 3 },
  atr: { period: 14 },
};

/** A new indicator of `type` with its usual settings, in the next colour not yet used. */
export function newIndicator(type: IndicatorType, existing: readonly ChartIndicator[]): ChartIndicator {
  const used = new Set(existing.map((i) => i.color));
  const color = CHART_COLORS.find((c) => !used.has(c)) ?? CHART_COLORS[existing.length % CHART_COLORS.length]!;
  return { key: newKey('i'), type, color, ...DEFAULTS[type] } as ChartIndicator;
}

/** A setting brought into its range (a typed 0 or 9999 becomes the nearest allowed). */
export function clampParam(spec: ParamSpec, value: number): number {
  if (!Number.isFinite(value)) return spec.min;
  const v = Math.min(spec.max, Math.max(spec.min, value));
  return spec.step === 1 ? Math.round(v) : Math.round(v * 10) / 10;
}

/** The settings as a short label: "MA 20", "MACD 12, 26, 9". */
export const paramsLabel = (ind: ChartIndicator) =>
  PARAM_SPECS[ind.type].map((s) => (ind as unknown as Record<string, number>)[s.name]).join(', ');

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const COLOR = /^#[0-9a-fA-F]{6}$/;
const KEY = /^[A-Za-z0-9_-]{1,32}$/;

/** A layout read from this device's storage, kept to what the server's schema allows (anything else is dropped). */
export function sanitizeLayout(raw: unknown): ChartLayout {
  const out = emptyLayout();
  if (!isRecord(raw)) return out;
  for (const i of Array.isArray(raw.indicators) ? raw.indicators : []) {
    if (!isRecord(i) || !INDICATOR_TYPES.includes(i.type as IndicatorType) || !KEY.test(String(i.key))) continue;
    const type = i.type as IndicatorType;
    const ind: Record<string, unknown> = { key: i.key, type, color: COLOR.test(String(i.color)) ? i.color : CHART_COLORS[0] };
    for (const s of PARAM_SPECS[type]) ind[s.name] = clampParam(s, Number(i[s.name] ?? DEFAULTS[type][s.name]));
    if (out.indicators.length < CHART_MAX_INDICATORS) out.indicators.push(ind as ChartIndicator);
  }
  for (const d of Array.isArray(raw.drawings) ? raw.drawings : []) {
    if (!isRecord(d) || !DRAWING_KINDS.includes(d.kind as DrawingKind) || !KEY.test(String(d.key))) continue;
    const kind = d.kind as DrawingKind;
    const want = kind === 'hline' || kind === 'text' ? 1 : 2;
    const points = (Array.isArray(d.points) ? d.points : [])
      .filter((p): p is { time: number; price: number } => isRecord(p) && Number.isInteger(p.time) && Number.isFinite(p.price))
      .map((p) => ({ time: p.time, price: p.price }));
    if (points.length !== want || !COLOR.test(String(d.color))) continue;
    const drawing: ChartDrawing = { key: String(d.key), kind, points, color: String(d.color) };
    if (kind === 'text') drawing.text = String(d.text ?? '').slice(0, 200);
    if (out.drawings.length < CHART_MAX_DRAWINGS) out.drawings.push(drawing);
  }
  return out;
}
