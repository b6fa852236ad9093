import { describe, expect, it } from 'vitest';
import { decimalTimes100, feeTerms } from './fee-terms.ts';

describe('the fee with its unit (DESIGN §17)', () => {
  it.each([
    ['0.001', '0.1'],
    ['0.25', '25'],
    ['3', '300'],
    ['0.0005', '0.05'],
    ['0', '0'],
    ['1.5', '150'],
    ['abc', '0'],
  ])('%s as a percent is %s', (rate, percent) => {
    expect(decimalTimes100(rate)).toBe(percent);
  });

  it('is USD per lot under trade_fee_type 1 (and when not known yet), a share of margin under 2', () => {
    expect(feeTerms('3', 1)).toEqual({ unit: 'usd_per_lot', amount: '3' });
    expect(feeTerms('3', undefined)).toEqual({ unit: 'usd_per_lot', amount: '3' });
    expect(feeTerms('0.001', 2)).toEqual({ unit: 'percent_of_margin', percent: '0.1' });
  });
});
