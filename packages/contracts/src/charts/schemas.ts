import { z } from 'zod';
import { intParam } from '../params.ts';
import { unixMs } from '../answers.ts';

/**
 * Chart layouts (DESIGN §17): a trader's indicators (with their settings) and drawings on one instrument, kept on the
 * server so every device shows them. `GET /v1/api/chart/layout?forex_id=` answers the stored layout (an empty one when
 * there is none); `POST /v1/api/chart/layout {forex_id, layout}` replaces it. The layout is JSON of at most 64 KB
 * (as UTF-8), checked against the schema below: anything else is refused, saying why.
 */

import {
  CHART_LAYOUT_MAX_BYTES,
  CHART_LAYOUT_VERSION,
  CHART_MAX_DRAWINGS,
  CHART_MAX_INDICATORS,
  DRAWING_KINDS,
  chartLayoutBytes,
} from './constants.ts';

export * from './constants.ts';

const BAD = { error: 'err.chart_layout_invalid' } as const;
const period = (max: number) => z.number(BAD).int(BAD).min(1, BAD).max(max, BAD);
const color = z.string(BAD).regex(/^#[0-9a-fA-F]{6}$/, BAD);
const key = z.string(BAD).regex(/^[A-Za-z0-9_-]{1,32}$/, BAD);

const common = { key, color, visible: z.boolean(BAD).optional() };

/** One indicator and its settings (periods in bars). */
export const chartIndicatorSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ ...common, type: z.literal('ma'), period: period(500) }, BAD),
    z.strictObject({ ...common, type: z.literal('ema'), period: period(500) }, BAD),
    z.strictObject(
      { ...common, type: z.literal('bb'), period: period(500), deviations: z.number(BAD).min(0.1, BAD).max(10, BAD) },
      BAD,
    ),
    z.strictObject({ ...common, type: z.literal('rsi'), period: period(200) }, BAD),
    z.strictObject({ ...common, type: z.literal('macd'), fast: period(200), slow: period(300), signal: period(200) }, BAD),
    z.strictObject({ ...common, type: z.literal('stoch'), k: period(200), d: period(100), slowing: period(100) }, BAD),
    z.strictObject({ ...common, type: z.literal('atr'), period: period(200) }, BAD),
  ],
  BAD,
);
export type ChartIndicator = z.infer<typeof chartIndicatorSchema>;

/** A point of a drawing: a bar's time (unix seconds, as the chart shows it) and a price. */
const anchor = z.strictObject(
  { time: z.number(BAD).int(BAD).min(0, BAD).max(9_999_999_999, BAD), price: z.number(BAD).finite(BAD) },
  BAD,
);

/**
 * One drawing: `hline` and `text` take one point, the others two (a trend line and a ray from the first through the
 * second, a rectangle and a Fibonacci retracement between them). `text` carries its words.
 */
export const chartDrawingSchema = z
  .strictObject(
    {
      key,
      kind: z.enum(DRAWING_KINDS, BAD),
      points: z.array(anchor, BAD).min(1, BAD).max(2, BAD),
      color,
      text: z.string(BAD).max(200, BAD).optional(),
    },
    BAD,
  )
  .refine((d) => d.points.length === (d.kind === 'hline' || d.kind === 'text' ? 1 : 2), BAD);
export type ChartDrawing = z.infer<typeof chartDrawingSchema>;

export const chartLayoutSchema = z.strictObject(
  {
    v: z.literal(CHART_LAYOUT_VERSION, BAD),
    indicators: z.array(chartIndicatorSchema, BAD).max(CHART_MAX_INDICATORS, BAD),
    drawings: z.array(chartDrawingSchema, BAD).max(CHART_MAX_DRAWINGS, BAD),
  },
  BAD,
);
export type ChartLayout = z.infer<typeof chartLayoutSchema>;

export const EMPTY_CHART_LAYOUT: ChartLayout = { v: CHART_LAYOUT_VERSION, indicators: [], drawings: [] };

/** `GET /v1/api/chart/layout`. */
export const chartLayoutGetParams = z.object({ forex_id: intParam('err.instrument_unknown', 1, 1_000_000) });

/**
 * `POST /v1/api/chart/layout`: `layout` as a JSON object (or its JSON text, from a form). Over 64 KB is refused with
 * `err.chart_layout_too_large` before its contents are looked at.
 */
export const chartLayoutSaveParams = z.object({
  forex_id: intParam('err.instrument_unknown', 1, 1_000_000),
  layout: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    z
      .unknown()
      .check((ctx) => {
        if (chartLayoutBytes(ctx.value) > CHART_LAYOUT_MAX_BYTES)
          ctx.issues.push({ code: 'custom', message: 'err.chart_layout_too_large', input: ctx.value, abort: true });
      })
      .pipe(chartLayoutSchema),
  ),
});
export type ChartLayoutSaveParams = z.infer<typeof chartLayoutSaveParams>;

/** A stored layout: the layout, and when it was saved (0 when never). */
export const chartLayoutAnswer = z.object({
  forex_id: z.number().int(),
  layout: chartLayoutSchema,
  updated_at: unixMs('When the layout was last saved; 0 when never.'),
});
export type ChartLayoutAnswer = z.infer<typeof chartLayoutAnswer>;
