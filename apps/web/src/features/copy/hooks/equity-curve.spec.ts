import { describe, expect, it } from 'vitest';
import { curveGeometry } from './equity-curve.ts';

const pts = (...values: string[]) => values.map((equity, i) => ({ t: i * 86_400_000, equity }));

describe('curveGeometry', () => {
  it('draws nothing from fewer than two points', () => {
    expect(curveGeometry([], 300, 120)).toBeNull();
    expect(curveGeometry(pts('100'), 300, 120)).toBeNull();
  });

  it('spans the width and keeps the highest point at the top padding, the lowest at the bottom', () => {
    const g = curveGeometry(pts('100', '120', '90'), 200, 100, 10);
    expect(g).not.toBeNull();
    expect(g!.line).toBe('M0 63.3 L100 10 L200 90');
    expect(g!.area).toBe('M0 63.3 L100 10 L200 90 L200 100 L0 100 Z');
    expect(g!.baseY).toBe(63.3);
    expect([g!.min, g!.max, g!.first, g!.last]).toEqual([90, 120, 100, 90]);
  });

  it('keeps the start line (100) in view when the curve never reaches it', () => {
    const g = curveGeometry(pts('110', '130'), 100, 100, 0);
    expect(g!.min).toBe(100);
    expect(g!.baseY).toBe(100);
  });

  it('draws a flat curve in the middle of its range without dividing by zero', () => {
    const g = curveGeometry(pts('100', '100'), 100, 50, 5);
    expect(g!.line).toBe('M0 25 L100 25');
  });
});
