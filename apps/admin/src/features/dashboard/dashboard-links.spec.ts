import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@tradepad/contracts/staff/constants';
import { mayUse, type Section } from '../../access.ts';
import { FIGURE_LISTS, figureLink, type FigureKey } from './dashboard-links.ts';

const FIGURES = Object.keys(FIGURE_LISTS) as FigureKey[];
/** What `role` may read, as the dashboard's useAccess answers it. */
const mayRead = (role: string | undefined) => (section: Section) => mayUse(role, section);

describe("the dashboard's links (issue 18 point 2)", () => {
  it('links every figure to its list for a super admin', () => {
    expect(Object.fromEntries(FIGURES.map((f) => [f, figureLink(mayRead('super_admin'), f)]))).toEqual({
      deposits: '/deposits',
      withdrawals: '/withdrawals',
      fees: '/reports',
      house_pnl: '/reports',
      signups: '/users',
      online: '/positions',
      queue_deposits: '/deposits',
      queue_withdrawals: '/withdrawals',
      queue_kyc: '/kyc',
      ledger: '/reports',
    });
  });

  it('links a figure only to a list the role may open, and whenever it may open one', () => {
    for (const role of STAFF_ROLES)
      for (const figure of FIGURES) {
        const to = figureLink(mayRead(role), figure);
        const open = FIGURE_LISTS[figure].filter((l) => mayUse(role, l.section));
        expect(to, `${role} ${figure}`).toBe(open[0]?.to);
      }
    expect(FIGURES.map((f) => figureLink(mayRead(undefined), f)).filter(Boolean)).toEqual([]);
  });

  it('finds each role another list where the first is not theirs', () => {
    expect(figureLink(mayRead('finance'), 'ledger')).toBe('/reports');
    expect(figureLink(mayRead('compliance'), 'ledger')).toBe('/audit');
    expect(figureLink(mayRead('dealer'), 'online')).toBe('/positions');
    expect(figureLink(mayRead('support'), 'online')).toBe('/users');
    expect(figureLink(mayRead('content'), 'signups')).toBe('/users');
    expect(figureLink(mayRead('dealer'), 'house_pnl')).toBe('/risk');
    expect(figureLink(mayRead('compliance'), 'queue_kyc')).toBe('/kyc');
    expect(figureLink(mayRead('compliance'), 'queue_deposits')).toBeUndefined();
    expect(figureLink(mayRead('content'), 'ledger')).toBeUndefined();
  });
});
