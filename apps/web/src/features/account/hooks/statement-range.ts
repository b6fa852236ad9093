/**
 * The statement screen's periods (issue 21): whole calendar days on the reader's clock, as `YYYY-MM-DD`. Presets are
 * this month (to today) and last month; the reader's IANA time zone goes with them, so the server counts the same days.
 */
export type RangePreset = 'this_month' | 'last_month' | 'custom';

const two = (n: number) => String(n).padStart(2, '0');

/** A local date as `YYYY-MM-DD`. */
export const dayText = (d: Date): string => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;

/** The first and last day of a preset, relative to `now` (local time). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date): { from: string; to: string } {
  if (preset === 'this_month') return { from: dayText(new Date(now.getFullYear(), now.getMonth(), 1)), to: dayText(now) };
  return {
    from: dayText(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
    to: dayText(new Date(now.getFullYear(), now.getMonth(), 0)),
  };
}

/** The reader's IANA time zone, or UTC when the browser does not say. */
export function readerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether a chosen period can be asked for: both dates, the start not after the end. */
export const rangeValid = (from: string, to: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
