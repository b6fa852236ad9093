/** The desk subject's REST paths, relative to the API origin (gathered into `API`/`ADMIN_API` in api-paths.ts). */

export const DESK_ADMIN_PATHS = {
  /** The trading desk (issue 18): `GET ?status=&symbol=&user_id=&min_lots=`, `POST /:id/close {reason, cont?}`,
   * `POST /:id/stops {stop_loss_price, target_profit_price, reason}` (issue 32). */
  positions: '/admin/api/positions',
  /** Risk: net exposure per instrument over real accounts, and the risk page's lists. */
  exposure: '/admin/api/exposure',
  risk: '/admin/api/risk',
  /** Today's figures for the console's home page. */
  dashboard: '/admin/api/dashboard',
} as const;
