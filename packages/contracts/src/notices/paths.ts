/** The notices subject's REST paths, relative to the API origin (gathered into `API`/`ADMIN_API` in api-paths.ts). */

export const NOTICE_PATHS = {
  /** In-app notices (issue 21): `GET ?page=` the centre, the unread count, `POST {id?}` mark one or all read. */
  notices: '/api/notices',
  noticesUnread: '/api/notices/unread',
  noticesRead: '/api/notices/read',
  /** Web push (DESIGN §13): the VAPID key, subscribe, unsubscribe, and the kinds pushed. */
  pushVapidKey: '/api/push/vapid_key',
  pushSubscribe: '/api/push/subscribe',
  pushUnsubscribe: '/api/push/unsubscribe',
  pushPrefs: '/api/push/prefs',
} as const;
