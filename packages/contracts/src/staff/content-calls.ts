import { noData } from '../answers.ts';
import { adminNewsListParams, articleParams, publishParams } from '../content/params.ts';
import { GET, POST, type CallDef } from '../call-def.ts';
import { STAFF_ACCESS as ROLES } from './constants.ts';
import { STAFF_ADMIN_PATHS as ADMIN_API } from './paths.ts';
import { adminArticleSchema } from './content.ts';
import { adminPageOf } from './review.ts';

/** The back office's articles: drafts, scheduling, publishing, every language of each. */
export const CONTENT_ADMIN_CALLS = [
  {
    path: ADMIN_API.news,
    methods: GET,
    auth: 'staff',
    roles: ROLES.content,
    tag: 'backoffice',
    summary: 'Articles (of a category, in a state, or all), drafts and scheduled ones included, newest first',
    params: adminNewsListParams,
    response: adminPageOf(adminArticleSchema),
  },
  {
    path: ADMIN_API.news,
    methods: POST,
    auth: 'staff',
    roles: ROLES.content,
    idempotent: true,
    tag: 'backoffice',
    summary: 'Add an article, a draft unless `published` (HTML sanitised on save; audited news.create)',
    params: articleParams,
    response: adminArticleSchema,
  },
  {
    path: `${ADMIN_API.news}/:id`,
    methods: GET,
    auth: 'staff',
    roles: ROLES.content,
    tag: 'backoffice',
    summary: 'One article with every language, whatever its state',
    response: adminArticleSchema,
  },
  {
    path: `${ADMIN_API.news}/:id`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.content,
    tag: 'backoffice',
    summary: 'Edit an article; its state stays unless `published` is sent (HTML sanitised on save; audited news.update)',
    params: articleParams,
    response: adminArticleSchema,
  },
  {
    path: `${ADMIN_API.news}/:id/publish`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.content,
    tag: 'backoffice',
    summary: 'Publish an article now, or from a later `publish_at` (unix ms): traders see it from then (audited)',
    params: publishParams,
    response: adminArticleSchema,
  },
  {
    path: `${ADMIN_API.news}/:id/unpublish`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.content,
    tag: 'backoffice',
    summary: 'Take an article back to draft: traders no longer see it (audited)',
    response: adminArticleSchema,
  },
  {
    path: `${ADMIN_API.news}/:id/delete`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.content,
    tag: 'backoffice',
    summary: 'Delete an article for good (audited news.delete with its last copy)',
    response: noData,
  },
] as const satisfies readonly CallDef[];
