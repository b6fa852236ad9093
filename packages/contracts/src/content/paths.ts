/** The content subject's REST paths, relative to the API origin (gathered into `API`/`ADMIN_API` in api-paths.ts). */

export const CONTENT_PATHS = {
  /** Issue 21: a sign-up document (`?key=terms|privacy|risk`), edited by content staff. */
  legalPage: '/api/default/legal_page',
  newsList: '/api/news/list',
  newsInfo: '/api/news/info',
  followList: '/api/follow/list',
  /** Beyond the spec: opt in to (or out of) the copy-trade rankings. */
  rankSetting: '/api/user/rank_setting',
} as const;
