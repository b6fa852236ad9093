import { describe, expect, it } from 'vitest';
import { expireAtFor } from './expiry.ts';

describe('the ticket’s pending expiry', () => {
  const now = new Date(2026, 10, 18, 14, 30, 0);
  const endOf = (y: number, m: number, d: number) => Math.floor(new Date(y, m, d, 23, 59, 59).getTime() / 1000);
  it.each([
    ['gtc', '', 0],
    ['day', '', endOf(2026, 10, 18)],
    ['date', '2026-11-20', endOf(2026, 10, 20)],
    ['date', '2026-11-18', endOf(2026, 10, 18)], // today: its end is still ahead
    ['date', '2026-11-17', null], // past
    ['date', '', null],
    ['date', '2026-02-30', null], // no such day
  ] as const)('%s %s → %s', (choice, date, at) => {
    expect(expireAtFor(choice, date, now)).toBe(at);
  });
});
