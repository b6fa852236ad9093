import { describe, expect, it } from 'vitest';
import { fieldToKeepClear, RECENT_MS, spanOf, toastBand } from './toast-place.ts';

describe('toastBand', () => {
  const screen = { top: 0, height: 800 };

  it('keeps the usual place when no field is being edited', () => {
    expect(toastBand(null, screen)).toBeNull();
  });

  it('goes below a field in the upper half and above one in the lower half, never over it', () => {
    const upper = { top: 200, bottom: 244 };
    expect(toastBand(upper, screen)).toEqual({ top: 252, height: 540 });
    const lower = { top: 700, bottom: 744 };
    const band = toastBand(lower, screen)!;
    expect(band).toEqual({ top: 8, height: 684 });
    expect(band.top + band.height).toBeLessThanOrEqual(lower.top);
  });

  it('uses the visible part of the page (a keyboard open shrinks it)', () => {
    const composer = { top: 380, bottom: 424 };
    expect(toastBand(composer, { top: 0, height: 430 })).toEqual({ top: 8, height: 364 });
  });
});

describe('the field a toast keeps clear of (issue 33: the login error covered the password field)', () => {
  const is = {
    textField: (el: string) => el.startsWith('input:'),
    page: (el: string) => el === 'body',
    sameFormButton: (el: string, field: string) => el.startsWith('button:') && el.split(':')[1] === field.split(':')[1],
  };
  const left = (at: number) => ({ el: 'input:login:password', at, connected: true });

  it('is the focused field', () => {
    expect(fieldToKeepClear('input:login:email', null, 0, is)).toBe('input:login:email');
  });

  it('is the password field just left when "Log in" of the same form took the focus, or the page did', () => {
    expect(fieldToKeepClear('button:login', left(1000), 1500, is)).toBe('input:login:password');
    expect(fieldToKeepClear('body', left(1000), 1000 + RECENT_MS - 1, is)).toBe('input:login:password');
    expect(fieldToKeepClear(null, left(1000), 1500, is)).toBe('input:login:password');
  });

  it('is none once focus went to another form, time has passed, or the field is gone', () => {
    expect(fieldToKeepClear('button:other', left(1000), 1500, is)).toBeNull();
    expect(fieldToKeepClear('body', left(1000), 1000 + RECENT_MS, is)).toBeNull();
    expect(fieldToKeepClear('body', { ...left(1000), connected: false }, 1500, is)).toBeNull();
  });
});

describe("a form's fields together", () => {
  it('are kept clear as one span: the toast goes above the email or below the password, over neither', () => {
    const span = spanOf([
      { top: 300, bottom: 350 },
      { top: 370, bottom: 420 },
    ])!;
    expect(span).toEqual({ top: 300, bottom: 420 });
    const band = toastBand(span, { top: 0, height: 844 })!;
    expect(band.top).toBeGreaterThanOrEqual(420);
    expect(spanOf([])).toBeNull();
  });
});
