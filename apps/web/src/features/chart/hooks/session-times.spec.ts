import { describe, expect, it } from 'vitest';
import { sessionSpans } from './session-times.ts';

const WED = Date.UTC(2026, 10, 18, 12, 0, 0);

describe('sessionSpans', () => {
  it("joins forex's back-to-back New York days into one Sunday-to-Friday span, in UTC", () => {
    const fx = [
      { day: 0, open: 17 * 60, close: 1440 },
      ...[1, 2, 3, 4].map((day) => ({ day, open: 0, close: 1440 })),
      { day: 5, open: 0, close: 17 * 60 },
    ];
    const spans = sessionSpans(fx, 'America/New_York', WED);
    expect(spans).toHaveLength(1);
    // New York is UTC−5 in November: Sunday 17:00 is 22:00 UTC; Friday 17:00 is 22:00 UTC.
    expect(new Date(spans[0]!.start).toISOString()).toBe('2026-11-15T22:00:00.000Z');
    expect(new Date(spans[0]!.end).toISOString()).toBe('2026-11-20T22:00:00.000Z');
  });

  it('keeps separate daily sessions apart and in order', () => {
    const spans = sessionSpans(
      [
        { day: 2, open: 9 * 60, close: 17 * 60 },
        { day: 1, open: 9 * 60, close: 17 * 60 },
      ],
      'UTC',
      WED,
    );
    expect(spans.map((s) => new Date(s.start).toISOString())).toEqual(['2026-11-16T09:00:00.000Z', '2026-11-17T09:00:00.000Z']);
  });
});
