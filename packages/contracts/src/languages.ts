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
