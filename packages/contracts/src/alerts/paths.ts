/** The alerts subject's REST paths, relative to the API origin (gathered into `API`/`ADMIN_API` in api-paths.ts). */

export const ALERT_PATHS = {
  /** Price alerts (issue 20, DESIGN §12): `GET` lists, `POST` creates, `POST /:id/delete` deletes. */
  alerts: '/v1/api/alerts',
} as const;
