/** Lengths of time in milliseconds, for the server's arithmetic on unix-ms instants. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** `YYYY-MM-DD HH:mm:ss` in UTC: how records show their times (the app formats them for the reader). */
export function timeText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
