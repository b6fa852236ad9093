import { describe, expect, it } from 'vitest';
import { pointsToText, priceToPoints } from './price.ts';

describe('pointsToText', () => {
  it.each([
    [108345, 5, '1.08345'],
    [5, 2, '0.05'],
    [0, 3, '0.000'],
    [100, 0, '100'],
    [9_876_543_210, 2, '98765432.10'],
  ])('%i points at %i decimals read %s', (points, precision, text) => {
    expect(pointsToText(points, precision)).toBe(text);
  });

  it('round-trips with priceToPoints', () => {
    for (const [text, precision] of [
      ['1.08500', 5],
      ['0.01', 2],
      ['67890.12', 2],
    ] as const)
      expect(pointsToText(priceToPoints(text, precision), precision)).toBe(text);
  });

  it('refuses what is not a count of points', () => {
    expect(() => pointsToText(-1, 2)).toThrow(RangeError);
    expect(() => pointsToText(1.5, 2)).toThrow(RangeError);
  });
});
