import { z } from 'zod';
import { ANNOUNCEMENT_CATEGORY, LEGAL_CATEGORY, LEGAL_PAGES, NEWS_CATEGORY } from './constants.ts';
import { LANGS, type Lang } from '../languages.ts';
import { codeParam, intParam, pageParams, textParam } from '../params.ts';

export const newsListParams = z.object({
  category_id: z.preprocess(
    (v) => (v === undefined || v === '' ? NEWS_CATEGORY : v),
    codeParam([NEWS_CATEGORY, ANNOUNCEMENT_CATEGORY] as const, 'err.category_invalid'),
  ),
  ...pageParams,
});

/** `default/legal_page`: which sign-up document. */
export const legalPageParams = z.object({ key: z.enum(LEGAL_PAGES, { error: 'err.field_invalid' }) });

export const newsInfoParams = z.object({ id: intParam('err.news_unknown', 1, Number.MAX_SAFE_INTEGER) });

export const followListParams = z.object({ ...pageParams });

/** Beyond the spec: whether the signed-in user is listed in the rankings (off until they opt in). */
export const rankSettingParams = z.object({
  opt_in: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()),
});

/**
 * An image path on our own origin: `/` then segments of letters, digits, `.`, `_`, `-` (none starting with a dot), an
 * image extension. No scheme, no host, no `//`, no `..`, no query.
 */
export const LOCAL_IMAGE_PATH_RE = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,99})+\.(?:svg|png|jpe?g|webp|gif)$/;

const articleText = z.object({
  title: textParam('err.title_required', 1, 200),
  desc: z.string({ error: 'err.field_invalid' }).trim().max(500, { error: 'err.field_invalid' }).default(''),
  /** HTML, sanitised with an allow-list when saved. */
  content: z.string({ error: 'err.field_invalid' }).max(200_000, { error: 'err.field_invalid' }).default(''),
});

/** Back office: an article in any of the 14 languages (at least one); missing languages fall back to en, then hk. */
export const articleParams = z.object({
  category_id: codeParam([NEWS_CATEGORY, ANNOUNCEMENT_CATEGORY, LEGAL_CATEGORY] as const, 'err.category_invalid'),
  /** A path of ours (DESIGN §7, issue 17): never another site's URL, a `javascript:` link or `..`. */
  logo: z
    .string({ error: 'err.field_invalid' })
    .trim()
    .max(300, { error: 'err.field_invalid' })
    .regex(LOCAL_IMAGE_PATH_RE, { error: 'err.field_invalid' })
    .default('/logo.svg'),
  /**
   * Publish (true) or withdraw (false) with the save; left out, a new article is a draft and an edited one keeps its
   * state. The console uses the publish and unpublish calls instead.
   */
  published: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v === true || v === 1 || v === '1' || v === 'true'),
    z.boolean().optional(),
  ),
  text: z
    .partialRecord(z.enum(LANGS), articleText)
    .refine((t) => Object.keys(t).length > 0, { error: 'err.title_required' }) as unknown as z.ZodType<
    Partial<Record<Lang, z.infer<typeof articleText>>>
  >,
});
export type ArticleParams = z.infer<typeof articleParams>;

/** The latest `publish_at` accepted: 1 January 2100 (unix ms). */
export const PUBLISH_AT_MAX = 4_102_444_800_000;

/** Back office: articles of one category or both, in one state or all, newest first. */
export const adminNewsListParams = z.object({
  category_id: z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? undefined : v),
    codeParam([NEWS_CATEGORY, ANNOUNCEMENT_CATEGORY, LEGAL_CATEGORY] as const, 'err.category_invalid').optional(),
  ),
  status: z.preprocess(
    (v) => (v === undefined || v === '' || v === 'all' ? undefined : v),
    z.enum(['draft', 'scheduled', 'published'], { error: 'err.field_invalid' }).optional(),
  ),
  ...pageParams,
});

/**
 * Back office: publish an article now, or from `publish_at` (unix ms; in the future: scheduled, traders see it only
 * from then). At most a year ahead; a time a little in the past (clock skew) means now.
 */
export const publishParams = z.object({
  publish_at: z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? undefined : v),
    intParam('err.publish_at_invalid', 0, PUBLISH_AT_MAX).optional(),
  ),
});
