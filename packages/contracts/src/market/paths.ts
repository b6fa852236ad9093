/** The market subject's REST paths, relative to the API origin (gathered into `API`/`ADMIN_API` in api-paths.ts). */

export const MARKET_PATHS = {
  tradeList: '/v1/api/forex/trade_list',
  categories: '/v1/api/forex/getCategories',
  kline: '/v1/api/forex/kline',
  sparklines: '/v1/api/forex/abbreviated_cache_kline',
  favourites: '/v1/api/forex/favourites',
  favouriteSet: '/v1/api/forex/favourites/set',
  instrumentInfo: '/v1/api/forex/info',
} as const;
