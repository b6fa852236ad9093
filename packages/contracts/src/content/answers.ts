import { z } from 'zod';
import { ANNOUNCEMENT_CATEGORY, NEWS_CATEGORY } from './constants.ts';
import { count, decimal, paged, timeText, unixMs, usd2 } from '../answers.ts';

/**
 * Responses of the news and rankings calls (spec §3 "News", "Rank entry"). The types are re-exported from
 * content.ts.
 */

/** One row of `news/list`, in the request's language. */
export const newsItem = z.object({
  id: count,
  category_id: z.literal([NEWS_CATEGORY, ANNOUNCEMENT_CATEGORY]).describe('1 news, 2 announcements.'),
  title: z.string(),
  desc: z.string().describe('A short plain-text summary.'),
  logo: z.string(),
  created_at: timeText(),
});
export type NewsItem = z.infer<typeof newsItem>;

/** `news/list`: a page of published articles, newest first. */
export const newsList = paged(newsItem);
export type NewsList = z.infer<typeof newsList>;

/** `news/info`: the article with its sanitised HTML. */
export const newsDetail = newsItem.extend({
  content: z.string().describe('The article as HTML, sanitised on save to the allow-list (ARTICLE_TAGS).'),
});
export type NewsDetail = z.infer<typeof newsDetail>;

/** One copy-trade leader of `follow/list` (spec §3 "Rank entry"). Rates are percentages with 2 decimals. */
export const rankEntry = z.object({
  strategy_id: count.describe('The strategy a tap opens (GET /v1/api/copy/strategies/:id), DESIGN §18.'),
  user: z.string().describe('A masked name: the leader opted in to be listed, not to be identified.'),
  multiple: count.describe('The leverage they use most.'),
  three_week_rate: decimal('Profit over the last 3 weeks ÷ margin committed, %.'),
  three_week_win: decimal('Winning closed orders over the last 3 weeks, %.'),
  three_week_profit: usd2('Profit over the last 3 weeks,'),
  total_rate: decimal('All-time profit ÷ margin committed, %.'),
  total_trade_num: count.describe('Closed orders, all time.'),
  code: z.string().describe('The instrument they trade most (the "variety").'),
  followers: count,
});
export type RankEntry = z.infer<typeof rankEntry>;

/** `follow/list`: the leaders and when they were computed. */
export const rankList = paged(rankEntry).extend({
  updated_at: unixMs('When the list was computed (it refreshes every few minutes).'),
});
export type RankList = z.infer<typeof rankList>;

/** `user/rank_setting`: whether the user is now listed. */
export const rankSetting = z.object({
  opt_in: z.boolean(),
});
export type RankSetting = z.infer<typeof rankSetting>;

/** `default/legal_page?key=`: one sign-up document in the request language (issue 21, DESIGN §13). */
export const legalPage = z.object({
  key: z.enum(['terms', 'privacy', 'risk']),
  id: z.number().int().describe('The article behind the page (what a sign-up records it accepted).'),
  title: z.string(),
  content: z.string().describe('Sanitised HTML.'),
  version: z.string().describe('When staff last changed it (ISO 8601 UTC): the version a sign-up accepts.'),
});
export type LegalPage = z.infer<typeof legalPage>;
