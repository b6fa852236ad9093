import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { setServerLang, setUnreachableMessage } from '../providers/http.ts';
import { messagesEn } from './messages.en.ts';
import { messagesHk } from './messages.hk.ts';
import { raMessagesHk } from './ra-messages.hk.ts';
import { LANG_TAG, initialLang, langStore, type ConsoleLang } from './lang.ts';

const MESSAGES: Record<ConsoleLang, TranslationMessages> = {
  en: mergeTranslations(englishMessages, messagesEn),
  hk: mergeTranslations(raMessagesHk, messagesHk),
};

/** Tells the server which language to answer `msg` in, and the page which language it is in. */
function applyLang(lang: ConsoleLang) {
  setServerLang(lang);
  setUnreachableMessage(messagesOf(lang).tp.common.unreachable);
  document.documentElement.lang = LANG_TAG[lang];
}

const messagesOf = (lang: ConsoleLang) => (lang === 'hk' ? messagesHk : messagesEn);

/**
 * English and Traditional Chinese (Hong Kong). The console opens in `?lang=` (en, hk; tw means hk), else the language
 * chosen before, else English (DESIGN §11); switching in the app bar is remembered.
 */
export function buildI18nProvider(search: string) {
  const first = initialLang(search, langStore.get());
  applyLang(first);
  const provider = polyglotI18nProvider(
    (locale) => {
      const lang: ConsoleLang = locale === 'hk' ? 'hk' : 'en';
      langStore.set(lang);
      applyLang(lang);
      return MESSAGES[lang];
    },
    first,
    [
      { locale: 'en', name: 'English' },
      { locale: 'hk', name: '繁體中文' },
    ],
    { allowMissing: true },
  );
  return { provider, first };
}
