import { DEFAULT_LANG, LANG_TAGS, RTL_LANGS, parseLang, type Lang } from '@tradepad/contracts/languages';

/** localStorage key of the user's language choice. */
export const LANG_STORAGE_KEY = 'tradepad.lang';

/**
 * The language to start in (DESIGN §8): `?lang=` wins (`tw` means hk), an unknown value falls back to the stored
 * choice, then hk.
 */
export function resolveLang(search: string, stored: string | null | undefined): Lang {
  const fromUrl = parseLang(new URLSearchParams(search).get('lang'));
  return fromUrl ?? parseLang(stored) ?? DEFAULT_LANG;
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
