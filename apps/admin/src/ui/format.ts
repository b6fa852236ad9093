/** A server time (unix milliseconds, or seconds, or an ISO string) as a local date and time; '—' when unset. */
export function formatTime(value: number | string | null | undefined, locale = 'en-GB'): string {
  if (value === null || value === undefined || value === '' || value === 0) return '—';
  const ms = typeof value === 'number' ? (value < 1e12 ? value * 1000 : value) : Date.parse(value);
  if (Number.isNaN(ms)) return String(value);
  return new Date(ms).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The date and the time of a server time on their own, for a narrow two-line cell; undefined when unset. */
export function timeParts(value: number | null | undefined, locale = 'en-GB'): [date: string, time: string] | undefined {
  if (!value) return undefined;
  const d = new Date(value < 1e12 ? value * 1000 : value);
  return [d.toLocaleDateString(locale, { dateStyle: 'medium' }), d.toLocaleTimeString(locale, { timeStyle: 'short' })];
}

/** How a status is coloured: MUI chip colours. */
export type Tone = 'warning' | 'success' | 'error' | 'default';

/** A status as the console shows it: a message key (`tp.status.*`) and a colour. */
export interface StatusInfo {
  key: string;
  tone: Tone;
}

/**
 * Deposits and withdrawals (DESIGN §6): 0 unreviewed → 1 completed | 2 rejected | 3 invalid. `completed` names the
 * queue's own word for it (`credited` for deposits, `paid` for withdrawals).
 */
export function recordStatus(status: number, completed: 'credited' | 'paid'): StatusInfo {
  switch (status) {
    case 0:
      return { key: 'tp.status.unreviewed', tone: 'warning' };
    case 1:
      return { key: `tp.status.${completed}`, tone: 'success' };
    case 2:
      return { key: 'tp.status.rejected', tone: 'error' };
    case 3:
      return { key: 'tp.status.invalid', tone: 'default' };
    default:
      return { key: 'tp.status.other', tone: 'default' };
  }
}

/** Real-name applications: 0 none, 1 waiting, 2 approved, 3 rejected, 4 more information needed. */
export function kycStatus(status: number): StatusInfo {
  switch (status) {
    case 0:
      return { key: 'tp.status.none', tone: 'default' };
    case 1:
      return { key: 'tp.status.waiting', tone: 'warning' };
    case 2:
      return { key: 'tp.status.approved', tone: 'success' };
    case 3:
      return { key: 'tp.status.rejected', tone: 'error' };
    case 4:
      return { key: 'tp.status.more_info', tone: 'warning' };
    default:
      return { key: 'tp.status.other', tone: 'default' };
  }
}
