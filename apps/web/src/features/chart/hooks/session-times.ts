import { zoneOffsetMs } from '@tradepad/domain/market-hours';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface SessionSpan {
  /** Unix ms of the opening and closing in the week shown. */
  start: number;
  end: number;
}

/** Unix ms of a wall-clock time in `timeZone` (the wall time given as if it were UTC). */
function wallToUtc(wall: number, timeZone: string): number {
  const guess = wall - zoneOffsetMs(timeZone, wall);
  return wall - zoneOffsetMs(timeZone, guess);
}

/**
 * An instrument's weekly sessions (days and minutes in its own time zone) as instants of the week containing `now`,
 * sorted, with back-to-back sessions joined (forex's Sunday-evening-to-Friday-evening week becomes one span). The
 * caller formats them in the trader's own time zone.
 */
export function sessionSpans(
  sessions: ReadonlyArray<{ day: number; open: number; close: number }>,
  timeZone: string,
  now: number,
): SessionSpan[] {
  const today = new Date(now);
  const sunday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - today.getUTCDay() * DAY;
  const spans = sessions
    .map((s) => ({
      start: wallToUtc(sunday + s.day * DAY + s.open * MINUTE, timeZone),
      end: wallToUtc(sunday + s.day * DAY + s.close * MINUTE, timeZone),
    }))
    .sort((a, b) => a.start - b.start);
  const out: SessionSpan[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}
