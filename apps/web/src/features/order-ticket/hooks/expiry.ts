/** A pending order's expiry as the ticket offers it (issue 20): until cancelled, the end of today, or a date's end. */
export type ExpiryChoice = 'gtc' | 'day' | 'date';

/** The last second of a local calendar day (`YYYY-MM-DD`, or today's), as unix seconds. */
function endOfLocalDay(date: Date): number {
  const end = new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59);
  return Math.floor(end.getTime() / 1000);
}

/**
 * The `expire_at` the ticket sends (unix seconds; 0 = until cancelled): "end of day" is the end of today in the
 * trader's own time zone, a date the end of that day; null when the date is missing, unreadable or already past.
 */
export function expireAtFor(choice: ExpiryChoice, dateText: string, now: Date): number | null {
  if (choice === 'gtc') return 0;
  if (choice === 'day') return endOfLocalDay(now);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateText);
  if (!m) return null;
  const day = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (day.getMonth() !== Number(m[2]) - 1) return null;
  const at = endOfLocalDay(day);
  return at * 1000 > now.getTime() ? at : null;
}
