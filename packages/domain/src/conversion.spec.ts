import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conversionRate,
  divideRounded,
  parseRate,
  quoteToUsd,
  rateFromPoints,
  usdRate,
  USD_RATE,
  type QuoteLookup,
  type Rounding,
} from './conversion.ts';

/** Current bids in points: EURUSD 1.08500, GBPUSD 1.27000, USDJPY 150.000, USDCHF 0.88000. */
const QUOTES: Record<string, { bid: number; precision: number }> = {
  EURUSD: { bid: 108_500, precision: 5 },
  GBPUSD: { bid: 127_000, precision: 5 },
  USDJPY: { bid: 150_000, precision: 3 },
  USDCHF: { bid: 88_000, precision: 5 },
  USDTRY: { bid: 0, precision: 4 },
};
const lookup: QuoteLookup = (code) => QUOTES[code];

describe('rounding division', () => {
  const modes: Rounding[] = ['half_up', 'half_away', 'down', 'floor', 'ceil'];
  it.each([
    [5n, 2n, [3n, 3n, 2n, 2n, 3n]],
    [-5n, 2n, [-2n, -3n, -2n, -3n, -2n]],
    [7n, 3n, [2n, 2n, 2n, 2n, 3n]],
    [8n, 3n, [3n, 3n, 2n, 2n, 3n]],
    [-8n, 3n, [-3n, -3n, -2n, -3n, -2n]],
    [-7n, 3n, [-2n, -2n, -2n, -3n, -2n]],
    [6n, 3n, [2n, 2n, 2n, 2n, 2n]],
    [5n, -2n, [-2n, -3n, -2n, -3n, -2n]],
    [0n, 7n, [0n, 0n, 0n, 0n, 0n]],
  ])('%d ÷ %d rounds half up, half away, down, floor, ceil to %s', (n, d, expected) => {
    expect(modes.map((m) => divideRounded(n, d, m))).toEqual(expected);
  });

  it('refuses to divide by zero', () => {
    expect(() => divideRounded(1n, 0n, 'floor')).toThrow(RangeError);
  });

  it('stays within the bounds each mode promises (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 20n }), (n, d) => {
        const floor = divideRounded(n, d, 'floor');
        const ceil = divideRounded(n, d, 'ceil');
        expect(floor * d <= n && n < (floor + 1n) * d).toBe(true);
        expect(ceil - floor).toBe(n % d === 0n ? 0n : 1n);
        for (const mode of ['half_up', 'half_away'] as const) {
          const q = divideRounded(n, d, mode);
          const twiceError = 2n * (q * d - n);
          expect(twiceError >= -d && twiceError <= d).toBe(true);
        }
        expect(divideRounded(-n, d, 'half_away')).toBe(-divideRounded(n, d, 'half_away'));
      }),
    );
  });
});

describe('decimal rates', () => {
  it.each([
    ['3', 300_000_000n],
    ['0.001', 100_000n],
    ['7.2345', 723_450_000n],
    ['0.00000001', 1n],
    ['0', 0n],
    [' 1 ', 100_000_000n],
  ])('parses %j exactly', (text, expected) => {
    expect(parseRate(text)).toBe(expected);
  });

  it.each(['', '-1', '1e-3', '0.000000001', 'abc', '.5', 'NaN'])('refuses %j', (text) => {
    expect(() => parseRate(text)).toThrow(RangeError);
  });
});

describe('conversion to USD', () => {
  it.each([
    ['USD', { num: 1n, den: 1n }],
    ['EUR', { num: 108_500n, den: 100_000n }],
    ['GBP', { num: 127_000n, den: 100_000n }],
    ['JPY', { num: 1_000n, den: 150_000n }],
    ['CHF', { num: 100_000n, den: 88_000n }],
    ['XAU', undefined],
    ['TRY', undefined],
  ])('values one %s at %o USD', (code, expected) => {
    expect(usdRate(code, lookup)).toEqual(expected);
  });

  it.each([
    ['EURUSD at 1.08500', { base: 'EUR', quote: 'USD', precision: 5 }, 108_500, USD_RATE],
    ['USDJPY at its own price 151.500', { base: 'USD', quote: 'JPY', precision: 3 }, 151_500, { num: 1_000n, den: 151_500n }],
    ['EURJPY via the USDJPY bid', { base: 'EUR', quote: 'JPY', precision: 3 }, 162_750, { num: 1_000n, den: 150_000n }],
    ['EURGBP via the GBPUSD bid', { base: 'EUR', quote: 'GBP', precision: 5 }, 85_000, { num: 127_000n, den: 100_000n }],
    ['GER40 via the EURUSD bid', { base: 'GER40', quote: 'EUR', precision: 1 }, 195_000, { num: 108_500n, den: 100_000n }],
    ['XAUUSD', { base: 'XAU', quote: 'USD', precision: 2 }, 265_000, USD_RATE],
    ['USDJPY with no price', { base: 'USD', quote: 'JPY', precision: 3 }, 0, undefined],
    ['AUDNZD with no conversion pair', { base: 'AUD', quote: 'NZD', precision: 5 }, 108_000, undefined],
  ])('converts %s', (_name, instrument, price, expected) => {
    expect(conversionRate(instrument, price, lookup)).toEqual(expected);
  });

  it('converts an exact quote amount with one final rounding', () => {
    const jpy = usdRate('JPY', lookup)!;
    expect(quoteToUsd(1_000_000n, 1n, jpy)).toBe(6_666_666_667n); // 1,000,000 JPY = 6666.666667 USD
    expect(quoteToUsd(-1_000_000n, 1n, jpy)).toBe(-6_666_666_667n);
    expect(quoteToUsd(1_000_000n, 1n, jpy, 'floor')).toBe(6_666_666_666n);
    // 1/3 of a JPY three times is one JPY: rounding once per sum, not per part.
    expect(quoteToUsd(3n, 3n, rateFromPoints(1, 0))).toBe(1_000_000n);
    expect(quoteToUsd(1n, 2_000_000n, USD_RATE)).toBe(1n); // 0.5 micro rounds half away from zero
    expect(quoteToUsd(-1n, 2_000_000n, USD_RATE)).toBe(-1n);
    expect(quoteToUsd(-1n, 2_000_000n, USD_RATE, 'half_up')).toBe(0n);
  });
});
