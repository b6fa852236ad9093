import type { CopyAdminSort, CopyAdminSortKey } from '@tradepad/contracts/copy/constants';
import type { StatusInfo } from '../../ui/format.ts';

/** A strategy's state as the console colours it: open green, suspended by staff amber, closed by its provider grey. */
export function strategyStatus(status: 'open' | 'suspended' | 'closed'): StatusInfo {
  switch (status) {
    case 'open':
      return { key: 'tp.copy.status_open', tone: 'success' };
    case 'suspended':
      return { key: 'tp.copy.status_suspended', tone: 'warning' };
    case 'closed':
      return { key: 'tp.copy.status_closed', tone: 'default' };
  }
}

const END_REASONS = ['unfollow', 'equity_stop', 'suspended'] as const;

/**
 * A follow's state: following, or ended with why (the follower unfollowed, the equity stop closed it, the strategy's
 * suspension ended it). An end reason the console does not know yet reads as plainly ended.
 */
export function followStatus(status: 'following' | 'ended', endReason: string): StatusInfo {
  if (status === 'following') return { key: 'tp.copy.follow_following', tone: 'success' };
  const known = END_REASONS.find((r) => r === endReason);
  return { key: known ? `tp.copy.end_${known}` : 'tp.copy.follow_ended', tone: known === 'equity_stop' ? 'error' : 'default' };
}

/**
 * A USD amount given as a decimal string (`"1234.5"`, `"-0.000125"`), written exactly: grouped by thousands, at least
 * 2 decimals and at most the 6 the server keeps (fees are exact to the micro-unit), never through a binary float.
 * Text that is not a decimal comes back as it is.
 */
export function exactUsd(text: string, group = ','): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return text;
  const [, sign = '', whole = '0', frac = ''] = m;
  const decimals = frac.slice(0, 6).replace(/0+$/, '').padEnd(2, '0');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, group);
  const zero = /^0*$/.test(whole) && /^0*$/.test(decimals);
  return `${zero ? '' : sign}${grouped}.${decimals}`;
}

/**
 * The period a fee settles, from its start (unix ms, UTC): the month of a performance fee (`2026-11`), the day of a
 * management fee (`2026-11-29`).
 */
export function feePeriod(kind: 'performance' | 'management', startMs: number): string {
  const iso = new Date(startMs).toISOString();
  return kind === 'performance' ? iso.slice(0, 7) : iso.slice(0, 10);
}

/** A money or count cell of the copy pages' tables: right-aligned, figures of one width, never wrapped. */
export const NUM_CELL = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const MINUS = '\u2212';
const isZero = (text: string) => !/[1-9]/.test(text);

/**
 * A return given in percent as text (`'1.52'`, `'-4.21'`, 2 decimals from the server) written with its sign, as the
 * table shows it: `+1.52%`, `−4.21%`, and `0.00%` without one. The text is never turned into a float.
 */
export function signedPercent(text: string): string {
  const abs = text.trim().replace(/^[-+]/, '');
  if (isZero(abs)) return `${abs}%`;
  return `${text.trim().startsWith('-') ? MINUS : '+'}${abs}%`;
}

/** A drawdown (a fall, given positive: `'4.21'`) written as the loss it is: `−4.21%`; none is `0.00%`. */
export function drawdownPercent(text: string): string {
  const abs = text.trim().replace(/^[-+]/, '');
  return isZero(abs) ? `${abs}%` : `${MINUS}${abs}%`;
}

/** The signed text behind a drawdown, for the sign colour: a fall of `'4.21'` is `'-4.21'`. */
export const drawdownSigned = (text: string): string => (isZero(text) ? text : `-${text.trim().replace(/^[-+]/, '')}`);

/** Sorts as `?sort=` takes them: a key lowest first, `-key` highest first, '' the newest strategy first. */
export type StrategySort = CopyAdminSort | '';

/** The sort after a click on a column's heading: highest first, then lowest first, and so on. */
export function nextSort(current: StrategySort, key: CopyAdminSortKey): CopyAdminSort {
  return current === `-${key}` ? key : `-${key}`;
}

/** How a column's heading shows the sort: the direction when it sorts by that column, else undefined. */
export function sortDirection(current: StrategySort, key: CopyAdminSortKey): 'asc' | 'desc' | undefined {
  return current === key ? 'asc' : current === `-${key}` ? 'desc' : undefined;
}
