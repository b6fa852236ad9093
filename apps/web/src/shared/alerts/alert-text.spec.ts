import { describe, expect, it } from 'vitest';
import { alertPriceProblem, startPrice } from './alert-text.ts';

describe('alert prices', () => {
  it.each([
    ['1.08500', 5, null],
    ['1,085', 5, null],
    ['1.085000', 5, null],
    ['1.085001', 5, 'digits'],
    ['', 5, 'empty'],
    ['0', 2, 'invalid'],
    ['-1', 2, 'invalid'],
    ['abc', 2, 'invalid'],
    ['95000', 2, null],
  ] as const)('%s at %i digits: %s', (text, precision, problem) => {
    expect(alertPriceProblem(text, precision)).toBe(problem);
  });

  it('starts at the bid written with the instrument’s digits', () => {
    expect(startPrice(1.085, 5)).toBe('1.08500');
    expect(startPrice(undefined, 5)).toBe('');
  });
});
