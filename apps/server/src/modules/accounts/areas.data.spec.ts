import { describe, it, expect } from 'vitest';
import { CALLING_CODES } from './areas.data.ts';

describe('CALLING_CODES', () => {
  const codes = CALLING_CODES.map(([region]) => region);

  it('has no duplicate region codes', () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('uses two uppercase letters for every region code', () => {
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('uses 1–4 digits for every calling code', () => {
    for (const [, calling] of CALLING_CODES) expect(calling).toMatch(/^\d{1,4}$/);
  });

  it('has at least 230 entries', () => {
    expect(CALLING_CODES.length).toBeGreaterThanOrEqual(230);
  });

  it('puts HK first and US second', () => {
    expect(CALLING_CODES[0]).toEqual(['HK', '852']);
    expect(CALLING_CODES[1]).toEqual(['US', '1']);
  });

  it('sorts everything after the first two by region code', () => {
    const rest = codes.slice(2);
    expect(rest).toEqual([...rest].sort());
  });

  it('includes KP, IL, CN, VU and CU', () => {
    for (const code of ['KP', 'IL', 'CN', 'VU', 'CU']) expect(codes).toContain(code);
  });

  it('has an English display name for every region', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const code of codes) {
      const name = names.of(code);
      expect(name, code).toBeTruthy();
      expect(name, code).not.toBe(code);
    }
  });
});
