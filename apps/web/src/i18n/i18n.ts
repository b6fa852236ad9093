import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@tradepad/contracts/languages';
import type { Locale } from 'antd-mobile/es/locales/base';
import { applyDocumentLang, storeLang } from './lang.ts';

/**
 * i18next with one JSON file per language under `locales/`, loaded on demand so the first screen carries only the
 * language it shows. Every language is complete (locales.spec.ts), so there is no fallback chain to hide a gap.
 */
type Messages = Record<string, unknown>;
const messageLoaders = import.meta.glob<Messages>('./locales/*.json', { import: 'default' });

/** antd-mobile's own texts (Picker buttons, Dialog buttons…) in each of our languages. */
const antdLoaders: Record<Lang, () => Promise<{ default: Locale }>> = {
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  en: () => import('antd-mobile/es/locales/en-US'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vn: () => import('antd-mobile/es/locales/vi-VN'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  tr: () => import('antd-mobile/es/locales/tr-TR'),
};

const antdLocales = new Map<Lang, Locale>();

export function antdLocale(lang: Lang): Locale | undefined {
  return antdLocales.get(lang);
}

async function loadLanguage(lang: Lang): Promise<void> {
  const load = messageLoaders[`./locales/${lang}.json`];
  if (!load) throw new Error(`missing locale ${lang}`);
  const [messages, antd] = await Promise.all([
    i18next.hasResourceBundle(lang, 'translation') ? Promise.resolve(null) : load(),
    antdLocales.has(lang) ? Promise.resolve(null) : antdLoaders[lang](),
  ]);
  if (messages) i18next.addResourceBundle(lang, 'translation', messages, true, true);
  if (antd) antdLocales.set(lang, antd.default);
}

export async function initI18n(lang: Lang): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  await loadLanguage(lang);
  await i18next.changeLanguage(lang);
  applyDocumentLang(lang);
}

/** Loads and switches to `lang`, remembers it and updates `<html lang dir>`. */
export async function switchLanguage(lang: Lang): Promise<void> {
  await loadLanguage(lang);
  await i18next.changeLanguage(lang);
  storeLang(lang);
  applyDocumentLang(lang);
}

export { i18next };
