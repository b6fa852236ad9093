import type { Change } from '@tradepad/contracts/staff/changes';
import type { StatusInfo } from '../../ui/format.ts';

/** A change: 0 waiting for a second staff member, 1 approved (in effect), 2 rejected. */
export function changeStatus(status: number): StatusInfo {
  if (status === 0) return { key: 'tp.status.waiting', tone: 'warning' };
  if (status === 1) return { key: 'tp.status.approved', tone: 'success' };
  return { key: 'tp.status.rejected', tone: 'error' };
}

/** The fields a change sets to something new (every field of a channel to be added), in the order it lists them. */
export function changedFields(c: Pick<Change, 'before' | 'after'>): string[] {
  const before = c.before;
  return Object.keys(c.after).filter((k) => k !== 'type' && (!before || before[k] !== c.after[k]));
}

/** A field's value as the table writes it: a switch as on/off, an empty text as a dash. */
export function fieldText(v: string | number | boolean | null | undefined): string {
  if (v === undefined || v === null || v === '') return '—';
  return String(v);
}
