/**
 * The strategy page's equity curve as SVG geometry (floats: drawing only). The curve comes from the server as daily
 * points scaled to 100 at the start, already after fees; this turns them into a line and the area under it inside a
 * `width` × `height` box, with a little room above and below so the extremes are not cut.
 */
export interface CurvePoint {
  /** Unix ms. */
  t: number;
  /** Equity per 100 at the start, USD decimal string. */
  equity: string;
}

export interface CurveGeometry {
  line: string;
  area: string;
  /** Where the 100 line (the start) sits, in px from the top. */
  baseY: number;
  min: number;
  max: number;
  first: number;
  last: number;
}

const round = (v: number) => Math.round(v * 10) / 10;

/** Null when there is nothing to draw (fewer than two readable points). */
export function curveGeometry(points: readonly CurvePoint[], width: number, height: number, pad = 6): CurveGeometry | null {
  const values = points.map((p) => Number(p.equity)).filter((v) => Number.isFinite(v));
  if (values.length < 2 || width <= 0 || height <= 2 * pad) return null;
  const min = Math.min(...values, 100);
  const max = Math.max(...values, 100);
  const span = max - min;
  const x = (i: number) => round((i / (values.length - 1)) * width);
  const y = (v: number) => round(span === 0 ? height / 2 : pad + ((max - v) / span) * (height - 2 * pad));
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i)} ${y(v)}`).join(' ');
  const area = `${line} L${x(values.length - 1)} ${height} L0 ${height} Z`;
  return { line, area, baseY: y(100), min, max, first: values[0] ?? 100, last: values.at(-1) ?? 100 };
}
