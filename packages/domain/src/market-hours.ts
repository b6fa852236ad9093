/**
 * Market hours per instrument: weekly open intervals in an explicit IANA time zone (DESIGN §5), so daylight saving
 * is handled by the zone rules, not by fixed UTC offsets. Pure: time comes in as unix milliseconds.
 */

/** One open interval in local wall time: `day` 0 = Sunday … 6 = Saturday, minutes from local midnight. */
export interface Session {
  day: number;
  /** Minute of the local day it opens, 0..1439. */
  open: number;
  /** Minute of the local day it closes, 1..1440 (1440 = midnight at the end of that day). */
  close: number;
}

export interface MarketHours {
  timeZone: string;
  sessions: readonly Session[];
  /** Local minute at which the trading day rolls over (forex: 17:00 New York); the day's open/change starts there. */
  rollover: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const HOUR = 3_600_000;
/** Offsets per zone and UTC hour: zone rules change offsets only on whole hours for the zones we trade in. */
const offsetCache = new Map<string, number>();

/** The zone's offset from UTC at `ms`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(timeZone: string, ms: number): number {
  if (timeZone === 'UTC') return 0;
  const key = `${timeZone}|${Math.floor(ms / HOUR)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = computeOffset(timeZone, Math.floor(ms / HOUR) * HOUR);
    if (offsetCache.size > 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

function computeOffset(timeZone: string, ms: number): number {
  const parts = formatter(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** Local wall-clock time at `ms` expressed as if it were UTC milliseconds (for day and minute arithmetic). */
export const wallTime = (timeZone: string, ms: number): number => ms + zoneOffsetMs(timeZone, ms);

/** The unix time of a local wall-clock time; in a DST gap it lands after the gap, in an overlap on the first. */
export function fromWallTime(timeZone: string, wall: number): number {
  const guess = wall - zoneOffsetMs(timeZone, wall);
  const offset = zoneOffsetMs(timeZone, guess);
  const second = wall - offset;
  return zoneOffsetMs(timeZone, second) === offset ? second : wall - zoneOffsetMs(timeZone, second);
}

/** Whether the market is open at `ms`. */
export function isMarketOpen(hours: MarketHours, ms: number): boolean {
  const wall = wallTime(hours.timeZone, ms);
  const day = new Date(wall).getUTCDay();
  const minute = Math.floor((((wall % DAY) + DAY) % DAY) / MINUTE);
  return hours.sessions.some((s) => s.day === day && minute >= s.open && minute < s.close);
}

/** Unix ms when the trading day containing `ms` began (the last rollover at or before `ms`). */
export function tradingDayStart(hours: MarketHours, ms: number): number {
  const wall = wallTime(hours.timeZone, ms);
  const midnight = wall - (((wall % DAY) + DAY) % DAY);
  let rolloverWall = midnight + hours.rollover * MINUTE;
  if (rolloverWall > wall) rolloverWall -= DAY;
  return fromWallTime(hours.timeZone, rolloverWall);
}

/** The next time at or after `ms` when the market is open (minute resolution), or undefined if not within 8 days. */
export function nextOpen(hours: MarketHours, ms: number): number | undefined {
  let t = Math.ceil(ms / MINUTE) * MINUTE;
  for (let i = 0; i < 8 * 1440; i++, t += MINUTE) if (isMarketOpen(hours, t)) return t;
  return undefined;
}

const hhmm = (text: string): number => {
  const [h = '0', m = '0'] = text.split(':');
  return Number(h) * 60 + Number(m);
};

/**
 * Builds a weekly schedule from a daily window: open every day from `open` to `close` local time (close may be
 * past midnight, e.g. 18:00→17:00 next day), from `firstDay`'s open to `lastDay`'s close. Used to describe forex
 * (Sun 17:00 → Fri 17:00) and futures-style sessions with a daily break.
 */
export function weeklySessions(opts: { open: string; close: string; firstDay: number; lastDay: number }): Session[] {
  const open = hhmm(opts.open);
  const close = hhmm(opts.close);
  const sessions: Session[] = [];
  if (close > open) {
    for (let d = opts.firstDay; d <= opts.lastDay; d++) sessions.push({ day: d, open, close });
    return sessions;
  }
  // Overnight window: opens on firstDay at `open`, runs to `close` on the next day, every day until lastDay's close.
  for (let d = opts.firstDay; d <= opts.lastDay; d++) {
    if (d > opts.firstDay) sessions.push({ day: d, open: 0, close });
    if (d < opts.lastDay) sessions.push({ day: d, open, close: 1440 });
  }
  return sessions;
}

/** Open every minute of every day. */
export const ALWAYS_OPEN: readonly Session[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: 0, close: 1440 }));

/**
 * What is wrong with a week of sessions, or undefined when nothing is: `range` when one is not a whole day 0–6 with
 * 0 ≤ open < close ≤ 1440 (minutes, 1440 = the day's end), `overlap` when two of one day share a minute (one may end
 * where the next begins). The console's sessions editor and the server check the same rule.
 */
export function sessionsProblem(sessions: readonly Session[]): 'range' | 'overlap' | undefined {
  for (const s of sessions) {
    const whole = [s.day, s.open, s.close].every(Number.isInteger);
    if (!whole || s.day < 0 || s.day > 6 || s.open < 0 || s.close > 1440 || s.open >= s.close) return 'range';
  }
  const sorted = [...sessions].sort((a, b) => a.day - b.day || a.open - b.open);
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    if (a.day === b.day && b.open < a.close) return 'overlap';
  }
  return undefined;
}
