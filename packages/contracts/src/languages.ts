/** The 14 interface languages, in the order the language screen lists them. `hk` is the default. */
export const LANGS = ['hk', 'en', 'jp', 'kr', 'th', 'vn', 'fr', 'de', 'ru', 'spa', 'pt', 'ar', 'it', 'tr'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'hk';

/** BCP 47 tag of each language, for Intl formatting and `<html lang>`. */
export const LANG_TAGS: Record<Lang, string> = {
  hk: 'zh-HK',
  en: 'en',
  jp: 'ja',
  kr: 'ko',
  th: 'th',
  vn: 'vi',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  spa: 'es',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
};

/** The language's own name, as the language screen shows it. */
export const LANG_NAMES: Record<Lang, string> = {
  hk: '繁體中文',
  en: 'English',
  jp: '日本語',
  kr: '한국어',
  th: 'ไทย',
  vn: 'Tiếng Việt',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  spa: 'Español',
  pt: 'Português',
  ar: 'العربية',
  it: 'Italiano',
  tr: 'Türkçe',
};

export const RTL_LANGS: ReadonlySet<Lang> = new Set<Lang>(['ar']);

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * Reads a language code as the spec's `?lang=` rule does: `tw` means hk, a known code is itself, anything else is
 * undefined (the caller falls back to the stored choice, then hk).
 */
export function parseLang(value: unknown): Lang | undefined {
  if (value === 'tw') return 'hk';
  return isLang(value) ? value : undefined;
}

/** The app's language for each primary subtag a browser may send (BCP 47, lower case). */
export const LANG_BY_BROWSER_TAG: Readonly<Record<string, Lang>> = {
  // Chinese, Simplified and Traditional alike: the app has no Simplified locale, and Traditional reads closer than any
  // other of the 14 to a reader of either.
  zh: 'hk',
  en: 'en',
  ja: 'jp',
  ko: 'kr',
  th: 'th',
  vi: 'vn',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  es: 'spa',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
};

/**
 * The first of the browser's languages (`navigator.languages`, most wanted first) that is one of the 14 (DESIGN §17
 * "First visit"): en-US → en, de-DE → de, zh-TW, zh-HK and zh-CN → hk, es-419 → spa, ja → jp; undefined when none is.
 */
export function langFromBrowser(tags: readonly string[] | undefined): Lang | undefined {
  for (const tag of tags ?? []) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    const lang = LANG_BY_BROWSER_TAG[primary];
    if (lang) return lang;
  }
  return undefined;
}
