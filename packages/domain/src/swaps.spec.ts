import { describe, expect, it } from 'vitest';
import { lots, parseLots } from './lots.ts';
import { micros, parseMoney } from './money.ts';
import {
  lastRollover,
  nextRollover,
  rolloverOn,
  rolloversBetween,
  swapCharge,
  swapNights,
  swapRateFor,
  tripleDayOk,
} from './swaps.ts';

const utc = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('the 17:00 New York rollover', () => {
  it('is at 22:00 UTC in winter and 21:00 UTC in summer', () => {
    expect(iso(rolloverOn('2026-01-14')!.at)).toBe('2026-01-14T22:00:00.000Z');
    expect(iso(rolloverOn('2026-07-15')!.at)).toBe('2026-07-15T21:00:00.000Z');
    expect(rolloverOn('2026-07-15')!.weekday).toBe(3);
    expect(rolloverOn('2026-02-30')).toBeUndefined();
    expect(rolloverOn('15/07/2026')).toBeUndefined();
  });

  it('follows the clocks across the week they spring forward (8 March 2026)', () => {
    // Friday 6 March 17:00 EST, then no weekend rollover, then Monday 9 March 17:00 EDT.
    const friday = utc('2026-03-06T22:00:00Z');
    expect(lastRollover(friday)).toEqual({ day: '2026-03-06', weekday: 5, at: friday });
    expect(lastRollover(friday - 1).day).toBe('2026-03-05');
    expect(nextRollover(friday)).toEqual({ day: '2026-03-09', weekday: 1, at: utc('2026-03-09T21:00:00Z') });
    expect(lastRollover(utc('2026-03-08T23:00:00Z')).day).toBe('2026-03-06');
    expect(rolloversBetween(utc('2026-03-06T21:59:00Z'), utc('2026-03-10T21:00:00Z')).map((r) => [r.day, iso(r.at)])).toEqual([
      ['2026-03-06', '2026-03-06T22:00:00.000Z'],
      ['2026-03-09', '2026-03-09T21:00:00.000Z'],
      ['2026-03-10', '2026-03-10T21:00:00.000Z'],
    ]);
  });

  it('follows the clocks across the week they fall back (1 November 2026)', () => {
    const r = rolloversBetween(utc('2026-10-29T12:00:00Z'), utc('2026-11-03T12:00:00Z'));
    expect(r.map((x) => [x.day, x.weekday, iso(x.at)])).toEqual([
      ['2026-10-29', 4, '2026-10-29T21:00:00.000Z'],
      ['2026-10-30', 5, '2026-10-30T21:00:00.000Z'],
      ['2026-11-02', 1, '2026-11-02T22:00:00.000Z'],
    ]);
  });

  it('has none on Saturday or Sunday: Friday 17:00 is the last of the week', () => {
    const week = rolloversBetween(utc('2026-11-15T00:00:00Z'), utc('2026-11-22T23:59:00Z'));
    expect(week.map((r) => r.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(week.map((r) => r.day)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(nextRollover(utc('2026-11-20T22:00:00Z')).day).toBe('2026-11-23');
    expect(rolloversBetween(utc('2026-11-21T00:00:00Z'), utc('2026-11-22T23:00:00Z'))).toEqual([]);
  });

  it('counts a rollover at its exact instant, not before', () => {
    const wed = utc('2026-11-18T22:00:00Z');
    expect(rolloversBetween(wed - 1, wed).map((r) => r.day)).toEqual(['2026-11-18']);
    expect(rolloversBetween(wed, wed + 1)).toEqual([]);
    expect(lastRollover(wed - 1).day).toBe('2026-11-17');
  });

  it('keeps only the newest rollovers beyond the limit', () => {
    const r = rolloversBetween(utc('2026-01-01T00:00:00Z'), utc('2026-12-31T00:00:00Z'), 3);
    expect(r.map((x) => x.day)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30']);
  });
});

describe('what a rollover charges', () => {
  it('charges three nights on the triple day and one otherwise', () => {
    expect(swapNights(3, 3)).toBe(3);
    expect(swapNights(2, 3)).toBe(1);
    expect(swapNights(5, 5)).toBe(3);
    expect(swapNights(3, 5)).toBe(1);
  });

  it('takes the long rate for a buy and the short rate for a sell', () => {
    const rates = { long: parseMoney('-6.25'), short: parseMoney('1.2') };
    expect(swapRateFor(1, rates)).toBe(parseMoney('-6.25'));
    expect(swapRateFor(2, rates)).toBe(parseMoney('1.2'));
  });

  it('is lots × rate × nights in micros, rounded once half away from zero', () => {
    expect(swapCharge(parseLots('0.01'), parseMoney('-6.25'), 1)).toBe(micros(-62_500));
    expect(swapCharge(parseLots('0.01'), parseMoney('-6.25'), 3)).toBe(micros(-187_500));
    expect(swapCharge(parseLots('2.5'), parseMoney('1.2'), 1)).toBe(micros(3_000_000));
    // 0.5 lot × 0.000001 USD = 0.5 micro: rounded away from zero, once, whatever the sign.
    expect(swapCharge(parseLots('0.5'), micros(1), 1)).toBe(micros(1));
    expect(swapCharge(parseLots('0.5'), micros(-1), 1)).toBe(micros(-1));
    expect(swapCharge(parseLots('0.49'), micros(-1), 1)).toBe(micros(0));
    // Three nights rounded once, not three roundings: 0.0001 lot × 0.000005 USD × 3 = 0.0015 micro → 0.
    expect(swapCharge(lots(1), micros(5), 3)).toBe(micros(0));
    expect(swapCharge(parseLots('1'), micros(0), 3)).toBe(micros(0));
    expect(() => swapCharge(parseLots('1'), micros(1), 1.5)).toThrow(RangeError);
  });

  it('accepts a triple day from Monday to Friday only', () => {
    expect([0, 1, 3, 5, 6, 2.5].map(tripleDayOk)).toEqual([false, true, true, true, false, false]);
  });
});
