/**
 * The sessions editor's model (issue 32 point 6): a week as seven days, each closed or one or more open–close ranges
 * typed as `HH:MM` (24:00 the day's end), to and from the stored sessions (`{day, open, close}` in minutes, the format
 * the server keeps). Pure, so the page and its spec share it.
 */

export interface Session {
  day: number;
  open: number;
  close: number;
}

/** One range as typed. */
export interface RangeText {
  open: string;
  close: string;
}

/** The week as typed: index 0 = Sunday; an empty day is closed. */
export type WeekText = RangeText[][];

/** `HH:MM` from minutes (1440 → `24:00`). */
export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes from `H:MM` or `HH:MM` (00:00 to 24:00), or undefined when it is no such time. */
export function minutesOf(text: string): number | undefined {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return undefined;
  return h * 60 + min;
}

/** The stored sessions as the editor shows them, each day's ranges in order. */
export function weekOf(sessions: readonly Session[]): WeekText {
  const week: WeekText = [[], [], [], [], [], [], []];
  for (const s of [...sessions].sort((a, b) => a.day - b.day || a.open - b.open))
    week[s.day]?.push({ open: hhmm(s.open), close: hhmm(s.close) });
  return week;
}

/** Why a range or a day is refused (a message key's last part), or undefined. */
export type WeekProblem = { day: number; range?: number; problem: 'time' | 'order' | 'overlap' };

/**
 * The typed week as stored sessions, or the first problem: a time that is no `HH:MM` within 00:00–24:00, a range
 * that does not open before it closes, or two ranges of a day that share a minute (one may end where the next begins).
 */
export function sessionsOfWeek(week: WeekText): { sessions: Session[] } | { problem: WeekProblem } {
  const sessions: Session[] = [];
  for (const [day, ranges] of week.entries()) {
    const parsed: Session[] = [];
    for (const [range, r] of ranges.entries()) {
      const open = minutesOf(r.open);
      const close = minutesOf(r.close);
      if (open === undefined || close === undefined) return { problem: { day, range, problem: 'time' } };
      if (open >= close) return { problem: { day, range, problem: 'order' } };
      parsed.push({ day, open, close });
    }
    parsed.sort((a, b) => a.open - b.open);
    for (let i = 1; i < parsed.length; i++)
      if (parsed[i]!.open < parsed[i - 1]!.close) return { problem: { day, problem: 'overlap' } };
    sessions.push(...parsed);
  }
  return { sessions };
}
