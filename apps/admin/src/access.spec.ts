import { describe, expect, it } from 'vitest';
import { CALLS, type CallDef } from '@tradepad/contracts';
import { STAFF_ROLES } from '@tradepad/contracts/staff/constants';
import { SECTIONS, SECTION_NAMES, sectionOf } from './sections.ts';
import { actionKind, mayUse, sectionsFor } from './access.ts';

/** The staff calls of the contracts (the server's judge of every role), by the first part of their path. */
const STAFF_CALLS = CALLS.filter((c) => c.auth === 'staff' && c.path.startsWith('/admin/api/'));
const segmentOf = (c: CallDef) => c.path.slice('/admin/api/'.length).split('/')[0]!;
/** The section a call belongs to: its resource's, or the section of the same name. */
const sectionOfCall = (c: CallDef) => sectionOf(segmentOf(c));
/** Every resource the sections name, react-admin's and the ones only their pages call. */
const RESOURCES = Object.values(SECTIONS).flatMap((s) => Object.keys(s.resources ?? {}));
const allows = (c: CallDef, role: string) => (c.roles ?? STAFF_ROLES).some((r) => r === role);
const reads = (c: CallDef) => c.methods.includes('GET');
const acts = (c: CallDef) => c.methods.includes('POST');

describe('what each staff role sees', () => {
  it('shows each role only the sections the server lets it use', () => {
    expect(sectionsFor('super_admin')).toEqual([
      'dashboard',
      'positions',
      'risk',
      'liquidity',
      'hedge',
      'account-types',
      'users',
      'copy',
      'deposits',
      'withdrawals',
      'kyc',
      'channels',
      'changes',
      'instruments',
      'news',
      'settings',
      'staff',
      'audit',
      'reports',
      'outbox',
      'support',
    ]);
    expect(sectionsFor('finance')).toEqual([
      'dashboard',
      'account-types',
      'users',
      'copy',
      'deposits',
      'withdrawals',
      'channels',
      'changes',
      'settings',
      'reports',
    ]);
    for (const role of ['compliance', 'dealer', 'content', 'support']) expect(mayUse(role, 'changes')).toBe(false);
    expect(sectionsFor('compliance')).toEqual(['dashboard', 'account-types', 'users', 'kyc', 'settings', 'audit', 'outbox']);
    expect(sectionsFor('dealer')).toEqual([
      'dashboard',
      'positions',
      'risk',
      'liquidity',
      'hedge',
      'account-types',
      'users',
      'copy',
      'instruments',
    ]);
    expect(mayUse('dealer', 'instruments', 'act')).toBe(false);
    expect(sectionsFor('support')).toEqual(['dashboard', 'account-types', 'users', 'support']);
    expect(sectionsFor('content')).toEqual(['dashboard', 'account-types', 'users', 'news']);
    // Every role reads the published account types; only dealers and super admins change them.
    expect(mayUse('finance', 'account-types', 'act')).toBe(false);
    for (const role of ['finance', 'compliance', 'dealer', 'support']) expect(mayUse(role, 'news')).toBe(false);
    // Copy trading: the desk suspends and resumes strategies; finance reads the fees only, compliance nothing.
    expect(mayUse('dealer', 'copy', 'act')).toBe(true);
    expect(mayUse('finance', 'copy', 'read')).toBe(true);
    expect(mayUse('finance', 'copy', 'act')).toBe(false);
    for (const role of ['compliance', 'content', 'support']) expect(mayUse(role, 'copy')).toBe(false);
    expect(mayUse('content', 'news', actionKind('edit'))).toBe(true);
    expect(mayUse('super_admin', 'news', actionKind('create'))).toBe(true);
    expect(sectionsFor(undefined)).toEqual([]);
    for (const role of ['finance', 'compliance', 'dealer', 'content']) expect(mayUse(role, 'support')).toBe(false);
  });

  it('lets finance read the wallet rule but not change it', () => {
    expect(mayUse('finance', 'wallet-settings', 'read')).toBe(true);
    expect(mayUse('finance', 'wallet-settings', 'act')).toBe(false);
    expect(mayUse('compliance', 'wallet-settings', 'act')).toBe(true);
  });

  it('lets every role read users and only finance and super admins act on them or approve adjustments', () => {
    for (const role of ['super_admin', 'finance', 'compliance', 'dealer', 'content', 'support'])
      expect(mayUse(role, 'users', 'read')).toBe(true);
    expect(mayUse('finance', 'adjustments', 'act')).toBe(true);
    expect(mayUse('super_admin', 'users', 'act')).toBe(true);
    for (const role of ['compliance', 'dealer', 'content', 'support']) {
      expect(mayUse(role, 'adjustments', 'read')).toBe(false);
      expect(mayUse(role, 'users', 'act')).toBe(false);
    }
  });

  it('maps channel resources onto the channels section and refuses unknown ones', () => {
    expect(mayUse('finance', 'draw-currencies', actionKind('edit'))).toBe(true);
    expect(mayUse('compliance', 'wire-channels', actionKind('list'))).toBe(false);
    expect(mayUse('super_admin', 'no-such-section')).toBe(false);
    expect(mayUse('super_admin', 'staff', actionKind('create'))).toBe(true);
    expect(mayUse('compliance', 'staff')).toBe(false);
  });

  it('shows a role a section exactly when the contracts let it read something there', () => {
    for (const section of SECTION_NAMES) {
      const calls = STAFF_CALLS.filter((c) => sectionOfCall(c) === section);
      expect(calls.filter(reads).length, section).toBeGreaterThan(0);
      for (const role of STAFF_ROLES) {
        const why = `${role} in ${section}`;
        expect(sectionsFor(role).includes(section), why).toBe(calls.filter(reads).some((c) => allows(c, role)));
        // Buttons that act: shown only to roles the section's POST calls let in, and to every such role.
        if (calls.some(acts)) expect(mayUse(role, section, 'act'), why).toBe(calls.filter(acts).some((c) => allows(c, role)));
      }
    }
  });

  it("gives each resource's read and act exactly the roles of the calls under its path", () => {
    for (const resource of RESOURCES) {
      const calls = STAFF_CALLS.filter((c) => segmentOf(c) === resource);
      expect(calls.length, resource).toBeGreaterThan(0);
      for (const call of calls)
        for (const method of call.methods)
          for (const role of STAFF_ROLES)
            expect(mayUse(role, resource, method === 'GET' ? 'read' : 'act'), `${role} ${method} ${call.path}`).toBe(
              allows(call, role),
            );
    }
  });
});
