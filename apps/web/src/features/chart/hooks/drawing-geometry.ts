/**
 * The geometry of chart drawings (DESIGN §17), pure: where an anchor (a bar time and a price) sits on the time scale's
 * logical axis and back, and which part of a drawing a pointer is on. Anchors are kept in time, not in bar indices, so
 * a drawing stays where it was when the period changes or older bars load.
 */

export interface Px {
  x: number;
  y: number;
}

/** The Fibonacci retracement's levels: 0 at the second point, 1 at the first. */
export const FIB_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;
export const fibPrice = (first: number, second: number, level: number) => second + (first - second) * level;

/**
 * The logical index (fractional) of time `t` among the bars' ascending `times`: between two bars in proportion,
 * before the first and after the last at `step` seconds a bar. NaN without bars.
 */
export function timeToLogical(times: readonly number[], t: number, step: number): number {
  const n = times.length;
  if (n === 0) return NaN;
  const first = times[0]!;
  const last = times[n - 1]!;
  if (t <= first) return (t - first) / step;
  if (t >= last) return n - 1 + (t - last) / step;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= t) lo = mid;
    else hi = mid;
  }
  return lo + (t - times[lo]!) / (times[hi]! - times[lo]!);
}

/** The time (whole seconds) at a logical index: the inverse of timeToLogical. */
export function logicalToTime(times: readonly number[], logical: number, step: number): number {
  const n = times.length;
  if (n === 0 || !Number.isFinite(logical)) return NaN;
  if (logical <= 0) return Math.round(times[0]! + logical * step);
  if (logical >= n - 1) return Math.round(times[n - 1]! + (logical - (n - 1)) * step);
  const i = Math.floor(logical);
  return Math.round(times[i]! + (logical - i) * (times[i + 1]! - times[i]!));
}

/** Distance from `p` to the segment a–b; `ray` extends it past b without end. */
export function distanceToLine(p: Px, a: Px, b: Px, ray = false): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2;
  t = ray ? Math.max(0, t) : Math.min(1, Math.max(0, t));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Where a ray from a through b leaves a box of `width` × `height` (b itself when they coincide). */
export function rayEnd(a: Px, b: Px, width: number, height: number): Px {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return b;
  const ts = [
    dx > 0 ? (width - a.x) / dx : dx < 0 ? -a.x / dx : Infinity,
    dy > 0 ? (height - a.y) / dy : dy < 0 ? -a.y / dy : Infinity,
  ];
  const t = Math.max(1, Math.min(...ts));
  return { x: a.x + t * dx, y: a.y + t * dy };
}

export type DrawingPart = { part: 'handle'; index: number } | { part: 'body' };

export interface HitShape {
  kind: 'hline' | 'trend' | 'ray' | 'rect' | 'fib' | 'text';
  /** The anchors on screen. */
  px: readonly Px[];
  /** For text: the label's size (it is drawn from the anchor rightwards and upwards). */
  box?: { width: number; height: number };
}

/**
 * The part of a drawing under `p`, within `tolerance` pixels (a generous one for a finger): an anchor's handle first
 * (only when `handles`, i.e. the drawing is selected), then the drawing itself; null when neither.
 */
export function hitDrawing(shape: HitShape, p: Px, tolerance: number, handles: boolean): DrawingPart | null {
  const [a, b] = shape.px;
  if (!a) return null;
  if (handles && shape.kind !== 'hline')
    for (let i = 0; i < shape.px.length; i++)
      if (Math.hypot(p.x - shape.px[i]!.x, p.y - shape.px[i]!.y) <= tolerance) return { part: 'handle', index: i };
  const body = { part: 'body' } as const;
  switch (shape.kind) {
    case 'hline':
      return Math.abs(p.y - a.y) <= tolerance ? body : null;
    case 'text': {
      const box = shape.box ?? { width: 40, height: 16 };
      const inside = p.x >= a.x - tolerance / 2 && p.x <= a.x + box.width + tolerance / 2;
      return inside && p.y <= a.y + tolerance / 2 && p.y >= a.y - box.height - tolerance / 2 ? body : null;
    }
    case 'trend':
    case 'ray':
      return b && distanceToLine(p, a, b, shape.kind === 'ray') <= tolerance ? body : null;
    case 'rect': {
      if (!b) return null;
      const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
      const [y0, y1] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
      return p.x >= x0 - tolerance && p.x <= x1 + tolerance && p.y >= y0 - tolerance && p.y <= y1 + tolerance ? body : null;
    }
    case 'fib': {
      if (!b) return null;
      const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
      if (p.x < x0 - tolerance || p.x > x1 + tolerance) return null;
      for (const level of FIB_LEVELS) if (Math.abs(p.y - fibPrice(a.y, b.y, level)) <= tolerance) return body;
      return distanceToLine(p, a, b) <= tolerance ? body : null;
    }
  }
}
