import { parseLang } from '@tradepad/contracts/languages';

/** The console's languages (DESIGN §11: it opens in English unless the staff member chose another). */
export const CONSOLE_LANGS = ['en', 'hk'] as const;
export type ConsoleLang = (typeof CONSOLE_LANGS)[number];

const LANG_KEY = 'tradepad.admin.lang';

const consoleLang = (value: unknown): ConsoleLang | undefined => {
  const lang = parseLang(value);
  return lang === 'en' || lang === 'hk' ? lang : undefined;
};

/**
 * The language to open in: `?lang=` (en or hk; `tw` means hk, as in the app), else the one chosen before, else
 * English. A `?lang=` choice is remembered.
 */
export function initialLang(search: string, stored: string | null): ConsoleLang {
  const asked = consoleLang(new URLSearchParams(search).get('lang') ?? undefined);
  return asked ?? consoleLang(stored ?? undefined) ?? 'en';
}

export const langStore = {
  get: () => {
    try {
      return localStorage.getItem(LANG_KEY);
    } catch {
      return null;
    }
  },
  set: (lang: ConsoleLang) => {
    try {
      localStorage.setItem(LANG_KEY, lang);
    } catch {
      // Private mode: the choice lasts until the tab closes.
    }
  },
};

/** BCP 47 tags, for `<html lang>` and dates. */
export const LANG_TAG: Record<ConsoleLang, string> = { en: 'en-GB', hk: 'zh-HK' };
