import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRate, USD_RATE, type Rate } from './conversion.ts';
import { lots, parseLots } from './lots.ts';
import { micros, parseMoney } from './money.ts';
import { equity, freeMargin, isMarginCall, isStopOut, marginLevel, marginLevelHundredths, stopOutPrice } from './risk.ts';
import { profitLoss, type Side, type TradingTerms } from './trading.ts';

const usd = parseMoney;
const EURUSD: TradingTerms = { precision: 5, contractSize: 100_000, marginMode: 2, feeRate: parseRate('3') };
const USDJPY: TradingTerms = { precision: 3, contractSize: 100_000, marginMode: 2, feeRate: parseRate('3') };

describe('account figures', () => {
  it('counts the margin held back into equity', () => {
    // 10,000 USD deposited, 1 lot EURUSD opened (1085 margin), now 50 USD down.
    expect(equity({ balance: usd('8915'), usedMargin: usd('1085'), floating: usd('-50') })).toBe(usd('9950'));
    expect(equity({ balance: usd('100000'), usedMargin: usd('0'), floating: usd('0') })).toBe(usd('100000'));
  });

  it.each([
    ['1000', '1000', 100, 10_000n],
    ['99950', '1085', 9211.98, 921_198n],
    ['542.5', '1085', 50, 5_000n],
    ['0.000002', '0.000003', 66.66, 6_666n],
    ['-10', '1000', -1, -100n],
    ['-0.000001', '3', -0.01, -1n],
    ['100000', '0', 0, 0n],
  ])('equity %s USD on %s USD margin is a level of %d %% (rounded toward −∞)', (eq, used, level, hundredths) => {
    expect(marginLevel(usd(eq), usd(used))).toBe(level);
    expect(marginLevelHundredths(usd(eq), usd(used))).toBe(hundredths);
  });

  it.each([
    [0, false, false],
    [150, false, false],
    [100.01, false, false],
    [100, true, false],
    [50.01, true, false],
    [50, true, true],
    [49.99, true, true],
    [-1, true, true],
  ])('at a level of %d %% margin call is %s and stop-out is %s', (level, call, stopOut) => {
    expect(isMarginCall(level)).toBe(call);
    expect(isStopOut(level)).toBe(stopOut);
  });

  it.each([
    ['1000', '1000', true, false],
    ['1000.000001', '1000', false, false],
    ['500', '1000', true, true],
    ['500.000001', '1000', true, false],
    ['0', '1000', true, true],
    ['-5', '1000', true, true],
    ['0', '0', false, false],
    ['100000', '0', false, false],
  ])('with equity %s on %s margin, margin call is %s and stop-out %s, exactly', (eq, used, call, stopOut) => {
    const state = { equity: usd(eq), usedMargin: usd(used) };
    expect(isMarginCall(state)).toBe(call);
    expect(isStopOut(state)).toBe(stopOut);
  });

  it('documents where the 2-decimal level differs from the exact comparison', () => {
    // 50.0000001 %: rounded down to 50.00, the level form fires a hair early; the exact form does not.
    expect(isStopOut(marginLevel(usd('500.000001'), usd('1000')))).toBe(true);
    expect(isStopOut({ equity: usd('500.000001'), usedMargin: usd('1000') })).toBe(false);
    // Equity exactly 0 with positions open: the level form reads "nothing open", the exact form stops out.
    expect(isStopOut(marginLevel(usd('0'), usd('1000')))).toBe(false);
    expect(isStopOut({ equity: usd('0'), usedMargin: usd('1000') })).toBe(true);
  });

  it('takes configured thresholds', () => {
    expect(isMarginCall(120, 150)).toBe(true);
    expect(isStopOut(30, 20)).toBe(false);
    expect(isStopOut({ equity: usd('199.9'), usedMargin: usd('1000') }, 20)).toBe(true);
  });
});

