import { describe, expect, it } from 'vitest';
import { copyLeverage, copyLots, copyPart, type CopySizeInput } from './copy-sizing.ts';
import { lots, parseLots } from './lots.ts';
import { parseMoney } from './money.ts';

const rules = { step: parseLots('0.01'), min: parseLots('0.01'), max: parseLots('50') };
const base: CopySizeInput = {
  mode: 'proportional',
  value: '1',
  providerLots: parseLots('1'),
  providerEquity: parseMoney('10000'),
  copyEquity: parseMoney('2500'),
  rules,
};

describe('copyLots', () => {
  it.each([
    // mode, value, provider lots, provider equity, copy equity → lots
    ['proportional', '1', '1', '10000', '2500', '0.25'],
    ['proportional', '0.5', '1', '10000', '2500', '0.12'], // 0.125 rounded down to the step
    ['proportional', '2', '0.3', '9000', '1000', '0.06'], // 0.0666… down
    ['proportional', '1', '2', '1000', '1000', '2'],
    ['fixed_lots', '0.1', '5', '10000', '10', '0.1'],
    ['fixed_lots', '0.057', '1', '10000', '10', '0.05'], // off the step: down to it
    ['multiplier', '1.5', '0.25', '0', '0', '0.37'], // 0.375 down
    ['multiplier', '3', '0.2', '0', '0', '0.6'],
  ] as const)('%s %s of %s lots (equities %s / %s) → %s', (mode, value, provider, pe, ce, expected) => {
    const r = copyLots({
      ...base,
      mode,
      value,
      providerLots: parseLots(provider),
      providerEquity: parseMoney(pe),
      copyEquity: parseMoney(ce),
    });
    expect(r).toEqual({ ok: true, lots: parseLots(expected) });
  });

  it('caps at the largest step multiple not above the maximum', () => {
    expect(copyLots({ ...base, mode: 'multiplier', value: '100' })).toEqual({ ok: true, lots: parseLots('50') });
    const odd = { step: parseLots('0.03'), min: parseLots('0.03'), max: parseLots('1') };
    expect(copyLots({ ...base, mode: 'fixed_lots', value: '5', rules: odd })).toEqual({ ok: true, lots: parseLots('0.99') });
  });

  it('skips below the minimum lot, with the lots reckoned', () => {
    expect(copyLots({ ...base, copyEquity: parseMoney('30') })).toEqual({ ok: false, lots: lots(0), reason: 'below_min_lot' });
    const min = { ...rules, min: parseLots('0.1') };
    expect(copyLots({ ...base, rules: min, mode: 'fixed_lots', value: '0.05' })).toEqual({
      ok: false,
      lots: parseLots('0.05'),
      reason: 'below_min_lot',
    });
  });

  it('skips a proportional copy when either equity is not positive', () => {
    expect(copyLots({ ...base, providerEquity: parseMoney('0') })).toMatchObject({ ok: false, reason: 'below_min_lot' });
    expect(copyLots({ ...base, copyEquity: parseMoney('-5') })).toMatchObject({ ok: false, reason: 'below_min_lot' });
  });

  it('refuses a value that is not a plain decimal', () => {
    expect(() => copyLots({ ...base, value: '1e3' })).toThrow(RangeError);
    expect(() => copyLots({ ...base, value: '-1' })).toThrow(RangeError);
  });

  it('never exceeds provider lots × value in any mode (property over a grid)', () => {
    for (let p = 1; p <= 400; p += 37)
      for (const value of ['0.1', '0.77', '1', '2.5'])
        for (const ce of ['10', '999.99', '5000']) {
          const input = { ...base, value, providerLots: lots(p * 100), copyEquity: parseMoney(ce) };
          for (const mode of ['proportional', 'multiplier'] as const) {
            const r = copyLots({ ...input, mode });
            const bound = (BigInt(p * 100) * BigInt(Math.round(Number(value) * 100))) / 100n;
            expect(r.lots <= bound).toBe(true);
            expect(r.lots % rules.step).toBe(0n);
          }
        }
  });
});

describe('copyPart', () => {
  it('takes the copy’s share of a partial close, rounded down to the step', () => {
    // The provider closes 0.4 of 1 lot; a copy of 0.25 closes 0.1.
    expect(copyPart(parseLots('0.25'), parseLots('0.4'), parseLots('1'), rules)).toEqual({
      kind: 'part',
      lots: parseLots('0.1'),
      whole: false,
    });
    // 0.37 × 0.3 ÷ 1 = 0.111 → 0.11.
    expect(copyPart(parseLots('0.37'), parseLots('0.3'), parseLots('1'), rules)).toMatchObject({ lots: parseLots('0.11') });
  });

  it('skips a share that rounds down to nothing', () => {
    expect(copyPart(parseLots('0.02'), parseLots('0.1'), parseLots('1'), rules)).toEqual({ kind: 'skip', reason: 'below_lot_step' });
  });

  it('closes the copy whole when the rest would fall below the minimum, or the provider closes everything', () => {
    const min = { ...rules, min: parseLots('0.1') };
    expect(copyPart(parseLots('0.3'), parseLots('0.75'), parseLots('1'), min)).toEqual({
      kind: 'part',
      lots: parseLots('0.3'),
      whole: true,
    });
    expect(copyPart(parseLots('0.3'), parseLots('1'), parseLots('1'), rules)).toEqual({
      kind: 'part',
      lots: parseLots('0.3'),
      whole: true,
    });
  });
});

describe('copyLeverage', () => {
  it('keeps the provider’s leverage unless the copy account’s type caps it lower', () => {
    expect(copyLeverage(200, null)).toBe(200);
    expect(copyLeverage(200, 500)).toBe(200);
    expect(copyLeverage(200, 100)).toBe(100);
  });
});
