import { describe, expect, it } from 'vitest';
import {
  directionOf,
  formatCount,
  formatDate,
  formatMoney,
  formatPercent,
  formatPercentValue,
  formatPrice,
  formatQuantity,
  formatSignedDecimal,
  parseServerTime,
  regionName,
} from './format.ts';

describe('formatMoney', () => {
  it('uses the language conventions and 2 decimals', () => {
    expect(formatMoney('100000.5', 'en')).toBe('100,000.50');
    expect(formatMoney('100000.5', 'de')).toBe('100.000,50');
    expect(formatMoney(12.345, 'en')).toBe('12.35');
  });
  it('keeps large string amounts exact', () => {
    expect(formatMoney('12345678901234567.89', 'en')).toBe('12,345,678,901,234,567.89');
  });
  it('shows a dash for garbage', () => {
    expect(formatMoney('abc', 'en')).toBe('--');
  });
});

describe('regionName', () => {
  it('names regions in the reader language, falling back to the server name', () => {
    expect(regionName('HK', 'en', 'x')).toBe('Hong Kong SAR China');
    expect(regionName('de', 'de', 'x')).toBe('Deutschland');
    expect(regionName('AA', 'en', 'Somewhere')).toBe('Somewhere');
  });
});

describe('formatPrice', () => {
  it('keeps the instrument precision exactly, padding and rounding', () => {
    expect(formatPrice(1.0834, 5, 'en')).toBe('1.08340');
    expect(formatPrice(1.083456, 5, 'en')).toBe('1.08346');
    expect(formatPrice(151.2, 3, 'en')).toBe('151.200');
    expect(formatPrice(2345.6, 2, 'en')).toBe('2,345.60');
    expect(formatPrice(64000, 0, 'en')).toBe('64,000');
  });
  it('uses the language separators with Latin digits', () => {
    expect(formatPrice(2345.6, 2, 'de')).toBe('2.345,60');
    expect(formatPrice(1.0834, 5, 'fr')).toBe('1,08340');
    expect(formatPrice(2345.6, 2, 'ar')).toMatch(/^[\d,.\u200e\u200f\u061c]+$/);
    expect(formatPrice(2345.6, 2, 'ar').replace(/[^\d]/g, '')).toBe('234560');
    expect(formatPrice(1.5, 2, 'hk')).toBe('1.50');
  });
  it('shows a dash for a missing price', () => {
    expect(formatPrice(null, 5, 'en')).toBe('--');
    expect(formatPrice(Number.NaN, 5, 'en')).toBe('--');
  });
});

describe('formatPercent', () => {
  it('signs the change, with 2 decimals, in the language percent style', () => {
    expect(formatPercent(0.25, 'en')).toBe('+0.25%');
    expect(formatPercent(-1.3, 'en')).toBe('-1.30%');
    expect(formatPercent(0, 'en')).toBe('0.00%');
    expect(formatPercent(0.25, 'de')).toBe('+0,25\u00a0%');
    expect(formatPercent(-1.3, 'tr')).toBe('-%1,30');
    expect(formatPercent(12.34, 'ar').replace(/[^\d+.]/g, '')).toBe('+12.34');
  });
  it('shows a dash for a missing change', () => {
    expect(formatPercent(undefined, 'en')).toBe('--');
  });
});

describe('directionOf', () => {
  it('is flat for changes that round to zero', () => {
    expect(directionOf(0.004)).toBe(0);
    expect(directionOf(0.01)).toBe(1);
    expect(directionOf(-0.2)).toBe(-1);
    expect(directionOf(null)).toBe(0);
  });
});

describe('formatPercentValue', () => {
  it('shows a margin level unsigned in the language style', () => {
    expect(formatPercentValue(152.3, 'en')).toBe('152.30%');
    expect(formatPercentValue(12345.678, 'de')).toBe('12.345,68\u00a0%');
    expect(formatPercentValue(undefined, 'en')).toBe('--');
  });
});

describe('formatQuantity', () => {
  it('keeps the decimals a lot size carries, in the language style', () => {
    expect(formatQuantity('0.05', 'de')).toBe('0,05');
    expect(formatQuantity('10', 'en')).toBe('10');
    expect(formatQuantity('1250.5', 'en')).toBe('1,250.5');
    expect(formatQuantity('abc', 'en')).toBe('--');
  });
});

describe('formatDate', () => {
  it('reads the server time format and writes the date in the reader language', () => {
    expect(formatDate('2026-11-22 13:33:26', 'en')).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-22 13:33:26', 'de')).toBe('22.11.2026');
    expect(formatDate('2026-11-22T13:33:26', 'hk')).toBe('2026年11月22日');
  });
  it('shows a dash for garbage', () => {
    expect(formatDate('yesterday', 'en')).toBe('--');
    expect(parseServerTime('')).toBeNull();
  });
});

describe('formatCount', () => {
  it('groups digits in the reader language', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345, 'de')).toBe('12.345');
  });
});

describe('formatSignedDecimal', () => {
  it('signs gains and losses but not zero', () => {
    expect(formatSignedDecimal('1234.5', 'en')).toBe('+1,234.50');
    expect(formatSignedDecimal('-210', 'de')).toBe('-210,00');
    expect(formatSignedDecimal('0', 'en')).toBe('0.00');
    expect(formatSignedDecimal('x', 'en')).toBe('--');
  });
});
