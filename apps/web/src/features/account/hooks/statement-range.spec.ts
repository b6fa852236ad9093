import { describe, expect, it } from 'vitest';
import { presetRange, rangeValid } from './statement-range.ts';

describe('statement presets', () => {
  it('this month runs from its first day to today', () => {
    expect(presetRange('this_month', new Date(2026, 2, 17, 23, 59))).toEqual({ from: '2026-03-01', to: '2026-03-17' });
  });

  it('last month is the whole previous month, across a year and in a leap February', () => {
    expect(presetRange('last_month', new Date(2026, 0, 5))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('last_month', new Date(2024, 2, 31))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('asks only for a start on or before the end', () => {
    expect(rangeValid('2026-03-01', '2026-03-01')).toBe(true);
    expect(rangeValid('2026-03-02', '2026-03-01')).toBe(false);
    expect(rangeValid('', '2026-03-01')).toBe(false);
  });
});
