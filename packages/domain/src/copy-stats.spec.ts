import { describe, expect, it } from 'vitest';
import { afterFeeCurve, CURVE_BASE, curveReturn, maxDrawdown, percentText, strategyDays, winRate } from './copy-stats.ts';
import { micros, parseMoney } from './money.ts';

const usd = (s: string) => parseMoney(s);
const DAY = 86_400_000;
const D0 = Date.UTC(2026, 10, 2);
const NO_FEES = { performanceBp: 0, managementBp: 0 };

describe('strategyDays', () => {
  it('opens each day with the balance so far and counts only trading as P/L', () => {
    const days = strategyDays(usd('1000'), D0, D0 + 2 * DAY + 5, [
      { at: D0 + 1000, amount: usd('100'), trading: true },
      { at: D0 + DAY + 10, amount: usd('500'), trading: false }, // a deposit
      { at: D0 + DAY + 20, amount: usd('-50'), trading: true },
    ]);
    expect(days).toEqual([
      { day: D0, opening: usd('1000'), pnl: usd('100') },
      { day: D0 + DAY, opening: usd('1100'), pnl: usd('-50') },
      { day: D0 + 2 * DAY, opening: usd('1550'), pnl: micros(0) },
    ]);
  });
});

describe('afterFeeCurve', () => {
  it('follows the provider’s daily returns, a deposit is no return', () => {
    const days = strategyDays(usd('1000'), D0, D0 + DAY, [
      { at: D0 + 1, amount: usd('100'), trading: true }, // +10 %
      { at: D0 + DAY + 1, amount: usd('1000'), trading: false },
    ]);
    const curve = afterFeeCurve(days, NO_FEES);
    expect(curve.map((p) => p.equity)).toEqual([usd('110'), usd('110')]);
    expect(percentText(curveReturn(curve))).toBe('10.00');
  });

  it('takes the performance fee above the high-water mark as if the follower left now', () => {
    const days = strategyDays(usd('1000'), D0, D0, [{ at: D0 + 1, amount: usd('200'), trading: true }]);
    const curve = afterFeeCurve(days, { performanceBp: 2000, managementBp: 0 });
    // 120 USD, 20 % of the 20 USD gain: 116.
    expect(curve[0]!.equity).toBe(usd('116'));
    expect(percentText(curveReturn(curve))).toBe('16.00');
  });

  it('settles the performance fee at the month’s end and charges only new gains after', () => {
    const end = Date.UTC(2026, 10, 30);
    const days = strategyDays(usd('1000'), end, end + DAY, [
      { at: end + 1, amount: usd('100'), trading: true }, // 110 → fee 2 → 108, mark 108
      { at: end + DAY + 1, amount: usd('-100'), trading: true }, // 108 × (1 − 100/1100)
    ]);
    const curve = afterFeeCurve(days, { performanceBp: 2000, managementBp: 0 });
    expect(curve[0]!.equity).toBe(usd('108'));
    expect(curve[1]!.equity).toBe(usd('108') - (usd('108') * usd('100')) / usd('1100'));
  });

  it('takes the management fee every day', () => {
    const days = strategyDays(usd('1000'), D0, D0 + DAY, []);
    const curve = afterFeeCurve(days, { performanceBp: 0, managementBp: 365 });
    // 3.65 % a year: 0.01 % a day of the stake.
    expect(curve[0]!.equity).toBe(usd('99.99'));
    expect(curve[1]!.equity).toBe(usd('99.99') - (usd('99.99') * 365n) / 3_650_000n);
  });

  it('never goes below zero', () => {
    const days = strategyDays(usd('100'), D0, D0, [{ at: D0 + 1, amount: usd('-300'), trading: true }]);
    expect(afterFeeCurve(days, NO_FEES)[0]!.equity).toBe(0n);
  });
});

describe('figures', () => {
  const curve = [
    { t: D0, equity: usd('120') },
    { t: D0 + DAY, equity: usd('90') },
    { t: D0 + 2 * DAY, equity: usd('130') },
  ];
  it('return since a day, against the point before it', () => {
    expect(percentText(curveReturn(curve))).toBe('30.00');
    expect(percentText(curveReturn(curve, D0 + DAY))).toBe('8.33');
    expect(curveReturn([])).toBe(0n);
  });
  it('max drawdown from a peak (the start counts as one)', () => {
    expect(percentText(maxDrawdown(curve))).toBe('25.00');
    expect(maxDrawdown([{ t: D0, equity: CURVE_BASE }])).toBe(0n);
  });
  it('win rate and percent text', () => {
    expect(percentText(winRate(2, 3))).toBe('66.66');
    expect(percentText(winRate(0, 0))).toBe('0.00');
    expect(percentText(-5n)).toBe('-0.05');
  });
});
