/** The support subject's REST paths, relative to the API origin (gathered into `API`/`ADMIN_API` in api-paths.ts). */

export const SUPPORT_PATHS = {
  /** The support chat (DESIGN §13): `GET ?page=` the user's thread, newest first; `POST {text, image?}`. */
  supportMessages: '/api/support/messages',
} as const;

export const SUPPORT_ADMIN_PATHS = {
  /** The support inbox (DESIGN §13): `GET` threads, `GET /:id` one user's thread, `POST /:id {text}` a reply. */
  supportThreads: '/admin/api/support/threads',
} as const;
