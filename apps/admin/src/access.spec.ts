import { describe, expect, it } from 'vitest';
import { actionKind, mayUse, sectionsFor } from './access.ts';

describe('what each staff role sees', () => {
  it('shows each role only the sections the server lets it use', () => {
    expect(sectionsFor('super_admin')).toEqual([
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
    ]);
    expect(sectionsFor('finance')).toEqual(['deposits', 'withdrawals', 'channels', 'settings', 'reports']);
    expect(sectionsFor('compliance')).toEqual(['kyc', 'settings', 'audit', 'outbox']);
    expect(sectionsFor('dealer')).toEqual(['instruments']);
    expect(mayUse('dealer', 'instruments', 'act')).toBe(false);
    for (const role of ['content', 'support', undefined]) expect(sectionsFor(role)).toEqual([]);
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
