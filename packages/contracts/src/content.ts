/**
 * News, announcements and copy-trade rankings (spec §3 "News", "Rank entry"). Zod-free so the web app can import it
 * whole; the parameter schemas live in content-params.ts.
 */

/** `news/list`'s `category_id`. */
export const NEWS_CATEGORY = 1;
export const ANNOUNCEMENT_CATEGORY = 2;
export type NewsCategory = typeof NEWS_CATEGORY | typeof ANNOUNCEMENT_CATEGORY;

/** One row of `news/list`, in the request's language. */
export interface NewsItem {
  id: number;
  category_id: NewsCategory;
  title: string;
  desc: string;
  logo: string;
  created_at: string;
}

/** `news/info`: the article with its sanitised HTML. */
export interface NewsDetail extends NewsItem {
  content: string;
}

/** One copy-trade leader of `follow/list` (spec §3 "Rank entry"). Rates are percentages with 2 decimals. */
export interface RankEntry {
  /** A masked name: the leader opted in to be listed, not to be identified. */
  user: string;
  /** The leverage they use most. */
  multiple: number;
  /** Profit over the last 3 weeks ÷ margin committed, %. */
  three_week_rate: string;
  /** Winning closed orders over the last 3 weeks, %. */
  three_week_win: string;
  /** Profit over the last 3 weeks, USD. */
  three_week_profit: string;
  /** All-time profit ÷ margin committed, %. */
  total_rate: string;
  total_trade_num: number;
  /** The instrument they trade most (the "variety"). */
  code: string;
  followers: number;
}

/** `follow/list`: the leaders and when they were computed. */
export interface RankList {
  data: RankEntry[];
  total: number;
  /** Unix ms of the computation (the list refreshes every few minutes). */
  updated_at: number;
}

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
