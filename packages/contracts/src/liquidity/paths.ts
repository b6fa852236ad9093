/** The liquidity subject's REST paths (DESIGN §14), gathered into `ADMIN_API` in api-paths.ts. */
export const LIQUIDITY_ADMIN_PATHS = {
  /** The FIX sessions to liquidity providers and the quote of each instrument by source. */
  liquidity: '/admin/api/liquidity',
} as const;
