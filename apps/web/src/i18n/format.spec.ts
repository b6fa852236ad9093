import { describe, expect, it } from 'vitest';
import { formatMoney, regionName } from './format.ts';

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
