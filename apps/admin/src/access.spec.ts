import { describe, expect, it } from 'vitest';
import { actionKind, mayUse, sectionsFor } from './access.ts';

describe('what each staff role sees', () => {
  it('shows each role only the sections the server lets it use', () => {
    expect(sectionsFor('super_admin')).toEqual([
      'dashboard',
      'positions',
      'risk',
      'deposits',
      'withdrawals',
      'kyc',
      'channels',
      'instruments',
      'settings',
      'staff',
      'audit',
      'reports',
      'outbox',
      'support',
    ]);
    expect(sectionsFor('finance')).toEqual(['dashboard', 'deposits', 'withdrawals', 'channels', 'settings', 'reports']);
    expect(sectionsFor('compliance')).toEqual(['dashboard', 'kyc', 'settings', 'audit', 'outbox']);
    expect(sectionsFor('dealer')).toEqual(['dashboard', 'positions', 'risk', 'instruments']);
    expect(mayUse('dealer', 'instruments', 'act')).toBe(false);
    expect(sectionsFor('support')).toEqual(['dashboard', 'support']);
    expect(sectionsFor('content')).toEqual(['dashboard']);
    expect(sectionsFor(undefined)).toEqual([]);
    for (const role of ['finance', 'compliance', 'dealer', 'content']) expect(mayUse(role, 'support')).toBe(false);
  });

  it('lets finance read the wallet rule but not change it', () => {
    expect(mayUse('finance', 'wallet-settings', 'read')).toBe(true);
    expect(mayUse('finance', 'wallet-settings', 'act')).toBe(false);
    expect(mayUse('compliance', 'wallet-settings', 'act')).toBe(true);
  });

  it('maps channel resources onto the channels section and refuses unknown ones', () => {
    expect(mayUse('finance', 'draw-currencies', actionKind('edit'))).toBe(true);
    expect(mayUse('compliance', 'wire-channels', actionKind('list'))).toBe(false);
    expect(mayUse('super_admin', 'no-such-section')).toBe(false);
    expect(mayUse('super_admin', 'staff', actionKind('create'))).toBe(true);
    expect(mayUse('compliance', 'staff')).toBe(false);
  });
});
