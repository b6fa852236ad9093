import { describe, expect, it } from 'vitest';
import { PHONE_LANDSCAPE_QUERY, chartFills } from './use-phone-landscape.ts';

describe('the chart filling the window (DESIGN §17, issue 33: nothing to trade with in landscape)', () => {
  it('fills it when asked, or on a phone turned sideways until the trader leaves it', () => {
    expect(chartFills(true, false, false)).toBe(true);
    expect(chartFills(false, true, false)).toBe(true);
    expect(chartFills(false, true, true)).toBe(false);
    expect(chartFills(true, true, true)).toBe(true);
    expect(chartFills(false, false, false)).toBe(false);
  });

  it('takes a touch screen in landscape for a phone sideways, not a short desktop window', () => {
    expect(PHONE_LANDSCAPE_QUERY).toContain('(orientation: landscape)');
    expect(PHONE_LANDSCAPE_QUERY).toContain('(pointer: coarse)');
  });
});
