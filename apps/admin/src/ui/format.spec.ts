import { describe, expect, it } from 'vitest';
import { withQuery } from '../api.ts';
import { formatTime, kycStatus, recordStatus } from './format.ts';

describe('back-office formatting', () => {
  it('names deposit and withdrawal statuses, with the queue’s own word for completed', () => {
    expect([0, 1, 2, 3].map((s) => recordStatus(s, 'Paid').label)).toEqual(['Unreviewed', 'Paid', 'Rejected', 'Invalid']);
    expect(recordStatus(0, 'Credited').tone).toBe('pending');
  });

  it('names real-name statuses', () => {
    expect([1, 2, 3].map((s) => kycStatus(s).label)).toEqual(['Waiting', 'Approved', 'Rejected']);
  });

  it('shows an unset time as a dash and reads seconds and milliseconds alike', () => {
    expect(formatTime(null)).toBe('—');
    expect(formatTime(0)).toBe('—');
    expect(formatTime(1_700_000_000)).toBe(formatTime(1_700_000_000_000));
  });

  it('builds list URLs without empty filters', () => {
    expect(withQuery('/admin/api/deposits', { status: 0, user_id: undefined, page: 1, limit: 20 })).toBe(
      '/admin/api/deposits?status=0&page=1&limit=20',
    );
    expect(withQuery('/admin/api/kyc', { status: undefined })).toBe('/admin/api/kyc');
  });
});
