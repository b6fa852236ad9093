import { describe, expect, it } from 'vitest';
import { adverseSlippage, deviationCheck } from './deviation.ts';
import type { Side } from './trading.ts';

describe('deviation: a market order fills at most `deviation` points worse than the price the trader saw', () => {
  it.each([
    // side, fill, seen, deviation, slippage, verdict
    [1, 108_500, 108_500, 0, 0, 'ok'], // buy at the price seen
    [1, 108_510, 108_500, 10, 10, 'ok'], // buy 10 points dearer, 10 allowed
    [1, 108_511, 108_500, 10, 11, 'deviation_exceeded'], // one point past the limit
    [1, 108_501, 108_500, 0, 1, 'deviation_exceeded'], // no deviation allowed
    [1, 108_400, 108_500, 0, -100, 'ok'], // buy cheaper than seen: price improvement is never refused
    [1, 100_000, 108_500, 5, -8_500, 'ok'], // however far in the trader's favour
    [2, 108_480, 108_480, 0, 0, 'ok'], // sell at the price seen
    [2, 108_470, 108_480, 10, 10, 'ok'], // sell 10 points lower, 10 allowed
    [2, 108_469, 108_480, 10, 11, 'deviation_exceeded'],
    [2, 108_580, 108_480, 0, -100, 'ok'], // sell higher than seen
    [1, 2_345_678, 2_300_000, 30, 45_678, 'deviation_exceeded'], // a gold buy far above what was seen
    [2, 150_000, 150_000, 1_000_000, 0, 'ok'],
  ] as const)('side %d fill %d seen %d deviation %d: %d points against, %s', (side, fill, seen, dev, slip, verdict) => {
    expect(adverseSlippage(side as Side, fill, seen)).toBe(slip);
    expect(deviationCheck(side as Side, fill, seen, dev)).toBe(verdict);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses a deviation of %d as a programming error', (d) => {
    expect(() => deviationCheck(1, 1, 1, d)).toThrow(RangeError);
  });
});
