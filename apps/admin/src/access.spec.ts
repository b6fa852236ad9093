import { describe, expect, it } from 'vitest';
import { actionKind, mayUse, sectionsFor } from './access.ts';

describe('what each staff role sees', () => {
  it('shows each role only the sections the server lets it use', () => {
    expect(sectionsFor('super_admin')).toEqual([
      'users',
      'deposits',
      'withdrawals',
      'kyc',
      'channels',
      'settings',
      'staff',
      'outbox',
    ]);
    expect(sectionsFor('finance')).toEqual(['users', 'deposits', 'withdrawals', 'channels', 'settings']);
    expect(sectionsFor('compliance')).toEqual(['users', 'kyc', 'settings', 'outbox']);
    for (const role of ['dealer', 'content', 'support']) expect(sectionsFor(role)).toEqual(['users']);
    expect(sectionsFor(undefined)).toEqual([]);
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
    expect(mayUse('super_admin', 'audit')).toBe(false);
    expect(mayUse('super_admin', 'staff', actionKind('create'))).toBe(true);
    expect(mayUse('compliance', 'staff')).toBe(false);
  });
});
