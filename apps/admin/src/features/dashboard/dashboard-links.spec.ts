import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@tradepad/contracts/staff/constants';
import { mayUse } from '../../access.ts';
import { FIGURE_LISTS, figureLink, type FigureKey } from './dashboard-links.ts';

const FIGURES = Object.keys(FIGURE_LISTS) as FigureKey[];

describe("the dashboard's links (issue 18 point 2)", () => {
  it('links every figure to its list for a super admin', () => {
    expect(Object.fromEntries(FIGURES.map((f) => [f, figureLink('super_admin', f)]))).toEqual({
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
        const to = figureLink(role, figure);
        const open = FIGURE_LISTS[figure].filter((l) => mayUse(role, l.section));
        expect(to, `${role} ${figure}`).toBe(open[0]?.to);
      }
    expect(FIGURES.map((f) => figureLink(undefined, f)).filter(Boolean)).toEqual([]);
  });

  it('finds each role another list where the first is not theirs', () => {
    expect(figureLink('finance', 'ledger')).toBe('/reports');
    expect(figureLink('compliance', 'ledger')).toBe('/audit');
    expect(figureLink('dealer', 'online')).toBe('/positions');
    expect(figureLink('support', 'online')).toBe('/users');
    expect(figureLink('content', 'signups')).toBe('/users');
    expect(figureLink('dealer', 'house_pnl')).toBe('/risk');
    expect(figureLink('compliance', 'queue_kyc')).toBe('/kyc');
    expect(figureLink('compliance', 'queue_deposits')).toBeUndefined();
    expect(figureLink('content', 'ledger')).toBeUndefined();
  });
});
