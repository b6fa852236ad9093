import { LANG_TAGS, type Lang } from '@tradepad/contracts/languages';
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

describe('week and month bars', () => {
  it('stay on their Monday and their 1st (already midnight UTC), labelled by the UTC date', () => {
    expect(chartTime(utc('2026-11-16T00:00:00Z'), '1week')).toBe(utc('2026-11-16T00:00:00Z'));
    expect(chartTime(utc('2026-11-01T00:00:00Z'), '1mon')).toBe(utc('2026-11-01T00:00:00Z'));
    // Read in a zone west of UTC the label would fall on the day before: it is the UTC date.
    expect(chartTimeFormat('en', '1week').label(utc('2026-11-16T00:00:00Z'))).toMatch(/16/);
    expect(chartTimeFormat('en', '1mon').label(utc('2026-11-01T00:00:00Z'))).toMatch(/Nov 1\b|1 Nov/);
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

  it('writes intraday time ticks as Intl does in every language, without asking Intl', () => {
    const times = ['2026-11-19T00:00:00Z', '2026-11-19T09:05:07Z', '2026-11-19T13:59:59Z', '2026-03-29T23:30:00Z'].map(utc);
    for (const lang of Object.keys(LANG_TAGS) as Lang[]) {
      const f = chartTimeFormat(lang, '5min');
      const locale = `${LANG_TAGS[lang]}-u-nu-latn`;
      const hm = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      const hms = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
      for (const t of times) {
        expect(f.tick(t, 3), lang).toBe(hm.format(t * 1000));
        expect(f.tick(t, 4), lang).toBe(hms.format(t * 1000));
      }
    }
  });
});
