import { describe, expect, it } from 'vitest';
import { sessionsProblem } from '@tradepad/contracts/staff/ops';
import { hhmm, minutesOf, sessionsOfWeek, weekOf } from './sessions.ts';

describe('the sessions editor model', () => {
  it('reads and writes times, 24:00 the end of the day', () => {
    expect(hhmm(0)).toBe('00:00');
    expect(hhmm(1020)).toBe('17:00');
    expect(hhmm(1440)).toBe('24:00');
    expect(minutesOf('9:30')).toBe(570);
    expect(minutesOf('24:00')).toBe(1440);
    for (const bad of ['24:01', '25:00', '12:60', '12', 'noon', '']) expect(minutesOf(bad)).toBeUndefined();
  });

  it('round-trips the stored format, a closed day staying empty', () => {
    const stored = [
      { day: 1, open: 0, close: 1020 },
      { day: 1, open: 1080, close: 1440 },
      { day: 3, open: 75, close: 1380 },
    ];
    const week = weekOf(stored);
    expect(week[0]).toEqual([]);
    expect(week[1]).toEqual([
      { open: '00:00', close: '17:00' },
      { open: '18:00', close: '24:00' },
    ]);
    expect(sessionsOfWeek(week)).toEqual({ sessions: stored });
  });

  it('refuses a bad time, a range closing before it opens and overlapping ranges, as the server does', () => {
    const week = weekOf([]);
    week[2] = [{ open: '10:00', close: '9:00' }];
    expect(sessionsOfWeek(week)).toEqual({ problem: { day: 2, range: 0, problem: 'order' } });
    week[2] = [{ open: '10:00', close: '25:00' }];
    expect(sessionsOfWeek(week)).toEqual({ problem: { day: 2, range: 0, problem: 'time' } });
    week[2] = [
      { open: '12:00', close: '18:00' },
      { open: '08:00', close: '12:30' },
    ];
    expect(sessionsOfWeek(week)).toEqual({ problem: { day: 2, problem: 'overlap' } });
    expect(
      sessionsProblem([
        { day: 2, open: 720, close: 1080 },
        { day: 2, open: 480, close: 750 },
      ]),
    ).toBe('overlap');
    week[2] = [
      { open: '12:00', close: '18:00' },
      { open: '08:00', close: '12:00' },
    ];
    expect(sessionsOfWeek(week)).toEqual({
      sessions: [
        { day: 2, open: 480, close: 720 },
        { day: 2, open: 720, close: 1080 },
      ],
    });
  });
});