describe('stop-out price', () => {
  const eur = (side: Side, size: string, closePrice = 108_500) => ({ side, lots: parseLots(size), closePrice });
  const account = (eq: string, used: string) => ({ equity: usd(eq), usedMargin: usd(used) });
  it.each([
    ['a long EURUSD 1 lot, equity 10,000, margin 1085', eur(1, '1'), EURUSD, USD_RATE, account('10000', '1085'), 50, 99_043],
    ['a short EURUSD 1 lot, same account', eur(2, '1'), EURUSD, USD_RATE, account('10000', '1085'), 50, 117_957],
    ['a long EURUSD 1 lot, stop-out at 100 %', eur(1, '1'), EURUSD, USD_RATE, account('10000', '1085'), 100, 99_585],
    ['an account already below stop-out', eur(1, '1'), EURUSD, USD_RATE, account('500', '1085'), 50, 108_500],
    ['a long 0.01 lot that cannot lose enough', eur(1, '0.01'), EURUSD, USD_RATE, account('100000', '10.85'), 50, null],
    ['a short 0.01 lot with the same account', eur(2, '0.01'), EURUSD, USD_RATE, account('100000', '10.85'), 50, 10_107_957],
    ['an account with nothing open', eur(1, '1'), EURUSD, USD_RATE, account('10000', '0'), 50, null],
    [
      'a long USDJPY 1 lot at 150.000, rate held at 1/150',
      { side: 1 as const, lots: parseLots('1'), closePrice: 150_000 },
      USDJPY,
      { num: 1_000n, den: 150_000n },
      account('2000', '1000'),
      50,
      147_750,
    ],
  ])('for %s is %s', (_name, position, terms, rate, acct, level, expected) => {
    expect(stopOutPrice(position, terms, rate, acct, level)).toBe(expected);
  });

  it('lands within one point of the stop-out level, on the near side (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          precision: fc.integer({ min: 0, max: 6 }),
          contractSize: fc.integer({ min: 1, max: 1_000_000 }),
          marginMode: fc.constant(2),
          feeRate: fc.constant(parseRate('0')),
        }),
        fc.constantFrom<Side>(1, 2),
        fc.bigInt({ min: 1n, max: 1_000_000n }).map(lots),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.record({ num: fc.bigInt({ min: 1n, max: 10n ** 9n }), den: fc.bigInt({ min: 1n, max: 10n ** 9n }) }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }).map(micros),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 13n }).map(micros),
        fc.integer({ min: 1, max: 20_000 }).map((h) => h / 100),
        (terms, side, size, close, rate: Rate, usedMargin, eq, level) => {
          const price = stopOutPrice({ side, lots: size, closePrice: close }, terms, rate, { equity: eq, usedMargin }, level);
          const target = BigInt(Math.round(level * 100)) * usedMargin; // stop-out equity × 10⁴, in micros
          const equityAt = (p: number) => (eq + profitLoss(terms, side, size, close, p, rate)) * 10_000n;
          const slack = 10_000n; // one micro of rounding in profitLoss
          if (eq * 10_000n <= target) {
            expect(price).toBe(close);
          } else if (price === null) {
            // Out of reach: a long stays above stop-out even at a price of 0, a short even at the largest safe integer.
            expect(equityAt(side === 1 ? 0 : Number.MAX_SAFE_INTEGER) + slack > target).toBe(true);
          } else {
            const beyond = side === 1 ? price - 1 : price + 1;
            expect(equityAt(price) + slack >= target).toBe(true);
            expect(equityAt(beyond) - slack < target).toBe(true);
            expect(side === 1 ? price <= close : price >= close).toBe(true);
          }
        },
      ),
    );
  });
});

describe('freeMargin', () => {
  it.each([
    // balance, floating, free margin: a loss is taken off, a profit is not spendable, never below zero.
    ['1000', '0', '1000'],
    ['1000', '-250', '750'],
    ['1000', '400', '1000'],
    ['100', '-250', '0'],
    ['0', '0', '0'],
    ['0', '12.5', '0'],
    ['8915', '-50', '8865'],
    ['0.000003', '-0.000002', '0.000001'],
    ['250', '-250', '0'],
  ])('balance %s USD with %s USD floating leaves %s USD free', (balance, floating, free) => {
    expect(freeMargin({ balance: usd(balance), floating: usd(floating) })).toBe(usd(free));
  });

  it('is equity less used margin less any floating profit', () => {
    const account = { balance: usd('8915'), usedMargin: usd('1085'), floating: usd('120') };
    expect(freeMargin(account)).toBe(micros(equity(account) - account.usedMargin - account.floating));
  });
});
