import { describe, expect, it } from 'vitest';
import {
  ALWAYS_OPEN,
  fromWallTime,
  isMarketOpen,
  sessionsProblem,
  nextOpen,
  tradingDayStart,
  wallTime,
  weeklySessions,
  type MarketHours,
} from './market-hours.ts';

const NY = 'America/New_York';
const forex: MarketHours = {
  timeZone: NY,
  rollover: 17 * 60,
  sessions: weeklySessions({ open: '17:00', close: '17:00', firstDay: 0, lastDay: 5 }),
};
const metals: MarketHours = {
  timeZone: NY,
  rollover: 17 * 60,
  sessions: weeklySessions({ open: '18:00', close: '17:00', firstDay: 0, lastDay: 5 }),
};
const crypto: MarketHours = { timeZone: 'UTC', rollover: 0, sessions: ALWAYS_OPEN };
const utc = (iso: string) => Date.parse(iso);

describe('market hours', () => {
  it('opens forex Sunday 17:00 and closes Friday 17:00 New York time, in winter (UTC-5)', () => {
    expect(isMarketOpen(forex, utc('2026-01-11T21:59:00Z'))).toBe(false); // Sun 16:59 EST
    expect(isMarketOpen(forex, utc('2026-01-11T22:00:00Z'))).toBe(true); // Sun 17:00 EST
    expect(isMarketOpen(forex, utc('2026-01-14T12:00:00Z'))).toBe(true); // Wednesday
    expect(isMarketOpen(forex, utc('2026-01-16T21:59:00Z'))).toBe(true); // Fri 16:59 EST
    expect(isMarketOpen(forex, utc('2026-01-16T22:00:00Z'))).toBe(false); // Fri 17:00 EST
    expect(isMarketOpen(forex, utc('2026-01-17T12:00:00Z'))).toBe(false); // Saturday
  });

  it('follows daylight saving: the same 17:00 New York is 21:00 UTC in summer', () => {
    expect(isMarketOpen(forex, utc('2026-07-12T20:59:00Z'))).toBe(false); // Sun 16:59 EDT
    expect(isMarketOpen(forex, utc('2026-07-12T21:00:00Z'))).toBe(true); // Sun 17:00 EDT
    expect(isMarketOpen(forex, utc('2026-07-17T20:59:00Z'))).toBe(true);
    expect(isMarketOpen(forex, utc('2026-07-17T21:00:00Z'))).toBe(false);
  });

  it('handles the weekends of the DST changes themselves', () => {
    // 2026-03-08: clocks go forward at 02:00 in New York; the market opens that Sunday at 17:00 EDT = 21:00 UTC.
    expect(isMarketOpen(forex, utc('2026-03-08T20:59:00Z'))).toBe(false);
    expect(isMarketOpen(forex, utc('2026-03-08T21:00:00Z'))).toBe(true);
    // 2026-11-01: clocks go back; Sunday 17:00 EST = 22:00 UTC.
    expect(isMarketOpen(forex, utc('2026-11-01T21:59:00Z'))).toBe(false);
    expect(isMarketOpen(forex, utc('2026-11-01T22:00:00Z'))).toBe(true);
  });

  it('gives metals a daily break from 17:00 to 18:00 New York', () => {
    expect(isMarketOpen(metals, utc('2026-01-13T21:30:00Z'))).toBe(true); // Tue 16:30 EST
    expect(isMarketOpen(metals, utc('2026-01-13T22:30:00Z'))).toBe(false); // 17:30 EST: break
    expect(isMarketOpen(metals, utc('2026-01-13T23:00:00Z'))).toBe(true); // 18:00 EST
  });

  it('keeps crypto open around the clock', () => {
    for (const iso of ['2026-01-17T12:00:00Z', '2026-01-18T00:00:00Z', '2026-03-08T07:00:00Z'])
      expect(isMarketOpen(crypto, utc(iso))).toBe(true);
  });

  it('starts the trading day at the 17:00 New York rollover, across DST', () => {
    expect(tradingDayStart(forex, utc('2026-01-14T12:00:00Z'))).toBe(utc('2026-01-13T22:00:00Z'));
    expect(tradingDayStart(forex, utc('2026-01-14T22:30:00Z'))).toBe(utc('2026-01-14T22:00:00Z'));
    expect(tradingDayStart(forex, utc('2026-07-15T12:00:00Z'))).toBe(utc('2026-07-14T21:00:00Z'));
    // The day that contains the spring-forward jump is 23 hours long.
    expect(tradingDayStart(forex, utc('2026-03-09T12:00:00Z'))).toBe(utc('2026-03-08T21:00:00Z'));
    // Sunday 08:00 EDT, before the jump's day rolls: the day began Saturday 17:00 EST.
    expect(tradingDayStart(forex, utc('2026-03-08T12:00:00Z'))).toBe(utc('2026-03-07T22:00:00Z'));
    expect(tradingDayStart(crypto, utc('2026-01-14T12:34:00Z'))).toBe(utc('2026-01-14T00:00:00Z'));
  });

  it('converts wall time both ways', () => {
    const t = utc('2026-07-15T12:00:00Z');
    expect(fromWallTime(NY, wallTime(NY, t))).toBe(t);
    expect(wallTime(NY, t) - t).toBe(-4 * 3_600_000);
  });

  it('finds the next open minute', () => {
    expect(nextOpen(forex, utc('2026-01-17T12:00:00Z'))).toBe(utc('2026-01-18T22:00:00Z'));
    expect(nextOpen(forex, utc('2026-01-14T12:00:30Z'))).toBe(utc('2026-01-14T12:01:00Z'));
  });
});

describe('sessionsProblem', () => {
  it('accepts sessions that touch, a closed day and the whole day', () => {
    expect(
      sessionsProblem([
        { day: 1, open: 0, close: 1020 },
        { day: 1, open: 1020, close: 1440 },
        { day: 2, open: 0, close: 1440 },
      ]),
    ).toBeUndefined();
    expect(sessionsProblem([])).toBeUndefined();
  });
  it.each([
    [{ day: 7, open: 0, close: 60 }],
    [{ day: 1, open: 60, close: 60 }],
    [{ day: 1, open: 120, close: 60 }],
    [{ day: 1, open: 0, close: 1441 }],
    [{ day: 1, open: -1, close: 60 }],
    [{ day: 1, open: 0.5, close: 60 }],
  ])('refuses %j as out of range', (s) => expect(sessionsProblem([s])).toBe('range'));
  it('refuses two ranges of one day sharing a minute, in any order', () => {
    expect(
      sessionsProblem([
        { day: 3, open: 600, close: 900 },
        { day: 3, open: 0, close: 601 },
      ]),
    ).toBe('overlap');
    expect(
      sessionsProblem([
        { day: 3, open: 600, close: 900 },
        { day: 4, open: 0, close: 1440 },
      ]),
    ).toBeUndefined();
  });
});
