/** Chart layouts' limits and names (DESIGN §17), free of zod so the app can import them. */

/** The largest layout stored, in bytes of its JSON text (UTF-8). */
export const CHART_LAYOUT_MAX_BYTES = 64 * 1024;
export const CHART_LAYOUT_VERSION = 1;
export const CHART_MAX_INDICATORS = 16;
export const CHART_MAX_DRAWINGS = 200;

export const INDICATOR_TYPES = ['ma', 'ema', 'bb', 'rsi', 'macd', 'stoch', 'atr'] as const;
export type IndicatorType = (typeof INDICATOR_TYPES)[number];
export const DRAWING_KINDS = ['hline', 'trend', 'ray', 'rect', 'fib', 'text'] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

/** The size of a layout as stored: bytes of its JSON text in UTF-8. */
export function chartLayoutBytes(layout: unknown): number {
  return new TextEncoder().encode(JSON.stringify(layout) ?? '').length;
}
