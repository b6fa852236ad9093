import { describe, expect, it } from 'vitest';
import { copyEventKey, skipReasonText } from './copy-events.ts';

const known: Record<string, string> = {
  'copy.skip.below_min_lot': 'Below the minimum lot',
  'copy.skip.other': 'Not copied',
};
const t = (key: string) => known[key] ?? key;

describe('skipReasonText', () => {
  it('translates a reason key, with or without its prefix', () => {
    expect(skipReasonText(t, 'copy.skip.below_min_lot')).toBe('Below the minimum lot');
    expect(skipReasonText(t, 'below_min_lot')).toBe('Below the minimum lot');
  });

  it('falls back to the server’s text, then to a general one', () => {
    expect(skipReasonText(t, 'copy.skip.something_new', 'Server says why')).toBe('Server says why');
    expect(skipReasonText(t, 'copy.skip.something_new')).toBe('Not copied');
    expect(skipReasonText(t, '')).toBe('Not copied');
  });
});

describe('copyEventKey', () => {
  it('names each event and anything else', () => {
    expect(copyEventKey('fill')).toBe('copy.event.fill');
    expect(copyEventKey('stops')).toBe('copy.event.stops');
    expect(copyEventKey('weird')).toBe('copy.event.other');
  });
});
