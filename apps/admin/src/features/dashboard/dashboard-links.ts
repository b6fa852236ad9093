import type { Section } from '../../sections.ts';

/** The dashboard's figures (issue 18 point 2). */
export type FigureKey =
  | 'deposits'
  | 'withdrawals'
  | 'fees'
  | 'house_pnl'
  | 'signups'
  | 'online'
  | 'queue_deposits'
  | 'queue_withdrawals'
  | 'queue_kyc'
  | 'ledger';

/** The lists behind each figure, best first: the figure opens the first one the role may use. */
export const FIGURE_LISTS: Record<FigureKey, ReadonlyArray<{ section: Section; to: string }>> = {
  deposits: [{ section: 'deposits', to: '/deposits' }],
  withdrawals: [{ section: 'withdrawals', to: '/withdrawals' }],
  fees: [{ section: 'reports', to: '/reports' }],
  // Today's realised trading P/L is a line of the reports; the risk page has the open positions' side of it.
  house_pnl: [
    { section: 'reports', to: '/reports' },
    { section: 'risk', to: '/risk' },
  ],
  signups: [{ section: 'users', to: '/users' }],
  // The desk lists who holds positions; every other role finds the traders among the users.
  online: [
    { section: 'positions', to: '/positions' },
    { section: 'users', to: '/users' },
  ],
  queue_deposits: [{ section: 'deposits', to: '/deposits' }],
  queue_withdrawals: [{ section: 'withdrawals', to: '/withdrawals' }],
  queue_kyc: [{ section: 'kyc', to: '/kyc' }],
  // The ledger's movements by day are in the reports; the audit log has who moved money by hand.
  ledger: [
    { section: 'reports', to: '/reports' },
    { section: 'audit', to: '/audit' },
  ],
};

/**
 * Where a figure leads a role, given what it `may` read (useAccess): its first list the role may open, or nowhere (the
 * figure is shown as plain text).
 */
export function figureLink(may: (section: Section) => boolean, figure: FigureKey): string | undefined {
  return FIGURE_LISTS[figure].find((l) => may(l.section))?.to;
}
