import { describe, expect, it } from 'vitest';
import {
  chargeable,
  equityStopHit,
  firstAccrual,
  managementDaysDue,
  managementFeeForDay,
  performanceFee,
  performanceSettlementDue,
  raisedHighWaterMark,
  utcMonthStart,
} from './copy-fees.ts';
import { micros, parseMoney } from './money.ts';

const usd = (s: string) => parseMoney(s);
const DAY = 86_400_000;

describe('managementFeeForDay: equity × bp ÷ 10000 ÷ 365, rounded down to the micro', () => {
  it.each([
    ['0', 500],
    ['-50', 500],
    ['1000', 0],
  ])('none on %s USD at %i bp', (equity, bp) => {
    expect(managementFeeForDay(usd(equity), bp)).toBe(0n);
  });
  it('is exact on a known figure', () => {
    expect(managementFeeForDay(usd('10000'), 200)).toBe(usd('0.547945'));
    expect(managementFeeForDay(usd('365'), 10_000)).toBe(usd('1'));
  });
});

describe('performanceFee: only on the equity above the high-water mark', () => {
  it.each([
    ['1200', '1000', 2000, '40'],
    ['1000', '1000', 2000, '0'],
    ['900', '1000', 2000, '0'],
    ['1000.000007', '1000', 5000, '0.000003'], // rounded down
    ['1500', '1000', 0, '0'],
  ])('equity %s, mark %s, %i bp → %s', (equity, mark, bp, fee) => {
    expect(performanceFee(usd(equity), usd(mark), bp)).toBe(usd(fee));
  });
});

describe('raisedHighWaterMark', () => {
  it('rises to the equity left after the fee, never falls', () => {
    expect(raisedHighWaterMark(usd('1000'), usd('1200'), usd('40'))).toBe(usd('1160'));
    expect(raisedHighWaterMark(usd('1000'), usd('900'), usd('0'))).toBe(usd('1000'));
  });
});

describe('chargeable', () => {
  it('takes the fee, at most the cash, never below zero', () => {
    expect(chargeable(usd('5'), usd('10'))).toBe(usd('5'));
    expect(chargeable(usd('15'), usd('10'))).toBe(usd('10'));
    expect(chargeable(usd('5'), micros(0))).toBe(0n);
    expect(chargeable(micros(0), usd('10'))).toBe(0n);
  });
});

describe('days and months (UTC)', () => {
  const start = Date.UTC(2026, 10, 18, 14, 0, 0);
  it('a follow accrues from the end of its first day; each whole day once', () => {
    const from = firstAccrual(start);
    expect(from).toBe(Date.UTC(2026, 10, 19));
    expect(managementDaysDue(from, Date.UTC(2026, 10, 19, 23, 59))).toEqual([]);
    expect(managementDaysDue(from, Date.UTC(2026, 10, 20, 0, 0))).toEqual([from]);
    expect(managementDaysDue(from, Date.UTC(2026, 10, 22, 5, 0))).toEqual([from, from + DAY, from + 2 * DAY]);
  });
  it('the performance fee settles on the 1st of each month', () => {
    const settled = utcMonthStart(start);
    expect(settled).toBe(Date.UTC(2026, 10, 1));
    expect(performanceSettlementDue(settled, Date.UTC(2026, 10, 30, 23, 59))).toBe(false);
    expect(performanceSettlementDue(settled, Date.UTC(2026, 11, 1))).toBe(true);
    expect(utcMonthStart(Date.UTC(2027, 0, 15))).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('equityStopHit', () => {
  it.each([
    ['700', '1000', 30, true],
    ['700.000001', '1000', 30, false],
    ['10', '1000', 0, false],
    ['50', '1000', 95, true],
  ])('equity %s of %s with a %i %% stop → %s', (equity, invested, pct, hit) => {
    expect(equityStopHit(usd(equity), usd(invested), pct)).toBe(hit);
  });
});
