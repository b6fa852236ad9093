/** `YYYY-MM-DD HH:mm:ss` in UTC: how records show their times (the app formats them for the reader). */
export function timeText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
