/** A server time (unix milliseconds, or seconds, or an ISO string) as a local date and time; '—' when unset. */
export function formatTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '' || value === 0) return '—';
  const ms = typeof value === 'number' ? (value < 1e12 ? value * 1000 : value) : Date.parse(value);
  if (Number.isNaN(ms)) return String(value);
  return new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** How a status badge is coloured. */
export type Tone = 'pending' | 'good' | 'bad' | 'neutral';

export interface StatusInfo {
  label: string;
  tone: Tone;
}

/** Deposits and withdrawals (DESIGN §6): 0 unreviewed → 1 completed | 2 rejected | 3 invalid. */
export function recordStatus(status: number, completed: string): StatusInfo {
  switch (status) {
    case 0:
      return { label: 'Unreviewed', tone: 'pending' };
    case 1:
      return { label: completed, tone: 'good' };
    case 2:
      return { label: 'Rejected', tone: 'bad' };
    case 3:
      return { label: 'Invalid', tone: 'neutral' };
    default:
      return { label: `Status ${status}`, tone: 'neutral' };
  }
}

/** Real-name applications: 1 waiting, 2 approved, 3 rejected. */
export function kycStatus(status: number): StatusInfo {
  switch (status) {
    case 0:
      return { label: 'None', tone: 'neutral' };
    case 1:
      return { label: 'Waiting', tone: 'pending' };
    case 2:
      return { label: 'Approved', tone: 'good' };
    case 3:
      return { label: 'Rejected', tone: 'bad' };
    default:
      return { label: `Status ${status}`, tone: 'neutral' };
  }
}
