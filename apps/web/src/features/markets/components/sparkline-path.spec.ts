import { describe, expect, it } from 'vitest';
import { sparklinePaths, withLiveClose, type SparkSeries } from './sparkline-path.ts';

describe('sparklinePaths', () => {
  it('spreads the points across the width and scales prices to the height, highest at the top', () => {
    const paths = sparklinePaths([1, 3, 2], 100, 24, 2)!;
    expect(paths.line).toBe('M0,22L50,2L100,12');
    expect(paths.area).toBe('M0,22L50,2L100,12L100,24L0,24Z');
  });

  it('draws a flat series through the middle', () => {
    expect(sparklinePaths([5, 5, 5], 60, 20)!.line).toBe('M0,10L30,10L60,10');
  });

  it('rounds coordinates to one decimal to keep the markup small', () => {
    const { line } = sparklinePaths([1.08341, 1.08355, 1.08349, 1.0836], 64, 28)!;
    expect(line).toMatch(/^M0,26L21\.3,[\d.]+L42\.7,[\d.]+L64,2$/);
  });

  it('has nothing to draw with fewer than two usable points', () => {
    expect(sparklinePaths([], 60, 20)).toBeNull();
    expect(sparklinePaths([1], 60, 20)).toBeNull();
    expect(sparklinePaths([1, Number.NaN], 60, 20)).toBeNull();
  });

  it('skips non-finite points', () => {
    expect(sparklinePaths([1, Number.NaN, 2], 10, 10, 0)!.line).toBe('M0,10L10,0');
  });
});

describe('withLiveClose', () => {
  const step = 60_000;
  // Seeded in the slot of 00:01 (slot 1): the newest close belongs to the bar now forming.
  const seeded: SparkSeries = { closes: [1, 2, 3], lastSlot: 1, max: 4 };

  it('moves the newest point while ticks stay in its slot', () => {
    const s = withLiveClose(seeded, 3.5, 90_000, step);
    expect(s.closes).toEqual([1, 2, 3.5]);
    expect(withLiveClose(s, 3.2, 119_999, step).closes).toEqual([1, 2, 3.2]);
  });

  it('appends a point for a later slot and drops the oldest past the maximum', () => {
    let s = withLiveClose(seeded, 3.9, 120_000, step);
    expect(s.closes).toEqual([1, 2, 3, 3.9]);
    expect(s.lastSlot).toBe(2);
    s = withLiveClose(s, 4.1, 200_000, step);
    expect(s.closes).toEqual([2, 3, 3.9, 4.1]);
  });

  it('starts a series that had no slot with an appended point', () => {
    expect(withLiveClose({ closes: [], lastSlot: null, max: 3 }, 7, 5_000, step)).toEqual({ closes: [7], lastSlot: 0, max: 3 });
  });

  it('returns the same series when nothing changes or the tick is from an earlier slot', () => {
    expect(withLiveClose(seeded, 3, 70_000, step)).toBe(seeded);
    expect(withLiveClose(seeded, 9, 10_000, step)).toBe(seeded);
  });
});
