import { describe, expect, it } from 'vitest';
import { formatMoney, micros, microsToStorage, parseMoney, roundMicros, sumMicros } from './money.ts';

describe('money in micros', () => {
  it.each([
    ['100000', 100_000_000_000n],
    ['0.000001', 1n],
    ['-12.5', -12_500_000n],
    [' 7.25 ', 7_250_000n],
  ])('parses %s exactly', (text, expected) => {
    expect(parseMoney(text)).toBe(expected);
  });

  it.each(['', '1.0000001', '1e5', 'abc', '1,5', '--1', '.5'])('refuses %j', (text) => {
    expect(() => parseMoney(text)).toThrow(RangeError);
  });

  it.each([
    [1_005_000n, 2, '1.01'],
    [1_004_999n, 2, '1.00'],
    [-1_005_000n, 2, '-1.01'],
    [-4_000n, 2, '0.00'],
    [123_456_789n, 6, '123.456789'],
    [100_000_000_000n, 2, '100000.00'],
  ])('formats %d micros to %d places as %s', (value, places, text) => {
    expect(formatMoney(micros(value), places)).toBe(text);
  });

  it('rounds half away from zero', () => {
    expect(roundMicros(micros(2_500_000n), 0)).toBe(3_000_000n);
    expect(roundMicros(micros(-2_500_000n), 0)).toBe(-3_000_000n);
  });

  it('sums without losing a micro where floats would', () => {
    const tenCents = parseMoney('0.1');
    const total = sumMicros(Array.from({ length: 10 }, () => tenCents));
    expect(formatMoney(total, 6)).toBe('1.000000');
    const floats = [0.1, 0.2].reduce((a, b) => a + b, 0);
    expect(floats).not.toBe(0.3);
    expect(formatMoney(sumMicros([parseMoney('0.1'), parseMoney('0.2')]), 6)).toBe('0.300000');
  });

  it('refuses to store an amount beyond exact integer range', () => {
    expect(() => microsToStorage(micros(2n ** 60n))).toThrow(RangeError);
    expect(microsToStorage(micros(-5n))).toBe(-5);
  });
});
