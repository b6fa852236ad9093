import { z } from 'zod';
import { KLINE_DEFAULT_BARS, KLINE_MAX_BARS, PERIODS } from './constants.ts';
import { intParam, optionalText } from '../params.ts';

export const tradeListParams = z.object({
  // A code ("xau") or a name in the reader's language ("gold", "黃金", "Schweizer Franken"): up to 40 characters.
  searchCurrency: optionalText(40, 'err.search_invalid'),
});

/** `forex/kline`: `to` (unix seconds, exclusive) loads older history; `limit` bars, oldest first. */
export const klineParams = z.object({
  forex_id: intParam('err.instrument_unknown', 1, 1_000_000),
  period: z.enum(PERIODS, { error: 'err.period_invalid' }),
  to: z.preprocess((v) => (v === '' || v === null ? undefined : v), intParam('err.time_invalid', 0, 4_102_444_800).optional()),
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? KLINE_DEFAULT_BARS : v),
    intParam('err.limit_invalid', 1, KLINE_MAX_BARS),
  ),
});

/** `forex/favourites/set`: adds (`on` 1) or removes (`on` 0) one instrument of the user's watchlist. */
export const favouriteSetParams = z.object({
  forex_id: intParam('err.instrument_unknown', 1, 1_000_000),
  on: intParam('err.field_invalid', 0, 1),
});

/** `forex/info`: one instrument's details for its info sheet. */
export const instrumentInfoParams = z.object({
  forex_id: intParam('err.instrument_unknown', 1, 1_000_000),
});
