import { describe, expect, it } from 'vitest';
import { checkAmount, normalizeAmount, truncateAmount } from './amount-check.ts';

const usdt = { min_amount: '10', max_amount: '100000', precision: 2 };

describe('checkAmount', () => {
  it.each([
    ['', 'wallet.amountRequired'],
    ['   ', 'wallet.amountRequired'],
    ['abc', 'wallet.amountInvalid'],
    ['-5', 'wallet.amountInvalid'],
    ['1e3', 'wallet.amountInvalid'],
    ['0', 'wallet.amountInvalid'],
    ['10.001', 'wallet.amountPrecision'],
    ['9.99', 'wallet.amountMin'],
    ['100000.01', 'wallet.amountMax'],
  ])('refuses %j with %s', (text, key) => {
    const result = checkAmount(text, usdt);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.refusal.key).toBe(key);
  });

  it.each([
    ['10', '10'],
    ['10.5', '10.5'],
    [' 100000 ', '100000'],
    ['25,75', '25.75'],
  ])('accepts %j as %s', (text, amount) => {
    expect(checkAmount(text, usdt)).toEqual({ ok: true, amount });
  });

  it('compares exactly, without floats', () => {
    const btc = { min_amount: '0.0001', max_amount: '0', precision: 8 };
    expect(checkAmount('0.00009999', btc).ok).toBe(false);
    expect(checkAmount('0.0001', btc).ok).toBe(true);
    // max 0 means no maximum
    expect(checkAmount('123456789.12345678', btc).ok).toBe(true);
    expect(checkAmount('0.3', { min_amount: '0.1', max_amount: '0.3', precision: 1 }).ok).toBe(true);
  });

  it('names the limit it broke', () => {
    expect(checkAmount('5', usdt)).toEqual({ ok: false, refusal: { key: 'wallet.amountMin', values: { min: '10' } } });
    expect(checkAmount('1.234', { ...usdt, min_amount: '0' })).toEqual({
      ok: false,
      refusal: { key: 'wallet.amountPrecision', values: { digits: 2 } },
    });
  });

  it('keeps a withdrawal within the free balance', () => {
    expect(checkAmount('50.01', usdt, '50.00')).toEqual({
      ok: false,
      refusal: { key: 'withdraw.overBalance', values: { balance: '50.00' } },
    });
    expect(checkAmount('50', usdt, '50.00').ok).toBe(true);
  });
});

describe('normalizeAmount', () => {
  it('reads a lone decimal comma as a point and drops spaces', () => {
    expect(normalizeAmount(' 1 000,5 ')).toBe('1000.5');
    expect(normalizeAmount('1.5')).toBe('1.5');
  });
});

describe('truncateAmount', () => {
  it.each([
    ['123.456', 2, '123.45'],
    ['123.999', 0, '123'],
    ['50.00', 2, '50'],
    ['0.10', 2, '0.1'],
    ['x', 2, ''],
  ])('%s at %i → %s', (text, precision, expected) => {
    expect(truncateAmount(text, precision)).toBe(expected);
  });
});
