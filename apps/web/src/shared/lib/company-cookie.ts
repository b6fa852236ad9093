/** The company a main-site visitor last looked at (spec §9: the company cookie is kept 3 years). */
export const COMPANY_COOKIE = 'tradepad_company';
/** 3 years in seconds (365 × 3 days). */
export const COMPANY_COOKIE_MAX_AGE_S = 3 * 365 * 24 * 60 * 60;

/** The cookie string that remembers company `id` for 3 years, site-wide. */
export function companyCookie(id: number, secure: boolean): string {
  return `${COMPANY_COOKIE}=${id}; Max-Age=${COMPANY_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The remembered company id in a `document.cookie` string, or null. */
export function companyIdIn(cookies: string): number | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COMPANY_COOKIE) {
      const id = Number(value);
      return Number.isSafeInteger(id) && id > 0 ? id : null;
    }
  }
  return null;
}

export function rememberCompany(id: number): void {
  document.cookie = companyCookie(id, window.location.protocol === 'https:');
}

export function rememberedCompanyId(): number | null {
  return companyIdIn(document.cookie);
}
