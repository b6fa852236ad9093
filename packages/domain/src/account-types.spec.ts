import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCOUNT_TERMS,
  accountTermsCheck,
  closingSideOf,
  commissionFor,
  fillingSideOf,
  freeMarginFor,
  leverageAllowed,
  leveragesFor,
  parseCommission,
  publishedLevel,
  reservedAtPlacement,
  typeFee,
  typeQuote,
  typeSwap,
  type AccountTerms,
} from './account-types.ts';
import { lots } from './lots.ts';
import { micros, parseMoney } from './money.ts';
import { closePrice, fillPrice, type Side } from './trading.ts';

const terms = (over: Partial<AccountTerms> = {}): AccountTerms => ({ ...DEFAULT_ACCOUNT_TERMS, ...over });

describe('account types: prices', () => {
  it('the default type (markup 0) sees the published quote itself', () => {
    const q = { bid: 108_500, ask: 108_510 };
    expect(typeQuote(q, 0)).toBe(q);
  });

  it('a markup lowers the bid and raises the ask by its points', () => {
    expect(typeQuote({ bid: 108_500, ask: 108_510 }, 7)).toEqual({ bid: 108_493, ask: 108_517 });
  });

  it('a markup that would take the bid to zero or below leaves no quote', () => {
    expect(typeQuote({ bid: 5, ask: 6 }, 5)).toBeUndefined();
  });

  it('a level on the type quote is reached exactly where the published quote meets the shifted level', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: -300, max: 300 }),
        (bid, spread, markup, s, offset) => {
          const side = s as Side;
          const published = { bid, ask: bid + spread };
          const own = typeQuote(published, markup)!;
          // A long's stop-loss at the own bid + offset; watched on the bid.
          const level = closePrice(side, own) + offset;
          const watch = closingSideOf(side);
          const shifted = publishedLevel(level, watch, markup);
          expect(shifted - published[watch]).toBe(level - own[watch]);
          const fillLevel = fillPrice(side, own) + offset;
          const fwatch = fillingSideOf(side);
          expect(publishedLevel(fillLevel, fwatch, markup) - published[fwatch]).toBe(fillLevel - own[fwatch]);
        },
      ),
    );
  });

  it('no level (0) stays none', () => {
    expect(publishedLevel(0, 'bid', 10)).toBe(0);
  });
});

describe('account types: commission', () => {
  it.each([
    ['1', '3.5', '3.5'],
    ['0.1', '3.5', '0.35'],
    ['0.01', '7', '0.07'],
    ['0.01', '0.000001', '0.000000'], // half of a micro rounds down... exactly 0.0000001 → 0
    ['2.5', '3', '7.5'],
  ])('%s lots at %s USD per lot: %s USD per side', (size, perLot, out) => {
    const [w = '0', f = ''] = size.split('.');
    const l = lots(BigInt(w) * 10_000n + BigInt(f.padEnd(4, '0')));
    expect(commissionFor(l, parseMoney(perLot))).toBe(parseMoney(out));
  });

  it('rounds half up once, in micros', () => {
    // 0.0001 lot × 5 micros = 0.0005 micros → 0; × 5_000 micros per lot = 0.5 micro → 1
    expect(commissionFor(lots(1), micros(5_000))).toBe(micros(1));
    expect(commissionFor(lots(1), micros(4_999))).toBe(micros(0));
  });

  it('is zero without a commission or a size', () => {
    expect(commissionFor(lots(10_000), micros(0))).toBe(micros(0));
    expect(commissionFor(lots(0), micros(3_500_000))).toBe(micros(0));
  });

  it('open and close sides of any split add up to the whole size within a micro per part', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (n, perLot) => {
        const a = commissionFor(lots(n), micros(perLot));
        expect(a >= 0n).toBe(true);
        expect(Number(a)).toBeCloseTo((n * perLot) / 10_000, -0.5);
      }),
    );
  });

  it('parses decimals only', () => {
    expect(parseCommission('3.50')).toBe(micros(3_500_000));
    expect(parseCommission('1e3')).toBeUndefined();
    expect(parseCommission('abc')).toBeUndefined();
  });
});

describe('account types: leverage, fees, swaps, pending margin', () => {
  it('caps the leverage', () => {
    expect(leverageAllowed(500, null)).toBe(true);
    expect(leverageAllowed(100, 100)).toBe(true);
    expect(leverageAllowed(200, 100)).toBe(false);
    expect(leveragesFor([10, 50, 100, 200, 500], 100)).toEqual([10, 50, 100]);
    expect(leveragesFor([10, 500], null)).toEqual([10, 500]);
  });

  it('charges the fee only when the type keeps it', () => {
    expect(typeFee(terms(), micros(10))).toBe(micros(10));
    expect(typeFee(terms({ feeOnMargin: false }), micros(10))).toBe(micros(0));
  });

  it('skips swaps on a swap-free type', () => {
    expect(typeSwap(terms(), micros(-5))).toBe(micros(-5));
    expect(typeSwap(terms({ swapFree: true }), micros(-5))).toBe(micros(0));
  });

  it('reserves a pending order only under reserve', () => {
    expect(reservedAtPlacement('reserve')).toBe(true);
    expect(reservedAtPlacement('on_fill')).toBe(false);
  });
});

describe('account types: free margin per mode', () => {
  const cash = micros(1_000_000_000);
  it.each([
    ['loss_only', 200_000_000, 1_000_000_000],
    ['loss_only', -200_000_000, 800_000_000],
    ['profit_and_loss', 200_000_000, 1_200_000_000],
    ['profit_and_loss', -200_000_000, 800_000_000],
    ['profit_and_loss', -2_000_000_000, 0],
  ] as const)('%s with floating %d → %d', (mode, floating, out) => {
    expect(freeMarginFor(mode, { balance: cash, floating: micros(floating) })).toBe(micros(out));
  });
});

describe('account types: terms check', () => {
  it('accepts the default and a raw-spread type', () => {
    expect(accountTermsCheck(DEFAULT_ACCOUNT_TERMS)).toBe('ok');
    expect(accountTermsCheck(terms({ spreadMarkup: 0, commissionPerLot: micros(3_500_000), maxLeverage: 200 }))).toBe('ok');
  });

  it.each([
    [{ spreadMarkup: -1 }, 'markup_invalid'],
    [{ spreadMarkup: 1.5 }, 'markup_invalid'],
    [{ commissionPerLot: micros(-1) }, 'commission_invalid'],
    [{ commissionPerLot: micros(1_000_000_001) }, 'commission_invalid'],
    [{ maxLeverage: 0 }, 'leverage_invalid'],
    [{ marginCallLevel: 50, stopOutLevel: 50 }, 'levels_invalid'],
    [{ stopOutLevel: 0 }, 'levels_invalid'],
    [{ marginCallLevel: 1_001 }, 'levels_invalid'],
  ] as const)('refuses %o', (over, problem) => {
    expect(accountTermsCheck(terms(over as Partial<AccountTerms>))).toBe(problem);
  });
});
