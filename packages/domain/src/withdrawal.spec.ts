import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRate, RATE_SCALE, type DecimalRate } from './conversion.ts';
import { micros, parseMoney } from './money.ts';
import { checkAmount, depositCredit, withdrawalFee, withdrawalReceived } from './withdrawal.ts';

const usd = parseMoney;

describe('withdrawal', () => {
  it.each([
    ['a fixed 5 USD', 1, '5', '100', '5'],
    ['a fixed 2.5 USD on a smaller amount', 1, '2.5', '1', '2.5'],
    ['1 % of 100 USD', 2, '0.01', '100', '1'],
    ['0.3 % of 0.000167 USD (0.501 micro rounds up)', 2, '0.003', '0.000167', '0.000001'],
    ['0.3 % of 0.000166 USD (0.498 micro rounds down)', 2, '0.003', '0.000166', '0'],
    ['10 % of 5 micros (exactly half rounds up)', 0, '0.1', '0.000005', '0.000001'],
    ['0.25 % of 1234.56 USD', 2, '0.0025', '1234.56', '3.0864'],
  ])('the fee of %s is %s USD', (_name, feeType, drawRate, amount, expected) => {
    expect(withdrawalFee(usd(amount), { feeType, drawRate: parseRate(drawRate) })).toBe(usd(expected));
  });

  it.each([
    ['100 USD less 1 USD in USDT', '100', '1', '1', '99'],
    ['100 USD less 0.5 USD at 7.2345 per USD', '100', '0.5', '7.2345', '719.83'],
    ['10.009999 USD, rounded down not up', '10.009999', '0', '1', '10'],
    ['a fee equal to the amount', '5', '5', '1', '0'],
    ['a fee above the amount', '2', '5', '1', '0'],
    ['a currency with no price', '100', '0', '0', '0'],
  ])('receives for %s: %s', (_name, amount, fee, price, expected) => {
    expect(withdrawalReceived(usd(amount), usd(fee), parseRate(price))).toBe(usd(expected));
  });

  it('pays whole cents, never more than the exact amount and less by under a cent, never negative (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }).map(micros),
        fc.bigInt({ min: 0n, max: 10n ** 12n }).map(micros),
        fc.bigInt({ min: 0n, max: 10n ** 12n }).map((n) => n as DecimalRate),
        (amount, fee, price) => {
          const received = withdrawalReceived(amount, fee, price);
          expect(received >= 0n).toBe(true);
          expect(received % 10_000n).toBe(0n);
          const exactTimesScale = amount > fee ? (amount - fee) * price : 0n; // micros × 10⁸
          expect(received * RATE_SCALE <= exactTimesScale).toBe(true);
          expect(exactTimesScale - received * RATE_SCALE < 10_000n * RATE_SCALE).toBe(true);
        },
      ),
    );
  });
});

describe('depositCredit', () => {
  it('divides by the units one USD buys, rounding down', () => {
    expect(depositCredit(parseMoney('100'), parseRate('1'))).toBe(parseMoney('100'));
    expect(depositCredit(parseMoney('780'), parseRate('7.8'))).toBe(parseMoney('100'));
    // 100 HKD at 7.8: 12.820512820… USD, floored to the micro.
    expect(depositCredit(parseMoney('100'), parseRate('7.8'))).toBe(parseMoney('12.820512'));
    expect(depositCredit(parseMoney('0'), parseRate('1'))).toBe(0n);
  });

  it('never credits more than the amount is worth', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (a, p) => {
        const credit = depositCredit(micros(a), p as DecimalRate);
        expect(credit * p).toBeLessThanOrEqual(a * RATE_SCALE);
        expect((credit + 1n) * p).toBeGreaterThan(a * RATE_SCALE);
      }),
    );
  });
});

describe('checkAmount', () => {
  const rule = { precision: 2, min: parseMoney('10'), max: parseMoney('50000') };
  it('accepts amounts within the rule', () => {
    expect(checkAmount('10', rule)).toEqual({ ok: true, amount: parseMoney('10') });
    expect(checkAmount(' 123.45 ', rule)).toEqual({ ok: true, amount: parseMoney('123.45') });
    expect(checkAmount('123.4500', rule)).toEqual({ ok: true, amount: parseMoney('123.45') });
  });
  it.each([
    ['', 'invalid'],
    ['abc', 'invalid'],
    ['-5', 'invalid'],
    ['1e3', 'invalid'],
    ['0', 'invalid'],
    ['0.00', 'invalid'],
    ['12.345', 'precision'],
    ['9.99', 'below_min'],
    ['50000.01', 'above_max'],
    ['999999999999', 'above_max'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(checkAmount(text, rule)).toEqual({ ok: false, reason });
  });
  it('has no maximum when max is 0', () => {
    expect(checkAmount('999999999999', { ...rule, max: micros(0n) }).ok).toBe(true);
  });
});
