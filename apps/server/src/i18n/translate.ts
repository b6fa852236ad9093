import { DEFAULT_LANG, parseLang, type Lang } from '@tradepad/contracts';
import type { MessageKey } from './messages.en.ts';
import { MESSAGES } from './messages.ts';

export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES.en, key);
}

/** The message in `lang`, placeholders filled. An unknown key falls back to the generic field error. */
export function translate(lang: Lang, key: string, params: MessageParams = {}): string {
  const catalog = MESSAGES[lang];
  const template = isMessageKey(key) ? catalog[key] : catalog['err.bad_request'];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The request's language from its `lang` header (DESIGN §3): one of the 14 codes, `tw` meaning hk, else hk. */
export function langFromHeader(value: unknown): Lang {
  const first = Array.isArray(value) ? value[0] : value;
  return parseLang(typeof first === 'string' ? first.trim() : undefined) ?? DEFAULT_LANG;
}
