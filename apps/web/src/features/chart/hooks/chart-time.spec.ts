import { describe, expect, it } from 'vitest';
import { chartTime, chartTimeFormat } from './chart-time.ts';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('chartTime', () => {
  it('keeps intraday times', () => {
    expect(chartTime(utc('2026-11-20T21:05:00Z'), '5min')).toBe(utc('2026-11-20T21:05:00Z'));
  });

  it('puts a daily bar on its trading date', () => {
    // Forex: the day opening at 17:00 New York (22:00 UTC, 21:00 in summer) is the next day's session.
    expect(chartTime(utc('2026-11-18T22:00:00Z'), '1day')).toBe(utc('2026-11-19T00:00:00Z'));
    expect(chartTime(utc('2026-07-14T21:00:00Z'), '1day')).toBe(utc('2026-07-15T00:00:00Z'));
    // Crypto opens at midnight UTC.
    expect(chartTime(utc('2026-11-21T00:00:00Z'), '1day')).toBe(utc('2026-11-21T00:00:00Z'));
  });
});

describe('chartTimeFormat', () => {
  it('labels daily bars by their UTC date with Latin digits', () => {
    const f = chartTimeFormat('ar', '1day');
    expect(f.label(utc('2026-11-19T00:00:00Z'))).toMatch(/19/);
    expect(f.tick(utc('2026-11-19T00:00:00Z'), 2)).toMatch(/^\D*19\D*$/);
  });

  it('formats intraday ticks as 24-hour time', () => {
    const f = chartTimeFormat('en', '1min');
    expect(f.tick(utc('2026-11-19T13:05:00Z'), 3)).toMatch(/^\d{2}:05$/);
  });
});
