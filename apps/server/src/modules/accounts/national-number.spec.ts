import { describe, expect, it } from 'vitest';
import { nationalNumber } from './sign-in.ts';

describe('a national number as typed at sign-in', () => {
  it.each([
    ['61234567', '61234567'],
    ['6123 4567', '61234567'],
    ['6123-4567', '61234567'],
    ['(6123) 4567', '61234567'],
    ['+852 6123 4567', '61234567'],
    ['+85261234567', '61234567'],
    ['0085261234567', '61234567'],
    ['061234567', '061234567'],
  ])('reads %s as %s in +852', (typed, national) => {
    expect(nationalNumber('852', typed)).toBe(national);
  });

  it('leaves another calling code alone, and refuses what is not a number', () => {
    expect(() => nationalNumber('852', '+8613800000000')).toThrow('err.mobile_invalid');
    expect(() => nationalNumber('852', 'abc')).toThrow('err.mobile_invalid');
  });
});
