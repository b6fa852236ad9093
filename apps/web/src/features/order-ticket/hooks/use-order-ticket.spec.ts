import { describe, expect, it } from 'vitest';
import { cleanDecimal, nudgePrice, plainPrice, priceStep } from './use-order-ticket.ts';

describe('ticket fields', () => {
  it('reads a typed decimal with a comma or stray characters as digits and one point', () => {
    expect(cleanDecimal('1,0850')).toBe('1.0850');
    expect(cleanDecimal('0.0.1')).toBe('0.01');
    expect(cleanDecimal(' 2a5 ')).toBe('25');
    expect(cleanDecimal('-3')).toBe('3');
  });

  it('steps a price by a pip on forex and by the spread where a pip is tiny', () => {
    expect(priceStep({ PricePrecision: 5, Spread: 10, CategoryId: 1 })).toBe(10);
    expect(priceStep({ PricePrecision: 3, Spread: 12, CategoryId: 1 })).toBe(12);
    expect(priceStep({ PricePrecision: 2, Spread: 2000, CategoryId: 5 })).toBe(2000);
    // Without a spread, a pip of the instrument's category (issue 33): a dollar on BTCUSD, an index point on US30.
    expect(priceStep({ PricePrecision: 2, Spread: 0, CategoryId: 5 })).toBe(100);
    expect(priceStep({ PricePrecision: 1, Spread: 0, CategoryId: 4 })).toBe(10);
  });

  it('moves the typed level, or the last close while empty, never below 0', () => {
    expect(nudgePrice('1.08500', -1, 10, 5, 1.2)).toBe('1.08490');
    expect(nudgePrice('', 1, 2000, 2, 95000.5)).toBe('95020.50');
    expect(nudgePrice('0.00010', -1, 100, 5, undefined)).toBe('0.00000');
    expect(plainPrice(95000, 2)).toBe('95000.00');
  });
});
