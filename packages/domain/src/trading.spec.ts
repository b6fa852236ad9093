import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRate, USD_RATE, type Rate } from './conversion.ts';
import { lots, parseLots } from './lots.ts';
import { parseMoney } from './money.ts';
import {
  askFromBid,
  closePrice,
  fillPrice,
  isStopLimit,
  namedPendingKind,
  pendingKind,
  pendingTriggered,
  stopLimitBecomes,
  stopLimitCheck,
  pipPoints,
  pipValue,
  profitLoss,
  requiredMargin,
  stopsCheck,
  tradeFee,
  type Side,
  type TradingTerms,
} from './trading.ts';

const terms = (precision: number, contractSize: number, feeRate = '3', marginMode = 2): TradingTerms => ({
  precision,
  contractSize,
  marginMode,
  feeRate: parseRate(feeRate),
});
const EURUSD = terms(5, 100_000);
const USDJPY = terms(3, 100_000);
const EURJPY = terms(3, 100_000);
const EURGBP = terms(5, 100_000);
const XAUUSD = terms(2, 100, '5');
const GER40 = terms(1, 1, '0');

/** Conversion rates: 1 JPY at USDJPY 150.000, 1 GBP at GBPUSD 1.27000, 1 EUR at EURUSD 1.08500. */
const JPY_AT_150: Rate = { num: 1_000n, den: 150_000n };
const GBP: Rate = { num: 127_000n, den: 100_000n };
const EUR: Rate = { num: 108_500n, den: 100_000n };
const usd = parseMoney;
const L = parseLots;

