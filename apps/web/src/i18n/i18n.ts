import { useMemo, useSyncExternalStore } from 'react';
import type { Lang } from '@tradepad/contracts/languages';
import type { Locale } from 'antd-mobile/es/locales/base';
import { applyDocumentLang, storeLang } from './lang.ts';
import { flattenMessages, formatMessage, type Catalogue, type MessageTree, type MessageValues } from './messages.ts';

/**
 * The interface's messages: one JSON file per language under `locales/`, loaded on demand so the first screen carries
 * only the language it shows. Every language is complete (locales.spec.ts), so there is no fallback chain to hide a
 * gap. A small module of our own rather than i18next: the app needs look-up and `{{name}}` placeholders only, and
 * i18next with its React binding was ~15 KB gzipped of the first screen's script plus its start-up and a costlier
 * look-up in every render (issue 6 §8).
 */
const messageLoaders = import.meta.glob<MessageTree>('./locales/*.json', { import: 'default' });
const catalogues = new Map<Lang, Catalogue>();
let language: Lang | undefined;
const listeners = new Set<() => void>();

export type Translate = (key: string, values?: MessageValues) => string;

/** The message for `key` in the current language (outside React; components use `useTranslation`). */
export const translate: Translate = (key, values) => formatMessage(catalogueOf(language), key, values);

function catalogueOf(lang: Lang | undefined): Catalogue | undefined {
  return lang === undefined ? undefined : catalogues.get(lang);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentLanguage = () => language;

/** `t` for the current language; the component renders again when the language changes. */
export function useTranslation(): { t: Translate; lang: Lang | undefined } {
  const lang = useSyncExternalStore(subscribe, currentLanguage);
  // Bound to the language of this render; a new function per language, so memoised children and effects that use
  // `t` follow a language change.
  const t = useMemo<Translate>(() => {
    const messages = catalogueOf(lang);
    return (key, values) => formatMessage(messages, key, values);
  }, [lang]);
  return { t, lang };
}

function setLanguage(lang: Lang): void {
  language = lang;
  for (const listener of listeners) listener();
}

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
    catalogues.has(lang) ? Promise.resolve(null) : load(),
    antdLocales.has(lang) ? Promise.resolve(null) : antdLoaders[lang](),
  ]);
  if (messages) catalogues.set(lang, flattenMessages(messages));
  if (antd) antdLocales.set(lang, antd.default);
}

export async function initI18n(lang: Lang): Promise<void> {
  await loadLanguage(lang);
  setLanguage(lang);
  applyDocumentLang(lang);
}

/** Loads and switches to `lang`, remembers it and updates `<html lang dir>`. */
export async function switchLanguage(lang: Lang, remember = true): Promise<void> {
  await loadLanguage(lang);
  setLanguage(lang);
  // The broker's default is followed, not remembered as the reader's choice (see app/startup.ts).
  if (remember) storeLang(lang);
  applyDocumentLang(lang);
}
