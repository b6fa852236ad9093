import { describe, expect, it } from 'vitest';
import { changedFields, fieldText } from './change-fields.ts';

describe('the changes page', () => {
  it('lists only the fields a change sets to something new, every field of a channel to be added', () => {
    const before = { type: 1, currency_code: 'USDT', address: 'TA', enabled: 1 };
    expect(changedFields({ before, after: { ...before, address: 'TB' } })).toEqual(['address']);
    expect(changedFields({ before: null, after: before })).toEqual(['currency_code', 'address', 'enabled']);
  });
  it('writes an empty value as a dash', () => {
    expect(fieldText('')).toBe('—');
    expect(fieldText(null)).toBe('—');
    expect(fieldText(1000)).toBe('1000');
  });
});