describe('quotes and spread', () => {
  const quote = { bid: 108_480, ask: askFromBid(108_480, 20) };

  it('derives the ask from the bid and the spread in points', () => {
    expect(quote.ask).toBe(108_500);
  });

  it.each([
    [1, 108_500, 108_480],
    [2, 108_480, 108_500],
  ] as const)('side %d fills at %d and closes at %d', (side, fill, close) => {
    expect(fillPrice(side, quote)).toBe(fill);
    expect(closePrice(side, quote)).toBe(close);
  });

  it.each([
    [1, 108_400, 'buy_limit'],
    [1, 108_490, 'buy_limit'],
    [1, 108_500, 'buy_limit'],
    [1, 108_501, 'buy_stop'],
    [2, 108_600, 'sell_limit'],
    [2, 108_480, 'sell_limit'],
    [2, 108_479, 'sell_stop'],
    [2, 108_000, 'sell_stop'],
  ] as const)('a side %d order at %d is a %s (bid 1.08480, ask 1.08500)', (side, price, kind) => {
    expect(pendingKind(side, price, quote)).toBe(kind);
  });

  it.each([
    ['buy_limit', 108_400, { bid: 108_380, ask: 108_400 }, true],
    ['buy_limit', 108_400, { bid: 108_381, ask: 108_401 }, false],
    ['buy_stop', 108_600, { bid: 108_580, ask: 108_600 }, true],
    ['buy_stop', 108_600, { bid: 108_579, ask: 108_599 }, false],
    ['sell_limit', 108_600, { bid: 108_600, ask: 108_620 }, true],
    ['sell_limit', 108_600, { bid: 108_599, ask: 108_619 }, false],
    ['sell_stop', 108_400, { bid: 108_400, ask: 108_420 }, true],
    ['sell_stop', 108_400, { bid: 108_401, ask: 108_421 }, false],
  ] as const)('a %s at %d triggers on %o: %s', (kind, price, q, triggered) => {
    expect(pendingTriggered(kind, price, q)).toBe(triggered);
  });

  it.each([
    [1, undefined, 108_400, 'buy_limit'],
    [1, undefined, 108_501, 'buy_stop'],
    [1, 'limit', 108_400, 'buy_limit'],
    [1, 'limit', 108_500, 'buy_limit'],
    [1, 'limit', 108_501, 'wrong_side'],
    [1, 'stop', 108_501, 'buy_stop'],
    [1, 'stop', 108_500, 'wrong_side'],
    [1, 'stop', 108_400, 'wrong_side'],
    [1, 'stop_limit', 108_600, 'buy_stop_limit'],
    [1, 'stop_limit', 108_500, 'wrong_side'],
    [2, undefined, 108_600, 'sell_limit'],
    [2, undefined, 108_479, 'sell_stop'],
    [2, 'limit', 108_480, 'sell_limit'],
    [2, 'limit', 108_479, 'wrong_side'],
    [2, 'stop', 108_479, 'sell_stop'],
    [2, 'stop', 108_480, 'wrong_side'],
    [2, 'stop_limit', 108_400, 'sell_stop_limit'],
    [2, 'stop_limit', 108_600, 'wrong_side'],
  ] as const)('side %d named %s at %d is %s (bid 1.08480, ask 1.08500)', (side, type, price, kind) => {
    expect(namedPendingKind(side, type, price, quote)).toBe(kind);
  });

  it.each([
    [1, 108_600, 108_550, 'ok'],
    [1, 108_600, 108_600, 'limit_side'],
    [1, 108_600, 108_650, 'limit_side'],
    [1, 108_600, 0, 'limit_side'],
    [2, 108_400, 108_450, 'ok'],
    [2, 108_400, 108_400, 'limit_side'],
    [2, 108_400, 108_350, 'limit_side'],
  ] as const)('a side %d stop limit with its stop at %d and limit at %d: %s', (side, stop, limit, result) => {
    expect(stopLimitCheck(side, stop, limit)).toBe(result);
  });

  it.each([
    ['buy_stop_limit', 108_600, { bid: 108_580, ask: 108_600 }, true],
    ['buy_stop_limit', 108_600, { bid: 108_579, ask: 108_599 }, false],
    ['sell_stop_limit', 108_400, { bid: 108_400, ask: 108_420 }, true],
    ['sell_stop_limit', 108_400, { bid: 108_401, ask: 108_421 }, false],
  ] as const)('a %s stop at %d triggers on %o: %s', (kind, price, q, triggered) => {
    expect(pendingTriggered(kind, price, q)).toBe(triggered);
  });

  it.each([
    ['buy_stop_limit', true, 'buy_limit'],
    ['sell_stop_limit', true, 'sell_limit'],
  ] as const)('a triggered %s (stop limit: %s) becomes a %s', (kind, isIt, becomes) => {
    expect(isStopLimit(kind)).toBe(isIt);
    expect(stopLimitBecomes(kind)).toBe(becomes);
  });

  it.each(['buy_limit', 'buy_stop', 'sell_limit', 'sell_stop', 'market'])('%s is not a stop limit', (kind) => {
    expect(isStopLimit(kind)).toBe(false);
  });

  it('never places a pending order that triggers at once, unless it is at the market price (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Side>(1, 2),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (side, bid, spread, price) => {
          const q = { bid, ask: askFromBid(bid, spread) };
          expect(pendingTriggered(pendingKind(side, price, q), price, q)).toBe(price === fillPrice(side, q));
        },
      ),
    );
  });

  const market = { bid: 108_480, ask: 108_500 };
  it.each([
    [1, 108_500, 0, 0, 'ok'],
    [1, 108_500, 108_000, 109_000, 'ok'],
    [1, 108_500, 108_479, 0, 'ok'],
    [1, 108_500, 108_490, 0, 'stop_loss_side'], // below entry but not below the bid it would close at
    [1, 108_500, 108_500, 0, 'stop_loss_side'],
    [1, 108_500, -5, 0, 'stop_loss_side'],
    [1, 108_500, 0, 108_400, 'take_profit_side'],
    [1, 108_500, 0, 108_500, 'take_profit_side'],
    [1, 108_500, 108_600, 108_400, 'stop_loss_side'],
    [1, 108_000, 107_500, 108_300, 'take_profit_side'], // buy limit: TP above the order price but below the bid
    [2, 108_480, 109_000, 108_000, 'ok'],
    [2, 108_480, 108_501, 0, 'ok'],
    [2, 108_480, 108_490, 0, 'stop_loss_side'], // above entry but not above the ask it would close at
    [2, 108_480, 0, 108_480, 'take_profit_side'],
    [2, 108_480, 0, 108_490, 'take_profit_side'],
    [2, 108_480, 0, -1, 'take_profit_side'],
  ] as const)('side %d from %d with SL %d and TP %d: %s', (side, reference, stopLoss, takeProfit, verdict) => {
    expect(stopsCheck(side, reference, { stopLoss, takeProfit }, market)).toBe(verdict);
  });
});

