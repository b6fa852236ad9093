import { describe, expect, it } from 'vitest';
import { aggregateCandles, bucketStart, dayGroupStart, monthStart, tradingDate, weekStart, type Candle } from './candles.ts';

const iso = (s: number) => new Date(s * 1000).toISOString();
const at = (text: string) => Date.parse(text);

describe('4-hour, week and month bars (DESIGN §17)', () => {
  it('aligns 4-hour bars to 00, 04, 08, 12, 16 and 20 UTC', () => {
    expect(iso(bucketStart('4hour', at('2026-01-14T12:34:56Z')))).toBe('2026-01-14T12:00:00.000Z');
    expect(iso(bucketStart('4hour', at('2026-01-14T03:59:59Z')))).toBe('2026-01-14T00:00:00.000Z');
    expect(iso(bucketStart('4hour', at('2026-01-14T23:00:00Z')))).toBe('2026-01-14T20:00:00.000Z');
  });

  it('names a trading day by the UTC date twelve hours after it opens', () => {
    // Forex's Monday opens on Sunday 22:00 UTC; crypto's at midnight.
    expect(iso(tradingDate(at('2026-01-11T22:00:00Z') / 1000))).toBe('2026-01-12T00:00:00.000Z');
    expect(iso(tradingDate(at('2026-01-12T00:00:00Z') / 1000))).toBe('2026-01-12T00:00:00.000Z');
  });

  it('starts weeks on Monday 00:00 UTC', () => {
    // 2026-01-12 is a Monday.
    for (const day of ['2026-01-12', '2026-01-13', '2026-01-15', '2026-01-17', '2026-01-18'])
      expect(iso(weekStart(at(`${day}T00:00:00Z`) / 1000))).toBe('2026-01-12T00:00:00.000Z');
    expect(iso(weekStart(at('2026-01-11T00:00:00Z') / 1000))).toBe('2026-01-05T00:00:00.000Z');
    // Across a year's end, and before 1970's first Monday.
    expect(iso(weekStart(at('2026-01-01T00:00:00Z') / 1000))).toBe('2025-12-29T00:00:00.000Z');
    expect(iso(weekStart(at('1970-01-01T00:00:00Z') / 1000))).toBe('1969-12-29T00:00:00.000Z');
  });

  it('starts months on the 1st 00:00 UTC (leap February included)', () => {
    expect(iso(monthStart(at('2028-02-29T00:00:00Z') / 1000))).toBe('2028-02-01T00:00:00.000Z');
    expect(iso(monthStart(at('2026-12-31T00:00:00Z') / 1000))).toBe('2026-12-01T00:00:00.000Z');
  });

  it('puts forex Monday, opening Sunday 22:00 UTC, in Monday’s week, and a month’s first day in that month', () => {
    const sundayEvening = at('2026-01-11T22:00:00Z');
    expect(iso(bucketStart('1week', at('2026-01-11T23:30:00Z'), sundayEvening))).toBe('2026-01-12T00:00:00.000Z');
    // The trading day of 1 March opens on 28 February at 22:00 UTC.
    expect(iso(bucketStart('1mon', at('2026-02-28T23:00:00Z'), at('2026-02-28T22:00:00Z')))).toBe('2026-03-01T00:00:00.000Z');
    expect(iso(dayGroupStart('1mon', at('2026-02-27T22:00:00Z') / 1000))).toBe('2026-02-01T00:00:00.000Z');
    expect(() => bucketStart('1week', 0)).toThrow(/trading-day start/);
  });

  it('aggregates daily bars into weeks and months: open of the first day, close of the last, extremes and volume', () => {
    const days: Candle[] = [];
    // Forex days from Sunday 2026-01-25 22:00 UTC (Monday 26th) to Thursday 2026-02-05 22:00 UTC (Friday 6th).
    let price = 1000;
    for (let d = 0; d < 12; d++) {
      const time = at('2026-01-25T22:00:00Z') / 1000 + d * 86_400;
      const open = price;
      price += d % 3 === 0 ? -7 : 11;
      days.push({ time, open, high: Math.max(open, price) + 2, low: Math.min(open, price) - 3, close: price, volume: d + 1 });
    }
    const weeks = aggregateCandles(days, (s) => dayGroupStart('1week', s));
    expect(weeks.map((w) => iso(w.time))).toEqual(['2026-01-26T00:00:00.000Z', '2026-02-02T00:00:00.000Z']);
    expect(weeks[0]).toMatchObject({ open: days[0]!.open, close: days[6]!.close, volume: 1 + 2 + 3 + 4 + 5 + 6 + 7 });
    expect(weeks[0]!.high).toBe(Math.max(...days.slice(0, 7).map((d) => d.high)));
    expect(weeks[1]!.low).toBe(Math.min(...days.slice(7).map((d) => d.low)));
    const months = aggregateCandles(days, (s) => dayGroupStart('1mon', s));
    // 26 Jan … 31 Jan are January's (six days), 1 Feb (opening 31 Jan 22:00) on are February's.
    expect(months.map((m) => iso(m.time))).toEqual(['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
    expect(months[0]).toMatchObject({ open: days[0]!.open, close: days[5]!.close, volume: 21 });
  });
});
