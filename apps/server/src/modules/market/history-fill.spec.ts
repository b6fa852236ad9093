import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from './instruments.data.ts';
import { daysClosed } from './history-fill.ts';

const hoursOf = (code: string) => INSTRUMENTS.find((i) => i.code === code)!.hours;
const HOUR = 3_600_000;

/**
 * How far back a fresh instrument's recent minutes must reach: to its last open hour, or a market closed for the
 * weekend would start without a bar (and its older history, which continues from the oldest stored bar, never comes).
 * Found on a Saturday evening, when forex had been closed for more than the one day of recent minutes.
 */
describe('daysClosed', () => {
  it('is under an hour while the market is open', () => {
    expect(daysClosed(hoursOf('EURUSD'), Date.UTC(2026, 10, 25, 14, 30))).toBeLessThan(1 / 24);
    expect(daysClosed(hoursOf('BTCUSD'), Date.UTC(2026, 10, 28, 22, 30))).toBeLessThan(1 / 24);
  });

  it('reaches back to Friday 17:00 New York from a Saturday evening and a Sunday afternoon', () => {
    // Friday 2026-11-27 17:00 New York is 22:00 UTC; the last open hour starts at 21:00 UTC.
    const lastOpenHour = Date.UTC(2026, 10, 27, 21, 0);
    for (const now of [Date.UTC(2026, 10, 28, 22, 30), Date.UTC(2026, 10, 29, 15, 0)])
      expect(daysClosed(hoursOf('EURUSD'), now)).toBeCloseTo((now - lastOpenHour) / (24 * HOUR), 6);
  });

  it('stops looking after two weeks for a market that never opens', () => {
    expect(daysClosed({ timeZone: 'UTC', rollover: 0, sessions: [] }, Date.UTC(2026, 10, 28))).toBe(0);
  });
});
