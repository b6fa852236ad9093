import { describe, expect, it } from 'vitest';
import { actionKind, mayUse, sectionsFor } from './access.ts';

describe('what each staff role sees', () => {
  it('shows each role only the sections the server lets it use', () => {
    expect(sectionsFor('super_admin')).toEqual([
      'dashboard',
      'positions',
      'risk',
      'users',
      'deposits',
      'withdrawals',
      'kyc',
      'channels',
      'instruments',
      'news',
      'settings',
      'staff',
      'audit',
      'reports',
      'outbox',
      'support',
    ]);
    expect(sectionsFor('finance')).toEqual(['dashboard', 'users', 'deposits', 'withdrawals', 'channels', 'settings', 'reports']);
    expect(sectionsFor('compliance')).toEqual(['dashboard', 'users', 'kyc', 'settings', 'audit', 'outbox']);
    expect(sectionsFor('dealer')).toEqual(['dashboard', 'positions', 'risk', 'users', 'instruments']);
    expect(mayUse('dealer', 'instruments', 'act')).toBe(false);
    expect(sectionsFor('support')).toEqual(['dashboard', 'users', 'support']);
    expect(sectionsFor('content')).toEqual(['dashboard', 'users', 'news']);
    for (const role of ['finance', 'compliance', 'dealer', 'support']) expect(mayUse(role, 'news')).toBe(false);
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
});
