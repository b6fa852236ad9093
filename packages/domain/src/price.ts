/**
 * Prices as integer points: price × 10^precision (a EURUSD of 1.08345 at precision 5 is 108345). Floats are for
 * drawing only; the engine, candles and spreads work in points.
 */

/** Points to a number for display or JSON, exact to the instrument's precision. */
export function pointsToPrice(points: number, precision: number): number {
  return Number((points / 10 ** precision).toFixed(precision));
}

/**
 * Points as exact decimal text with exactly `precision` decimals (108345 at 5 → "1.08345", 5 at 2 → "0.05"): what is
 * stored and shown where a price must not pass through a float (price alerts). `points` is a non-negative safe integer.
 */
export function pointsToText(points: number, precision: number): string {
  if (!Number.isSafeInteger(points) || points < 0) throw new RangeError(`not a price in points: ${points}`);
  if (precision <= 0) return String(points);
  const digits = String(points).padStart(precision + 1, '0');
  return `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}

/** Parses a decimal string into points at `precision`, rounding half away from zero, without float drift. */
export function priceToPoints(text: string, precision: number): number {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new RangeError(`not a price: ${text}`);
  const [, sign, whole = '0', frac = ''] = m;
  const kept = frac.slice(0, precision).padEnd(precision, '0');
  let points = Number(whole) * 10 ** precision + Number(kept || '0');
  const next = frac.charCodeAt(precision);
  if (next >= 53 /* '5' */ && next <= 57) points += 1;
  if (!Number.isSafeInteger(points)) throw new RangeError(`price out of range: ${text}`);
  return sign ? -points : points;
}

/** Percent change from `from` to `to`, rounded to 2 decimals (0 when `from` is 0). */
export function percentChange(from: number, to: number): number {
  if (from === 0) return 0;
  return Math.round(((to - from) / from) * 10_000) / 100;
}
