import { describe, expect, it } from 'vitest';
import { messagesEn } from '../i18n/messages.en.ts';
import { messagesHk } from '../i18n/messages.hk.ts';
import { formatTime, kycStatus, recordStatus, timeParts } from './format.ts';

/** A `tp.…` key's English text. */
const en = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], messagesEn);
const hk = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], messagesHk);

describe('back-office formatting', () => {
  it('names deposit and withdrawal statuses, with the queue’s own word for completed', () => {
    expect([0, 1, 2, 3].map((s) => en(recordStatus(s, 'paid').key))).toEqual(['Unreviewed', 'Paid', 'Rejected', 'Invalid']);
    expect(en(recordStatus(1, 'credited').key)).toBe('Credited');
    expect(recordStatus(0, 'credited').tone).toBe('warning');
    expect(hk(recordStatus(1, 'paid').key)).toBe('已付款');
  });

  it('names real-name statuses', () => {
    expect([1, 2, 3].map((s) => en(kycStatus(s).key))).toEqual(['Waiting', 'Approved', 'Rejected']);
  });

  it('shows an unset time as a dash and reads seconds and milliseconds alike', () => {
    expect(formatTime(null)).toBe('—');
    expect(formatTime(0)).toBe('—');
    expect(formatTime(1_700_000_000)).toBe(formatTime(1_700_000_000_000));
    expect(formatTime(1_700_000_000_000, 'zh-HK')).toMatch(/2023/);
  });

  it('splits a time into its date and its time for two-line cells', () => {
    expect(timeParts(null)).toBeUndefined();
    const [date, time] = timeParts(1_700_000_000_000, 'en-GB')!;
    expect(date).toMatch(/Nov 2023/);
    expect(time).toMatch(/^\d{2}:\d{2}$/);
    expect(timeParts(1_700_000_000)).toEqual(timeParts(1_700_000_000_000));
  });
});
