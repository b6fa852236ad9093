import { describe, expect, it } from 'vitest';
import { toastBand } from './toast-place.ts';

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
