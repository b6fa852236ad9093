import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversionRate, parseRate, USD_RATE, type Rate } from './conversion.ts';
import { parseLots } from './lots.ts';
import { formatMoney, parseMoney } from './money.ts';
import {
  amountInCents,
  defaultStopDistance,
  distanceForAmount,
  levelAmount,
  levelAt,
  levelDistance,
  levelForAmount,
  marginShortfall,
  pipsToPoints,
  pointsToPips,
} from './stop-distance.ts';
import { stopsCheck, type Side, type TradingTerms } from './trading.ts';

const terms = (precision: number, contractSize: number): TradingTerms => ({
  precision,
  contractSize,
  marginMode: 2,
  feeRate: parseRate('0'),
});
const EURUSD = terms(5, 100_000);
const USDJPY = terms(3, 100_000);
const BTCUSD = terms(2, 1);
const XAUUSD = terms(2, 100);
const usd = parseMoney;
const L = parseLots;

describe('pips and points', () => {
  it.each([
    ['28', 5, 280],
    ['27.5', 5, 275],
    ['38', 3, 380],
    ['237.5', 2, 238],
    ['12', 1, 12],
  ])('%s pips at precision %d are %d points', (pips, precision, points) => {
    expect(pipsToPoints(pips, precision)).toBe(points);
  });

  it.each([
    [280, 5, 28],
    [275, 5, 27.5],
    [23_750, 2, 23_750],
    [663, 2, 663],
  ])('%d points at precision %d are %d pips', (points, precision, pips) => {
    expect(pointsToPips(points, precision)).toBe(pips);
  });

  it('refuses what is not a decimal', () => {
    expect(() => pipsToPoints('abc', 5)).toThrow(RangeError);
  });
});

describe('levels from a distance and back', () => {
  it.each([
    [1, 'stop_loss', 108_500, 280, 108_220],
    [1, 'take_profit', 108_500, 280, 108_780],
    [2, 'stop_loss', 108_490, 280, 108_770],
    [2, 'take_profit', 108_490, 280, 108_210],
  ] as const)('side %d %s from %d at %d points is %d', (side, kind, entry, distance, level) => {
    expect(levelAt(side, kind, entry, distance)).toBe(level);
    expect(levelDistance(side, kind, entry, level)).toBe(distance);
  });

  it('measures a level on the wrong side as a negative distance', () => {
    expect(levelDistance(1, 'stop_loss', 108_500, 108_600)).toBe(-100);
    expect(levelDistance(2, 'take_profit', 108_500, 108_600)).toBe(-100);
  });
});

describe('money at a level', () => {
  it('is the loss at the stop-loss and the gain at the take-profit, as profitLoss books them', () => {
    // 1 lot EURUSD, 28 pips: 280 USD either way.
    expect(formatMoney(levelAmount(EURUSD, 1, 'stop_loss', L('1'), 108_500, 108_220, USD_RATE))).toBe('280.00');
    expect(formatMoney(levelAmount(EURUSD, 1, 'take_profit', L('1'), 108_500, 108_780, USD_RATE))).toBe('280.00');
    expect(formatMoney(levelAmount(EURUSD, 2, 'stop_loss', L('0.1'), 108_490, 108_770, USD_RATE))).toBe('28.00');
    // 0.01 BTC, 237.50 away: 2.375 USD.
    expect(levelAmount(BTCUSD, 1, 'stop_loss', L('0.01'), 9_500_000, 9_476_250, USD_RATE)).toBe(usd('2.375'));
    // USDJPY long 1 lot 150.000 → 149.620 (38 pips): 38,000 JPY at 149.620 = 253.977 USD.
    const jpy = { num: 1_000n, den: 149_620n };
    expect(formatMoney(levelAmount(USDJPY, 1, 'stop_loss', L('1'), 150_000, 149_620, jpy), 6)).toBe('253.976741');
  });

  it('finds the distance for an amount: a stop-loss risks at most it, a take-profit reaches at least it', () => {
    // 0.1 lot EURUSD: 1 USD per pip, 0.1 USD per point.
    expect(distanceForAmount(EURUSD, L('0.1'), usd('25'), USD_RATE, 'floor')).toBe(250);
    expect(distanceForAmount(EURUSD, L('0.1'), usd('25.05'), USD_RATE, 'floor')).toBe(250);
    expect(distanceForAmount(EURUSD, L('0.1'), usd('25.05'), USD_RATE, 'ceil')).toBe(251);
    // 0.01 BTC: 0.0001 USD per point, so 10 USD is 1,000.00 away.
    expect(distanceForAmount(BTCUSD, L('0.01'), usd('10'), USD_RATE, 'floor')).toBe(100_000);
    expect(distanceForAmount(XAUUSD, L('0.01'), usd('6.63'), USD_RATE, 'floor')).toBe(663);
    expect(distanceForAmount(EURUSD, L('0'), usd('1'), USD_RATE, 'floor')).toBeNull();
    expect(distanceForAmount(EURUSD, L('1'), usd('-1'), USD_RATE, 'floor')).toBeNull();
  });

  it('settles on the level for an amount where the rate depends on the exit (USDJPY)', () => {
    const inst = { base: 'USD', quote: 'JPY', precision: 3 };
    const rateAt = (p: number) => conversionRate(inst, p, () => undefined);
    const level = levelForAmount(USDJPY, 1, 'stop_loss', L('1'), 150_000, usd('250'), rateAt)!;
    const at = (p: number) => levelAmount(USDJPY, 1, 'stop_loss', L('1'), 150_000, p, rateAt(p)!);
    expect(at(level)).toBeLessThanOrEqual(usd('250'));
    expect(at(level - 1)).toBeGreaterThan(usd('250'));
    const tp = levelForAmount(USDJPY, 1, 'take_profit', L('1'), 150_000, usd('250'), rateAt)!;
    const gain = (p: number) => levelAmount(USDJPY, 1, 'take_profit', L('1'), 150_000, p, rateAt(p)!);
    expect(gain(tp)).toBeGreaterThanOrEqual(usd('250'));
    expect(gain(tp - 1)).toBeLessThan(usd('250'));
  });

  it('has no level for a loss the price cannot fall to, or without a rate', () => {
    expect(levelForAmount(BTCUSD, 1, 'stop_loss', L('0.01'), 9_500_000, usd('1000000'), () => USD_RATE)).toBeNull();
    expect(levelForAmount(BTCUSD, 1, 'stop_loss', L('0.01'), 9_500_000, usd('10'), () => undefined)).toBeNull();
  });

  it('round-trips: the amount at the level found for an amount never passes it (stop-loss)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 5_000_00 }),
        fc.constantFrom<Side>(1, 2),
        (lotsHundredths, cents, side) => {
          const size = L((lotsHundredths / 100).toFixed(2));
          const amount = usd((cents / 100).toFixed(2));
          const rate: Rate = USD_RATE;
          const level = levelForAmount(EURUSD, side, 'stop_loss', size, 108_500, amount, () => rate);
          if (level === null) return;
          expect(levelAmount(EURUSD, side, 'stop_loss', size, 108_500, level, rate)).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });
});

