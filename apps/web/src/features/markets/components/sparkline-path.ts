/**
 * The SVG paths of a home-row sparkline (no chart library: a polyline and the area under it). Prices are floats
 * here because they only position pixels. Time runs left to right in every language, as on the trade chart.
 */
export interface SparklinePaths {
  /** The price line, `M x,y L x,y …`. */
  line: string;
  /** The line closed down to the bottom edge, for the faint fill under it. */
  area: string;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Paths for `closes` (oldest first) in a `width` × `height` box; null when fewer than two usable points. */
export function sparklinePaths(closes: readonly number[], width: number, height: number, padding = 2): SparklinePaths | null {
  const points = closes.filter((c) => Number.isFinite(c));
  if (points.length < 2 || width <= 0 || height <= 2 * padding) return null;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min;
  const inner = height - 2 * padding;
  const step = width / (points.length - 1);
  // A flat series draws a flat line through the middle.
  const y = (v: number) => round(span === 0 ? height / 2 : padding + ((max - v) / span) * inner);
  const coords = points.map((v, i) => `${round(i * step)},${y(v)}`);
  const line = `M${coords.join('L')}`;
  const area = `${line}L${round(width)},${height}L0,${height}Z`;
  return { line, area };
}

/**
 * A sparkline's closes and where live closes go: each point is one bar of `stepMs` (the series' bar period); a live
 * close in the newest bar's slot moves that point, one in a later slot appends a point and drops the oldest.
 */
export interface SparkSeries {
  closes: readonly number[];
  /** The slot (unix ms ÷ stepMs, floored) of the newest point; null when unknown. */
  lastSlot: number | null;
  /** The most points kept. */
  max: number;
}

export function withLiveClose(series: SparkSeries, close: number, time: number, stepMs: number): SparkSeries {
  if (!Number.isFinite(close)) return series;
  const { closes, lastSlot, max } = series;
  const slot = Math.floor(time / stepMs);
  if (lastSlot !== null && slot < lastSlot) return series;
  if (lastSlot !== null && slot === lastSlot && closes.length > 0) {
    if (closes[closes.length - 1] === close) return series;
    return { ...series, closes: [...closes.slice(0, -1), close] };
  }
  const next = [...closes, close];
  return { ...series, closes: next.length > max ? next.slice(next.length - max) : next, lastSlot: slot };
}
