/** Candle period names and lengths; the same list as the contracts' PERIODS (the domain imports nothing). */
export const PERIOD_NAMES = ['1min', '5min', '15min', '30min', '60min', '1day'] as const;
export type PeriodName = (typeof PERIOD_NAMES)[number];
export const PERIOD_SECONDS_BY_NAME: Record<PeriodName, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '1day': 86_400,
};