describe('margin, fee, P/L and pip value', () => {
  it.each([
    ['1 lot EURUSD at 1.08500, 1:100', EURUSD, '1', 108_500, 100, USD_RATE, '1085'],
    ['1 lot USDJPY at 150.000, 1:100 (rate at the fill price)', USDJPY, '1', 150_000, 100, JPY_AT_150, '1000'],
    ['0.1 lot XAUUSD (100 oz) at 2650.00, 1:100', XAUUSD, '0.1', 265_000, 100, USD_RATE, '265'],
    ['1 lot EURJPY at 162.750, 1:100 via USDJPY 150.000', EURJPY, '1', 162_750, 100, JPY_AT_150, '1085'],
    ['1 lot EURGBP at 0.85000, 1:100 via GBPUSD 1.27000', EURGBP, '1', 85_000, 100, GBP, '1079.5'],
    ['1 GER40 at 19500.0, 1:10 via EURUSD 1.08500', GER40, '1', 195_000, 10, EUR, '2115.75'],
    ['0.01 lot USDJPY at 150.000, 1:30', USDJPY, '0.01', 150_000, 30, JPY_AT_150, '33.333333'],
    ['0.01 lot EURUSD at 1.08507, 1:200', EURUSD, '0.01', 108_507, 200, USD_RATE, '5.42535'],
    ['0.1 lot XAUUSD, fixed margin mode', terms(2, 100, '5', 1), '0.1', 265_000, 100, USD_RATE, '10'],
  ])('margin of %s is %s USD', (_name, t, size, price, leverage, rate, expected) => {
    expect(requiredMargin(t, L(size), price, leverage, rate)).toBe(usd(expected));
  });

  it.each([
    [49, 0n],
    [50, 1n],
    [150, 2n],
    [250, 3n],
  ])('rounds margin half up: 0.0001 lot × 10 units × %d points at 10⁻⁵ is %d micros', (price, expected) => {
    expect(requiredMargin(terms(5, 10), lots(1), price, 1, USD_RATE)).toBe(expected);
  });

  it('refuses a leverage that is not positive', () => {
    expect(() => requiredMargin(EURUSD, L('1'), 108_500, 0, USD_RATE)).toThrow(RangeError);
  });

  it.each([
    ['3 USD per lot, 1 lot', '3', 1, '1', '1085', '3'],
    ['3 USD per lot, 0.01 lot', '3', 1, '0.01', '1085', '0.03'],
    ['3 USD per lot, 2.5 lots', '3', 1, '2.5', '1085', '7.5'],
    ['0.005 USD per lot, 0.0001 lot (half a micro rounds up)', '0.005', 1, '0.0001', '0', '0.000001'],
    ['0.0049 USD per lot, 0.0001 lot', '0.0049', 1, '0.0001', '0', '0'],
    ['0.1 % of 1085 USD margin', '0.001', 2, '1', '1085', '1.085'],
    ['10 % of a 5 micro margin (half rounds up)', '0.1', 2, '1', '0.000005', '0.000001'],
    ['10 % of a 4 micro margin', '0.1', 2, '1', '0.000004', '0'],
    ['10 % of a 15 micro margin', '0.1', 0, '1', '0.000015', '0.000002'],
  ])('fee of %s is %s USD', (_name, rate, feeType, size, margin, expected) => {
    expect(tradeFee(terms(5, 100_000, rate), L(size), usd(margin), feeType)).toBe(usd(expected));
  });

  it.each([
    ['EURUSD long 1 lot 1.08500 → 1.08750', EURUSD, 1, '1', 108_500, 108_750, USD_RATE, '250'],
    ['EURUSD short 1 lot 1.08500 → 1.08750', EURUSD, 2, '1', 108_500, 108_750, USD_RATE, '-250'],
    [
      'USDJPY long 1 lot 150.000 → 151.500 at the exit rate',
      USDJPY,
      1,
      '1',
      150_000,
      151_500,
      { num: 1_000n, den: 151_500n },
      '990.09901',
    ],
    [
      'USDJPY short 1 lot 150.000 → 151.500 at the exit rate',
      USDJPY,
      2,
      '1',
      150_000,
      151_500,
      { num: 1_000n, den: 151_500n },
      '-990.09901',
    ],
    [
      'USDJPY short 1 lot 150.000 → 148.500 at the exit rate',
      USDJPY,
      2,
      '1',
      150_000,
      148_500,
      { num: 1_000n, den: 148_500n },
      '1010.10101',
    ],
    ['EURJPY long 1 lot 162.750 → 163.000 via USDJPY 150.000', EURJPY, 1, '1', 162_750, 163_000, JPY_AT_150, '166.666667'],
    ['EURGBP short 1 lot 0.85000 → 0.84900 via GBPUSD 1.27000', EURGBP, 2, '1', 85_000, 84_900, GBP, '127'],
    ['GER40 short 1 lot 19500.0 → 19450.0 via EURUSD 1.08500', GER40, 2, '1', 195_000, 194_500, EUR, '54.25'],
    ['XAUUSD long 0.1 lot 2650.00 → 2640.00', XAUUSD, 1, '0.1', 265_000, 264_000, USD_RATE, '-100'],
    ['half a micro on a buy rounds away from zero', terms(5, 100), 1, '0.0001', 0, 5, USD_RATE, '0.000001'],
    ['half a micro on a sell rounds away from zero', terms(5, 100), 2, '0.0001', 0, 5, USD_RATE, '-0.000001'],
    ['0.4 micro on a sell rounds to 0', terms(5, 100), 2, '0.0001', 0, 4, USD_RATE, '0'],
  ] as const)('P/L of %s is %s USD', (_name, t, side, size, entry, exit, rate, expected) => {
    expect(profitLoss(t, side, L(size), entry, exit, rate)).toBe(usd(expected));
  });

  it.each([
    [5, 10],
    [3, 10],
    [4, 1],
    [2, 1],
    [1, 1],
    [0, 1],
  ])('a pip at precision %d is %d points', (precision, points) => {
    expect(pipPoints(precision)).toBe(points);
  });

  it.each([
    ['1 lot EURUSD', EURUSD, '1', USD_RATE, '10'],
    ['1 lot USDJPY at 150.000', USDJPY, '1', JPY_AT_150, '6.666667'],
    ['1 lot EURJPY via USDJPY 150.000', EURJPY, '1', JPY_AT_150, '6.666667'],
    ['0.5 lot EURGBP via GBPUSD 1.27000', EURGBP, '0.5', GBP, '6.35'],
    ['1 lot XAUUSD (a pip is 0.01)', XAUUSD, '1', USD_RATE, '1'],
    ['1 GER40 (a pip is 0.1) via EURUSD 1.08500', GER40, '1', EUR, '0.1085'],
  ])('a pip of %s is worth %s USD', (_name, t, size, rate, expected) => {
    expect(pipValue(t, L(size), rate)).toBe(usd(expected));
  });
});

