import { describe, expect, it } from 'vitest';
import { distanceToLine, fibPrice, hitDrawing, logicalToTime, rayEnd, timeToLogical } from './drawing-geometry.ts';

const times = [1000, 1060, 1120, 1300]; // a gap before the last bar

describe('anchors in time, drawn by logical index', () => {
  it('maps bar times to their indices, between bars in proportion, and beyond the ends by the period', () => {
    expect(times.map((t) => timeToLogical(times, t, 60))).toEqual([0, 1, 2, 3]);
    expect(timeToLogical(times, 1030, 60)).toBe(0.5);
    expect(timeToLogical(times, 1210, 60)).toBe(2.5);
    expect(timeToLogical(times, 880, 60)).toBe(-2);
    expect(timeToLogical(times, 1420, 60)).toBe(5);
    expect(timeToLogical([], 1, 60)).toBeNaN();
  });

  it('maps indices back to the same times (round trip), whole seconds', () => {
    for (const t of [880, 1000, 1030, 1111, 1210, 1300, 1420])
      expect(logicalToTime(times, timeToLogical(times, t, 60), 60)).toBe(t);
    expect(logicalToTime(times, 1.25, 60)).toBe(1075);
    expect(logicalToTime([], 1, 60)).toBeNaN();
  });
});

describe('hit testing', () => {
  const a = { x: 10, y: 10 };
  const b = { x: 110, y: 10 };
  it('measures the distance to a segment and to a ray', () => {
    expect(distanceToLine({ x: 60, y: 14 }, a, b)).toBe(4);
    expect(distanceToLine({ x: 150, y: 10 }, a, b)).toBe(40);
    expect(distanceToLine({ x: 150, y: 10 }, a, b, true)).toBe(0);
    expect(distanceToLine({ x: 0, y: 10 }, a, b, true)).toBe(10);
  });

  it('takes a handle before the body, only when selected, with the given tolerance', () => {
    expect(hitDrawing({ kind: 'trend', px: [a, b] }, { x: 108, y: 12 }, 8, true)).toEqual({ part: 'handle', index: 1 });
    expect(hitDrawing({ kind: 'trend', px: [a, b] }, { x: 108, y: 12 }, 8, false)).toEqual({ part: 'body' });
    expect(hitDrawing({ kind: 'trend', px: [a, b] }, { x: 60, y: 30 }, 8, false)).toBeNull();
    expect(hitDrawing({ kind: 'trend', px: [a, b] }, { x: 60, y: 30 }, 24, false)).toEqual({ part: 'body' });
  });

  it('knows each kind’s shape', () => {
    expect(hitDrawing({ kind: 'hline', px: [a] }, { x: 500, y: 13 }, 5, true)).toEqual({ part: 'body' });
    expect(hitDrawing({ kind: 'ray', px: [a, b] }, { x: 400, y: 12 }, 5, false)).toEqual({ part: 'body' });
    expect(hitDrawing({ kind: 'rect', px: [a, { x: 50, y: 60 }] }, { x: 30, y: 30 }, 5, false)).toEqual({ part: 'body' });
    expect(hitDrawing({ kind: 'rect', px: [a, { x: 50, y: 60 }] }, { x: 80, y: 30 }, 5, false)).toBeNull();
    const fib = {
      kind: 'fib' as const,
      px: [
        { x: 0, y: 100 },
        { x: 100, y: 0 },
      ],
    };
    // The 50 % level is at y 50; 61.8 % at 61.8.
    expect(hitDrawing(fib, { x: 20, y: 62 }, 2, false)).toEqual({ part: 'body' });
    expect(hitDrawing(fib, { x: 20, y: 70 }, 2, false)).toBeNull();
    const text = { kind: 'text' as const, px: [a], box: { width: 50, height: 14 } };
    expect(hitDrawing(text, { x: 40, y: 5 }, 4, false)).toEqual({ part: 'body' });
    expect(hitDrawing(text, { x: 80, y: 5 }, 4, false)).toBeNull();
  });

  it('puts Fibonacci levels from the second point (0) to the first (1), and ends rays at the edge', () => {
    expect(fibPrice(200, 100, 0)).toBe(100);
    expect(fibPrice(200, 100, 1)).toBe(200);
    expect(fibPrice(200, 100, 0.5)).toBe(150);
    expect(rayEnd({ x: 0, y: 0 }, { x: 10, y: 5 }, 100, 100)).toEqual({ x: 100, y: 50 });
    expect(rayEnd({ x: 50, y: 50 }, { x: 40, y: 50 }, 100, 100)).toEqual({ x: 0, y: 50 });
  });
});
