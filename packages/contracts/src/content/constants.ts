/**
 * News, announcements and copy-trade rankings (spec §3 "News", "Rank entry"). Zod-free so the web app can import it
 * whole; the parameter schemas live in content-params.ts.
 */

/** `news/list`'s `category_id`. */
export const NEWS_CATEGORY = 1;
export const ANNOUNCEMENT_CATEGORY = 2;
export type NewsCategory = typeof NEWS_CATEGORY | typeof ANNOUNCEMENT_CATEGORY;
/**
 * Issue 21 (DESIGN §13): the sign-up documents (terms, privacy policy, risk disclosure) are articles of their own
 * category, edited by content staff like any article and never listed with the news; `default/legal_page?key=` reads one.
 */
export const LEGAL_CATEGORY = 3;
export const LEGAL_PAGES = ['terms', 'privacy', 'risk'] as const;
export type LegalPageKey = (typeof LEGAL_PAGES)[number];

/**
 * The REST answers' shapes, each derived from its zod schema in content/answers.ts (type-only, so importing this file
 * never pulls zod into the web app's bundle).
 */
import type { LegalPage, NewsDetail, NewsItem, NewsList, RankEntry, RankList, RankSetting } from './answers.ts';
export type { LegalPage, NewsDetail, NewsItem, NewsList, RankEntry, RankList, RankSetting };

/**
 * The article HTML allow-list (DESIGN §7), one list for the server's sanitiser (on save) and the app's (on render):
 * text structure, tables and links; no scripts, event handlers, styles, images or frames.
 */
export const ARTICLE_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'blockquote',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'code',
  'pre',
  'span',
] as const;
export const ARTICLE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};
/** Link schemes articles may use. */
export const ARTICLE_LINK_SCHEMES = ['https', 'mailto'] as const;
