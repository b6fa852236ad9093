/** The hedging subject's REST paths (gathered into `ADMIN_API` in api-paths.ts). */
export const HEDGE_ADMIN_PATHS = {
  /** The hedge blotter (DESIGN §14): `GET ?status=&page=&limit=`. */
  hedgeOrders: '/admin/api/hedge/orders',
  /** Hedging's state and the dealer's pause switch: `GET`, `POST {paused}`. */
  hedgeState: '/admin/api/hedge/state',
} as const;
