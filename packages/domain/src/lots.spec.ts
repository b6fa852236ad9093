import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canStepDown, canStepUp, formatLots, lots, lotsCheck, lotsRange, parseLots, stepLots, type Lots } from './lots.ts';

const L = (text: string): Lots => parseLots(text);

describe('lots', () => {
  it.each([
    ['0.01', 100n],
    ['1', 10_000n],
    ['2.5', 25_000n],
    ['0.0001', 1n],
    ['0', 0n],
    ['00.10', 1_000n],
    [' 1.5 ', 15_000n],
    ['999999999.9999', 9_999_999_999_999n],
  ])('parses %j as %d ten-thousandths of a lot', (text, expected) => {
    expect(parseLots(text)).toBe(expected);
  });

  it.each(['', ' ', 'NaN', 'Infinity', '1e3', '-1', '+1', '.5', '1.', '0.00001', '1234567890', '1,5', '0x10', '1 000'])(
    'refuses %j',
    (text) => {
      expect(() => parseLots(text)).toThrow(RangeError);
    },
  );

  it.each([
    [100n, '0.01'],
    [10_000n, '1'],
    [25_000n, '2.5'],
    [12_345n, '1.2345'],
    [1n, '0.0001'],
    [0n, '0'],
    [1_000_000n, '100'],
  ])('formats %d as %s with the fewest decimals', (value, text) => {
    expect(formatLots(lots(value))).toBe(text);
  });

  it('round-trips every size through text (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9_999_999_999_999n }), (n) => {
        expect(parseLots(formatLots(lots(n)))).toBe(n);
      }),
    );
  });

  const forex = { step: L('0.01'), min: L('0.01'), max: L('100') };
  const index = { step: L('0.1'), min: L('0.5'), max: L('50') };
  it.each([
    ['1.23', forex, 'ok'],
    ['0.01', forex, 'ok'],
    ['100', forex, 'ok'],
    ['0', forex, 'not_positive'],
    ['0.005', forex, 'below_min'],
    ['100.01', forex, 'above_max'],
    ['0.015', forex, 'off_step'],
    ['0.4', index, 'below_min'],
    ['0.55', index, 'off_step'],
    ['0.5', index, 'ok'],
    ['50.1', index, 'above_max'],
  ] as const)('checks %s lots against %o as %s', (text, rules, verdict) => {
    expect(lotsCheck(L(text), rules)).toBe(verdict);
  });

  it('refuses rules with a step that is not positive', () => {
    expect(() => lotsCheck(L('1'), { step: lots(0), min: L('0.01'), max: L('1') })).toThrow(RangeError);
  });

  it.each([
    ['0.01', 1, '0.02'],
    ['0.02', -1, '0.01'],
    ['0.01', -1, '0.01'],
    ['0', 1, '0.01'],
    ['0.015', 1, '0.02'],
    ['0.015', -1, '0.01'],
    ['99.99', 1, '100'],
    ['100', 1, '100'],
    ['150', -1, '100'],
    ['150', 1, '100'],
    ['0.005', -1, '0.01'],
  ] as const)('steps %s lots by %d to %s (step 0.01, 0.01 to 100)', (from, dir, to) => {
    expect(formatLots(stepLots(L(from), L('0.01'), dir, { min: L('0.01'), max: L('100') }))).toBe(to);
  });

  it('steps only onto multiples of step inside the range when min and max are off-step', () => {
    const limits = { min: L('0.05'), max: L('0.95') };
    expect(lotsRange({ step: L('0.1'), ...limits })).toEqual({ min: L('0.1'), max: L('0.9') });
    expect(formatLots(stepLots(L('0'), L('0.1'), 1, limits))).toBe('0.1');
    expect(formatLots(stepLots(L('0.9'), L('0.1'), 1, limits))).toBe('0.9');
    expect(() => stepLots(L('1'), L('0.1'), 1, { min: L('0.5'), max: L('0.45') })).toThrow(RangeError);
    expect(lotsRange({ step: L('0.1'), min: L('0.5'), max: L('0.45') })).toBeNull();
  });

  it.each([
    ['0.02', '0.01', '0.01', true],
    ['0.01', '0.01', '0.01', false],
    ['0.01', '0.01', '0', false],
    ['0.1', '0.01', '0.1', false],
    ['0.11', '0.01', '0.1', true],
    ['0.015', '0.01', '0.01', true],
    ['0', '0.01', '0', false],
  ])('the minus at %s lots (step %s, min %s) is enabled: %s', (size, step, min, enabled) => {
    expect(canStepDown(L(size), L(step), L(min))).toBe(enabled);
  });

  it.each([
    ['99.99', '0.01', '100', true],
    ['100', '0.01', '100', false],
    ['0.9', '0.1', '0.95', false],
    ['0.85', '0.1', '0.95', true],
  ])('the plus at %s lots (step %s, max %s) is enabled: %s', (size, step, max, enabled) => {
    expect(canStepUp(L(size), L(step), L(max))).toBe(enabled);
  });

  /** Rules that admit at least one size: min ≤ k1·step, max ≥ (k1 + k2)·step. */
  const rulesArb = fc
    .record({
      step: fc.bigInt({ min: 1n, max: 10_000n }),
      k1: fc.bigInt({ min: 1n, max: 100n }),
      k2: fc.bigInt({ min: 0n, max: 100n }),
      below: fc.bigInt({ min: 0n, max: 9_999n }),
      above: fc.bigInt({ min: 0n, max: 9_999n }),
    })
    .map(({ step, k1, k2, below, above }) => ({
      step: lots(step),
      min: lots(step * k1 - (below % step)),
      max: lots(step * (k1 + k2) + (above % step)),
    }));

  it('always steps to a valid size, and the buttons are enabled exactly when a step changes the size (property)', () => {
    fc.assert(
      fc.property(
        rulesArb,
        fc.bigInt({ min: 0n, max: 2_500_000n }),
        fc.constantFrom(1 as const, -1 as const),
        (rules, n, dir) => {
          const size = lots(n);
          const next = stepLots(size, rules.step, dir, rules);
          expect(lotsCheck(next, rules)).toBe('ok');
          if (dir === 1) expect(next > size).toBe(canStepUp(size, rules.step, rules.max));
          else expect(next < size).toBe(canStepDown(size, rules.step, rules.min));
        },
      ),
    );
  });
});
