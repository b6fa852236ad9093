import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, weeklySessions } from '@tradepad/domain';
import { QuoteBook } from './quote-book.ts';

const book = () =>
  new QuoteBook(
    new Map([
      [
        'EURUSD',
        {
          code: 'EURUSD',
          spreadPoints: 10,
          minuteVol: 0.0002,
          hours: {
            timeZone: 'America/New_York',
            rollover: 1020,
            sessions: weeklySessions({ open: '17:00', close: '17:00', firstDay: 0, lastDay: 5 }),
          },
        },
      ],
      [
        'BTCUSD',
        { code: 'BTCUSD', spreadPoints: 2000, minuteVol: 0.001, hours: { timeZone: 'UTC', rollover: 0, sessions: ALWAYS_OPEN } },
      ],
    ]),
  );
const T = Date.parse('2026-01-14T12:00:00Z');

describe('quote book', () => {
  it('quotes the ask as bid plus the published spread, and tracks the trading day', () => {
    const b = book();
    const q1 = b.accept({ code: 'EURUSD', bid: 108_500, time: T, volume: 1 })!;
    expect(q1).toMatchObject({ bid: 108_500, ask: 108_510, dayOpen: 108_500, change: 0 });
    expect(q1.dayStart).toBe(Date.parse('2026-01-13T22:00:00Z'));
    const q2 = b.accept({ code: 'EURUSD', bid: 109_000, time: T + 3_600_000, volume: 2 })!;
    expect(q2).toMatchObject({ dayOpen: 108_500, dayHigh: 109_000, dayLow: 108_500, change: 0.46, dayVolume: 3 });
    // After 17:00 New York a new day starts at the next price.
    const q3 = b.accept({ code: 'EURUSD', bid: 109_010, time: Date.parse('2026-01-14T22:00:05Z'), volume: 1 })!;
    expect(q3).toMatchObject({ dayOpen: 109_010, change: 0, dayVolume: 1 });
  });

  it('reprices the current quote at once when staff change the spread, and quotes every later tick with it', () => {
    const b = book();
    b.accept({ code: 'EURUSD', bid: 108_500, time: T, volume: 1 });
    b.setTerms('EURUSD', 25, { timeZone: 'UTC', rollover: 0, sessions: ALWAYS_OPEN });
    expect(b.get('EURUSD')).toMatchObject({ bid: 108_500, ask: 108_525, time: T });
    expect(b.accept({ code: 'EURUSD', bid: 108_510, time: T + 1000, volume: 1 })).toMatchObject({ ask: 108_535 });
    b.setTerms('NOPE', 1, { timeZone: 'UTC', rollover: 0, sessions: ALWAYS_OPEN });
    expect(b.get('NOPE')).toBeUndefined();
  });

  it('holds back a lone off-market tick and believes a move the next tick confirms', () => {
    const b = book();
    b.accept({ code: 'EURUSD', bid: 108_500, time: T, volume: 1 });
    expect(b.accept({ code: 'EURUSD', bid: 98_000, time: T + 500, volume: 1 })).toBeUndefined();
    expect(b.get('EURUSD')!.bid).toBe(108_500);
    // The next tick is back at the market: the spike never becomes a quote.
    expect(b.accept({ code: 'EURUSD', bid: 108_502, time: T + 1000, volume: 1 })!.bid).toBe(108_502);
    // A real jump: two ticks at the new level.
    expect(b.accept({ code: 'EURUSD', bid: 100_000, time: T + 1500, volume: 1 })).toBeUndefined();
    expect(b.accept({ code: 'EURUSD', bid: 100_010, time: T + 2000, volume: 1 })!.bid).toBe(100_010);
  });

  it('believes any price after a long silence (a reopening gap)', () => {
    const b = book();
    b.accept({ code: 'EURUSD', bid: 108_500, time: T, volume: 1 });
    expect(b.accept({ code: 'EURUSD', bid: 100_000, time: T + 3_600_000, volume: 1 })!.bid).toBe(100_000);
  });

  it('refuses ticks for unknown codes, out of order, or not positive integers, and reports staleness', () => {
    const b = book();
    expect(b.accept({ code: 'NOPE', bid: 1, time: T, volume: 1 })).toBeUndefined();
    b.accept({ code: 'BTCUSD', bid: 9_500_000, time: T, volume: 1 });
    expect(b.accept({ code: 'BTCUSD', bid: 9_500_100, time: T - 1, volume: 1 })).toBeUndefined();
    expect(b.accept({ code: 'BTCUSD', bid: 1.5, time: T + 1, volume: 1 })).toBeUndefined();
    expect(b.isStale('BTCUSD', T + 9_000, 10_000)).toBe(false);
    expect(b.isStale('BTCUSD', T + 11_000, 10_000)).toBe(true);
    expect(b.isStale('EURUSD', T, 10_000)).toBe(true);
  });
});
