import { z } from 'zod';
import { LANGS } from '../languages.ts';

/** One language's copy of an article as staff edit it. */
export const articleCopy = z.object({ title: z.string(), desc: z.string(), content: z.string() });

/** `GET /admin/api/news` rows, and what saving an article answers: every language's copy, drafts included. */
export const adminArticleSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  logo: z.string(),
  published: z.boolean(),
  /** draft (not published), scheduled (published, `publish_at` ahead) or published (traders see it). */
  status: z.enum(['draft', 'scheduled', 'published']),
  /** Unix ms from which traders see it; null for a draft. */
  publish_at: z.number().nullable(),
  text: z.partialRecord(z.enum(LANGS), articleCopy),
  /** Unix milliseconds. */
  created_at: z.number(),
  updated_at: z.number(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;
export type ArticleStatus = AdminArticle['status'];