describe('the distance a new level starts at', () => {
  it.each([
    ['EURUSD', 108_500, 5, 10, 280],
    ['USDJPY', 150_000, 3, 12, 380],
    ['BTCUSD', 9_500_000, 2, 2_000, 23_750],
    ['XAUUSD', 265_000, 2, 30, 663],
    ['US30', 430_000, 1, 20, 1_075],
    ['XRPUSD', 22_000, 4, 20, 60],
  ])('%s at %d: %d points', (_code, price, precision, spread, distance) => {
    expect(defaultStopDistance(price, precision, spread)).toBe(distance);
  });

  it('is at least 10 pips and 3 spreads, in whole pips', () => {
    expect(defaultStopDistance(1_000, 5, 10)).toBe(100);
    expect(defaultStopDistance(108_500, 5, 150)).toBe(450);
    expect(defaultStopDistance(0, 2, 0)).toBe(10);
  });

  it('starts both levels on the side the engine accepts, for market and pending orders alike', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.constantFrom(1, 2, 3, 5),
        fc.constantFrom<Side>(1, 2),
        (bid, spread, precision, side) => {
          const market = { bid, ask: bid + spread };
          const entry = side === 1 ? market.ask : market.bid;
          const d = defaultStopDistance(entry, precision, spread);
          const levels = { stopLoss: levelAt(side, 'stop_loss', entry, d), takeProfit: levelAt(side, 'take_profit', entry, d) };
          if (levels.stopLoss <= 0 || levels.takeProfit <= 0) return;
          expect(stopsCheck(side, entry, levels, market)).toBe('ok');
        },
      ),
    );
  });
});

describe('margin shortfall', () => {
  it('is what margin and fee exceed the free margin by, else 0', () => {
    expect(marginShortfall(usd('100'), usd('90'), usd('10'))).toBe(usd('0'));
    expect(marginShortfall(usd('100'), usd('95'), usd('10'))).toBe(usd('5'));
    expect(marginShortfall(usd('-5'), usd('0'), usd('0'))).toBe(usd('5'));
  });
});

describe('amounts in cents', () => {
  it('rounds a risk up and a target down, and reads back to the same level', () => {
    expect(amountInCents('stop_loss', usd('2.371'))).toBe(usd('2.38'));
    expect(amountInCents('take_profit', usd('2.379'))).toBe(usd('2.37'));
    expect(amountInCents('stop_loss', usd('2.37'))).toBe(usd('2.37'));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.constantFrom<Side>(1, 2),
        fc.constantFrom('stop_loss' as const, 'take_profit' as const),
        (lotsHundredths, distance, side, kind) => {
          const size = L((lotsHundredths / 100).toFixed(2));
          const level = levelAt(side, kind, 108_500, distance);
          const shown = amountInCents(kind, levelAmount(EURUSD, side, kind, size, 108_500, level, USD_RATE));
          expect(levelForAmount(EURUSD, side, kind, size, 108_500, shown, () => USD_RATE)).toBe(level);
        },
      ),
    );
  });
});
