import { describe, expect, it } from 'vitest';
import { parseRate, USD_RATE, type Rate } from './conversion.ts';
import { parseLots } from './lots.ts';
import { parseMoney } from './money.ts';
import { pointsToPrice } from './price.ts';
import { defaultStopDistance, pipDecimals, pipsToPoints, pointsToPips } from './stop-distance.ts';
import { pipPoints, pipValue, profitLoss, type TradingTerms } from './trading.ts';

/** USD per unit of the quote currency at the seeds' start prices (USDJPY 150.000, USDCAD 1.36000, …). */
const PER_USD = (price: number): Rate => ({ num: 100_000n, den: BigInt(Math.round(price * 100_000)) });
const RATES: Record<string, Rate> = {
  USD: USD_RATE,
  JPY: PER_USD(150),
  CAD: PER_USD(1.36),
  CHF: PER_USD(0.88),
  GBP: { num: 127_000n, den: 100_000n },
  EUR: { num: 108_500n, den: 100_000n },
};

/**
 * Every seeded instrument (apps/server/src/modules/market/instruments.data.ts): category, price decimals, contract
 * size, quote currency; then the pip as a price and the USD value of a one-pip move of one lot.
 */
const SEEDED: ReadonlyArray<
  [code: string, category: number, precision: number, contract: number, quote: string, pip: string, perLot: string]
> = [
  ['EURUSD', 1, 5, 100_000, 'USD', '0.0001', '10'],
  ['GBPUSD', 1, 5, 100_000, 'USD', '0.0001', '10'],
  ['USDJPY', 1, 3, 100_000, 'JPY', '0.01', '6.666667'],
  ['AUDUSD', 1, 5, 100_000, 'USD', '0.0001', '10'],
  ['USDCAD', 1, 5, 100_000, 'CAD', '0.0001', '7.352941'],
  ['USDCHF', 1, 5, 100_000, 'CHF', '0.0001', '11.363636'],
  ['NZDUSD', 1, 5, 100_000, 'USD', '0.0001', '10'],
  ['EURGBP', 1, 5, 100_000, 'GBP', '0.0001', '12.7'],
  ['EURJPY', 1, 3, 100_000, 'JPY', '0.01', '6.666667'],
  ['GBPJPY', 1, 3, 100_000, 'JPY', '0.01', '6.666667'],
  ['AUDJPY', 1, 3, 100_000, 'JPY', '0.01', '6.666667'],
  ['EURCHF', 1, 5, 100_000, 'CHF', '0.0001', '11.363636'],
  ['XAUUSD', 2, 2, 100, 'USD', '0.1', '10'],
  ['XAGUSD', 2, 3, 5000, 'USD', '0.01', '50'],
  ['USOIL', 3, 2, 1000, 'USD', '0.01', '10'],
  ['UKOIL', 3, 2, 1000, 'USD', '0.01', '10'],
  ['US30', 4, 1, 1, 'USD', '1', '1'],
  ['NAS100', 4, 1, 1, 'USD', '1', '1'],
  ['SPX500', 4, 1, 1, 'USD', '1', '1'],
  ['GER40', 4, 1, 1, 'EUR', '1', '1.085'],
  ['BTCUSD', 5, 2, 1, 'USD', '1', '1'],
  ['ETHUSD', 5, 2, 1, 'USD', '1', '1'],
  ['LTCUSD', 5, 2, 1, 'USD', '1', '1'],
  ['XRPUSD', 5, 4, 1, 'USD', '0.01', '0.01'],
];

const termsOf = (category: number, precision: number, contractSize: number): TradingTerms => ({
  precision,
  contractSize,
  marginMode: 2,
  feeRate: parseRate('0'),
  categoryId: category,
});

describe('the pip of every seeded instrument', () => {
  it.each(SEEDED)(
    '%s: a pip is %s… and one lot’s pip is worth the table’s USD',
    (_code, category, precision, contract, quote, pip, perLot) => {
      const points = pipPoints(precision, category);
      expect(String(pointsToPrice(points, precision))).toBe(pip);
      const t = termsOf(category, precision, contract);
      const rate = RATES[quote]!;
      expect(pipValue(t, parseLots('1'), rate)).toBe(parseMoney(perLot));
      // A pip is exactly what a one-pip move makes, and pips read back as the points they came from.
      expect(profitLoss(t, 1, parseLots('1'), 1_000_000, 1_000_000 + points, rate)).toBe(pipValue(t, parseLots('1'), rate));
      expect(pipsToPoints('1', precision, category)).toBe(points);
      expect(pointsToPips(points, precision, category)).toBe(1);
    },
  );

  it('no seeded instrument has a pip worth less than a cent per lot, or more than 100 USD', () => {
    for (const [, category, precision, contract, quote] of SEEDED) {
      const v = pipValue(termsOf(category, precision, contract), parseLots('1'), RATES[quote]!);
      expect(v >= parseMoney('0.01') && v <= parseMoney('100')).toBe(true);
    }
  });

  it('BTCUSD: a 245 USD stop on one lot reads 245.06 pips, not 24,506 (the issue’s report)', () => {
    expect(pointsToPips(24_506, 2, 5)).toBe(245.06);
    expect(pipDecimals(2, 5)).toBe(2);
    expect(pipValue(termsOf(5, 2, 1), parseLots('0.1'), USD_RATE)).toBe(parseMoney('0.1'));
  });

  it('without a category a pip follows the forex rule, as before', () => {
    expect(pipPoints(5)).toBe(10);
    expect(pipPoints(2)).toBe(1);
    expect(pipDecimals(3)).toBe(1);
  });

  it.each([
    ['BTCUSD 95,000.00, whole dollar pips', 9_500_000, 2, 2000, 5, 23_800],
    ['XAUUSD 2,650.00, pips of 0.10', 265_000, 2, 30, 2, 670],
    ['US30 43,000.0, whole index points', 430_000, 1, 20, 4, 1080],
  ])('a new stop on %s starts in whole pips', (_name, price, precision, spread, category, expected) => {
    expect(defaultStopDistance(price, precision, spread, category)).toBe(expected);
  });
});