describe('money rules hold for any prices (properties)', () => {
  const termsArb = fc.record({
    precision: fc.integer({ min: 0, max: 6 }),
    contractSize: fc.integer({ min: 1, max: 1_000_000 }),
    marginMode: fc.constantFrom(1, 2),
    feeRate: fc.bigInt({ min: 0n, max: 10n ** 9n }).map((n) => n as TradingTerms['feeRate']),
  });
  const rateArb = fc.record({ num: fc.bigInt({ min: 1n, max: 10n ** 9n }), den: fc.bigInt({ min: 1n, max: 10n ** 9n }) });
  const lotsArb = fc.bigInt({ min: 1n, max: 10n ** 8n }).map(lots);
  const priceArb = fc.integer({ min: 1, max: 1_000_000_000 });

  it('a sell makes exactly what a buy loses, and a round trip at one price makes nothing', () => {
    fc.assert(
      fc.property(termsArb, lotsArb, priceArb, priceArb, rateArb, (t, size, entry, exit, rate) => {
        expect(profitLoss(t, 2, size, entry, exit, rate)).toBe(-profitLoss(t, 1, size, entry, exit, rate));
        expect(profitLoss(t, 1, size, entry, entry, rate)).toBe(0n);
        expect(profitLoss(t, 2, size, exit, exit, rate)).toBe(0n);
      }),
    );
  });

  it('opening and closing on the same quote never makes money', () => {
    fc.assert(
      fc.property(
        termsArb,
        lotsArb,
        priceArb,
        fc.integer({ min: 0, max: 1000 }),
        rateArb,
        fc.constantFrom<Side>(1, 2),
        (t, size, bid, spread, rate, side) => {
          const q = { bid, ask: askFromBid(bid, spread) };
          expect(profitLoss(t, side, size, fillPrice(side, q), closePrice(side, q), rate) <= 0n).toBe(true);
        },
      ),
    );
  });

  it('margin grows with lots and with price, and the fee with margin', () => {
    fc.assert(
      fc.property(
        termsArb,
        lotsArb,
        lotsArb,
        priceArb,
        priceArb,
        fc.integer({ min: 1, max: 1000 }),
        rateArb,
        (t, a, b, p, q, leverage, rate) => {
          const [small, big] = a <= b ? [a, b] : [b, a];
          const [low, high] = p <= q ? [p, q] : [q, p];
          const m = requiredMargin(t, small, low, leverage, rate);
          expect(m <= requiredMargin(t, big, low, leverage, rate)).toBe(true);
          expect(m <= requiredMargin(t, small, high, leverage, rate)).toBe(true);
          expect(m >= 0n).toBe(true);
          expect(tradeFee(t, small, m, 2) <= tradeFee(t, small, requiredMargin(t, big, high, leverage, rate), 2)).toBe(true);
        },
      ),
    );
  });

  it('a one-pip move of a long makes exactly the pip value', () => {
    fc.assert(
      fc.property(termsArb, lotsArb, priceArb, rateArb, (t, size, entry, rate) => {
        expect(profitLoss(t, 1, size, entry, entry + pipPoints(t.precision), rate)).toBe(pipValue(t, size, rate));
      }),
    );
  });
});
