import { describe, expect, it } from 'vitest';
import { COMPANY_COOKIE_MAX_AGE_S, companyCookie, companyIdIn } from './company-cookie.ts';

describe('company cookie', () => {
  it('lasts 3 years site-wide', () => {
    expect(COMPANY_COOKIE_MAX_AGE_S).toBe(94_608_000);
    expect(companyCookie(7, true)).toBe('tradepad_company=7; Max-Age=94608000; Path=/; SameSite=Lax; Secure');
    expect(companyCookie(7, false)).not.toContain('Secure');
  });
  it('reads the id back from document.cookie', () => {
    expect(companyIdIn('a=1; tradepad_company=12; b=2')).toBe(12);
    expect(companyIdIn('a=1')).toBeNull();
    expect(companyIdIn('tradepad_company=abc')).toBeNull();
  });
});
