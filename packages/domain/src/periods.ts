/** Candle period names and lengths; the same list as the contracts' PERIODS (the domain imports nothing). */
export const PERIOD_NAMES = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'] as const;
export type PeriodName = (typeof PERIOD_NAMES)[number];
/** Nominal lengths (a month is taken as 31 days): for sizes of look-backs, never for bucketing (see candles.ts). */
export const PERIOD_SECONDS_BY_NAME: Record<PeriodName, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '4hour': 14_400,
  '1day': 86_400,
  '1week': 604_800,
  '1mon': 2_678_400,
};
/** Periods whose bars follow the trading day (their bucket needs the trading-day start). */
export const DAY_BASED_PERIODS: readonly PeriodName[] = ['1day', '1week', '1mon'];
