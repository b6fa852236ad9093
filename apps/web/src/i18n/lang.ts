import { DEFAULT_LANG, LANG_TAGS, RTL_LANGS, langFromBrowser, parseLang, type Lang } from '@tradepad/contracts/languages';

/** localStorage key of the user's language choice. */
export const LANG_STORAGE_KEY = 'tradepad.lang';
/** localStorage key of the broker's `default_language` as last heard (basic info), for the next start. */
export const BROKER_LANG_KEY = 'tradepad.brokerLang';

/**
 * The language the reader asked for (DESIGN §17 "First visit"): `?lang=` (`tw` means hk; an unknown value is
 * ignored), else the stored choice, else the browser's first language that is one of the 14 (`navigator.languages`);
 * undefined when none of them says (then the broker's `default_language` decides).
 */
export function askedLang(search: string, stored: string | null | undefined, browser?: readonly string[]): Lang | undefined {
  return parseLang(new URLSearchParams(search).get('lang')) ?? parseLang(stored) ?? langFromBrowser(browser);
}

/**
 * The language to start in: the one asked for (askedLang), else the broker's `default_language` as last heard,
 * else hk.
 */
export function resolveLang(
  search: string,
  stored: string | null | undefined,
  browser?: readonly string[],
  brokerDefault?: string | null,
): Lang {
  return askedLang(search, stored, browser) ?? parseLang(brokerDefault) ?? DEFAULT_LANG;
}

export function readStoredLang(): string | null {
  try {
    return localStorage.getItem(LANG_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}

export function isRtl(lang: Lang): boolean {
  return RTL_LANGS.has(lang);
}

/** `<html lang>` and `dir` follow the language. */
export function applyDocumentLang(lang: Lang): void {
  const html = document.documentElement;
  html.lang = LANG_TAGS[lang];
  html.dir = isRtl(lang) ? 'rtl' : 'ltr';
}
