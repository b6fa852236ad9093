// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultDeviation, initialDeviation, MAX_DEVIATION, parseDeviation, rememberDeviation } from './deviation.ts';

describe('the ticket max slippage (deviation)', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['EURUSD', 5, 10, 1, 30], // 3 pips
    ['USDJPY', 3, 12, 1, 36], // the spread is wider than a pip
    ['XAUUSD', 2, 30, 2, 90],
    ['BTCUSD', 2, 2000, 5, 6000],
    ['GER40', 1, 15, 4, 45],
    ['no spread', 5, 0, 1, 30],
    // Without a spread the pip is the instrument's (issue 33): 3 dollars on BTCUSD, 3 index points, 0.30 on gold.
    ['BTCUSD, no spread', 2, 0, 5, 300],
    ['US30, no spread', 1, 0, 4, 30],
    ['XAUUSD, no spread', 2, 0, 2, 30],
  ])('%s (precision %d, spread %d, category %d) defaults to %d points', (_code, precision, spread, category, points) => {
    expect(defaultDeviation({ PricePrecision: precision, Spread: spread, CategoryId: category })).toBe(points);
  });

  it.each([
    ['0', 0],
    ['25', 25],
    [' 7 ', 7],
    [String(MAX_DEVIATION), MAX_DEVIATION],
    [String(MAX_DEVIATION + 1), null],
    ['', null],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
  ])('reads %j as %s', (text, points) => {
    expect(parseDeviation(text)).toBe(points);
  });

  it('is remembered per instrument', () => {
    const eurusd = { Id: 1, PricePrecision: 5, Spread: 10, CategoryId: 1 };
    const gold = { Id: 13, PricePrecision: 2, Spread: 30, CategoryId: 2 };
    expect(initialDeviation(eurusd)).toBe(30);
    rememberDeviation(1, 50);
    expect(initialDeviation(eurusd)).toBe(50);
    expect(initialDeviation(gold)).toBe(90);
    localStorage.setItem('tradepad.deviation', '{"1":"oops","13":-4}');
    expect(initialDeviation(eurusd)).toBe(30);
    expect(initialDeviation(gold)).toBe(90);
  });
});
