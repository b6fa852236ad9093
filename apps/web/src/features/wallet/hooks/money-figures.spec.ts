import { describe, expect, it } from 'vitest';
import { depositCreditUsd, trimDecimals, withdrawalFigures } from './money-figures.ts';

describe('withdrawalFigures', () => {
  const trc20 = { fee_type: 1, draw_rate: '1', usd_price: '1' };
  const percent = { fee_type: 2, draw_rate: '0.005', usd_price: '0.92' };

  it('takes a fixed fee off a USDT withdrawal', () => {
    expect(withdrawalFigures('100', trc20)).toEqual({ fee: '1.00', received: '99.00' });
  });

  it('never receives less than nothing', () => {
    expect(withdrawalFigures('0.5', trc20)).toEqual({ fee: '1.00', received: '0.00' });
  });

  it('takes a rate fee and converts, rounding the received amount down to cents', () => {
    // fee 0.5 % of 10.01 = 0.05005; (10.01 − 0.05005) × 0.92 = 9.163154 → 9.16
    expect(withdrawalFigures('10.01', percent)).toEqual({ fee: '0.05005', received: '9.16' });
  });

  it('is null while the amount is not a number', () => {
    expect(withdrawalFigures('', trc20)).toBeNull();
    expect(withdrawalFigures('1.2.3', trc20)).toBeNull();
    expect(withdrawalFigures('0', trc20)).toBeNull();
  });
});

describe('depositCreditUsd', () => {
  it('divides by the units one USD buys', () => {
    expect(depositCreditUsd('100', '1')).toBe('100.00');
    expect(depositCreditUsd('0.01', '0.00001')).toBe('1000.00');
    expect(depositCreditUsd('', '1')).toBeNull();
  });
});

describe('trimDecimals', () => {
  it('keeps two decimals at least', () => {
    expect(trimDecimals('1.000000')).toBe('1.00');
    expect(trimDecimals('0.050050')).toBe('0.05005');
  });
});
