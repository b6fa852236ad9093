import { describe, expect, it } from 'vitest';
import {
  basisPoints,
  checkFollow,
  followableCash,
  normalizeDecimal,
  yearlyManagementFee,
  type FollowDraft,
} from './follow-form.ts';

const draft = (over: Partial<FollowDraft> = {}): FollowDraft => ({
  amount: '500',
  mode: 'proportional',
  value: '1',
  equityStop: '',
  ...over,
});
const limits = { min: '100.00', available: '1000.00' };

describe('checkFollow', () => {
  it('passes a good draft and sends its normalised values', () => {
    expect(checkFollow(draft({ amount: ' 250,5 ', equityStop: '30' }), limits)).toEqual({
      params: { amount: '250.5', mode: 'proportional', value: '1', equity_stop_percent: 30 },
    });
  });

  it.each([
    ['', 'copy.follow.amountRequired'],
    ['abc', 'copy.follow.amountInvalid'],
    ['0', 'copy.follow.amountInvalid'],
    ['10.123', 'copy.follow.amountInvalid'],
    ['99.99', 'copy.follow.belowMin'],
    ['1000.01', 'copy.follow.aboveCash'],
  ])('refuses the amount %j with %s', (amount, key) => {
    const check = checkFollow(draft({ amount }), limits);
    expect(check.amount?.key).toBe(key);
    expect(check.params).toBeUndefined();
  });

  it('takes exactly the minimum and exactly the available cash', () => {
    expect(checkFollow(draft({ amount: '100' }), limits).params).toBeDefined();
    expect(checkFollow(draft({ amount: '1000.00' }), limits).params).toBeDefined();
  });

  it.each([
    ['fixed_lots', '0', false],
    ['fixed_lots', '0.01', true],
    ['fixed_lots', '0.001', false],
    ['fixed_lots', '100', true],
    ['fixed_lots', '100.01', false],
    ['multiplier', '2.5', true],
    ['multiplier', '', false],
    ['proportional', '10', true],
    ['proportional', '11', false],
  ] as const)('checks a %s value of %j (ok: %s)', (mode, value, ok) => {
    const check = checkFollow(draft({ mode, value }), limits);
    expect(check.value === undefined).toBe(ok);
    if (!ok) expect(check.value?.key).toBe(`copy.mode.${mode}.invalid`);
  });

  it.each([
    ['', 0],
    ['0', 0],
    ['95', 95],
  ])('takes an equity stop of %j as %i', (equityStop, sent) => {
    expect(checkFollow(draft({ equityStop }), limits).params?.equity_stop_percent).toBe(sent);
  });

  it.each(['96', '-1', '12.5', 'x'])('refuses an equity stop of %j', (equityStop) => {
    expect(checkFollow(draft({ equityStop }), limits).equityStop?.key).toBe('copy.follow.stopInvalid');
  });
});

describe('money helpers', () => {
  it('normalises a decimal comma and spaces', () => {
    expect(normalizeDecimal(' 1 000,25 ')).toBe('1000.25');
  });

  it('offers the smaller of cash and free margin, never below zero', () => {
    expect(followableCash('800.00', '650.25')).toBe('650.25');
    expect(followableCash('800.00', '900.00')).toBe('800.00');
    expect(followableCash('800.00', '-20.00')).toBe('0.00');
  });

  it('reads percentages as basis points exactly', () => {
    expect(basisPoints('2')).toBe(200);
    expect(basisPoints('1.5')).toBe(150);
    expect(basisPoints('0.05')).toBe(5);
    expect(basisPoints('x')).toBe(0);
  });

  it('estimates a year of management fee, rounded down to the cent', () => {
    // 1,234.56 × 1.5 % = 18.5184 → 18.51
    expect(yearlyManagementFee('1234.56', '1.5')).toBe(18_510_000n);
    expect(yearlyManagementFee('oops', '1.5')).toBeNull();
  });
});
