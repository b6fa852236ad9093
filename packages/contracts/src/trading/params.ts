import { z } from 'zod';
import { codeParam, intParam, pageParams } from '../params.ts';
import { DEAL_LIST_STATUSES, ORDER_BUY, ORDER_SELL, SUBMIT_MARKET, SUBMIT_PENDING } from './constants.ts';

/**
 * A decimal number given as a string or a number: lots and prices. Refuses NaN, infinities, exponents, signs and
 * more than 12 integer or 8 decimal digits, so nothing absurd reaches the engine; the engine checks the instrument's
 * own limits (step, minimum, maximum, precision).
 */
export function decimalParam(errorKey: string) {
  return z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: errorKey }).regex(/^\d{1,12}(\.\d{1,8})?$/, { error: errorKey }),
  );
}

/** A price level that may be absent or 0 (none). */
const optionalLevel = (key: string) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? '0' : v), decimalParam(key));

/** `forex/submit` (spec §7). */
export const submitParams = z.object({
  type: codeParam([ORDER_BUY, ORDER_SELL] as const, 'err.order_type_invalid'),
  cont: decimalParam('err.lots_invalid'),
  forex_id: intParam('err.instrument_unknown', 1, 1_000_000),
  status: z.preprocess(
    (v) => (v === undefined || v === '' ? SUBMIT_MARKET : v),
    codeParam([SUBMIT_MARKET, SUBMIT_PENDING] as const, 'err.order_kind_invalid'),
  ),
  target_price: optionalLevel('err.price_invalid'),
  /**
   * Pending orders (DESIGN §17): the type the trader named. A `limit` or `stop` on the wrong side of the market is
   * refused; a `stop_limit` takes `target_price` as its stop and `stop_limit_price` as the limit placed once the stop
   * triggers. Absent or empty: limit or stop, inferred from the price.
   */
  pending_type: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z.enum(['limit', 'stop', 'stop_limit'], { error: 'err.pending_type_invalid' }).optional(),
  ),
  /** A stop limit's limit price, written like `target_price`: below the stop for a buy, above it for a sell. */
  stop_limit_price: optionalLevel('err.stop_limit_invalid'),
  stop_loss_price: optionalLevel('err.stop_loss_invalid'),
  target_profit_price: optionalLevel('err.take_profit_invalid'),
  multiple: intParam('err.leverage_invalid', 1, 100_000),
  /**
   * The price the trader saw when tapping (the ask for a buy, the bid for a sell), written like `target_price`
   * (DESIGN §12). With it, a market order whose fill is worse than this by more than `deviation` points is refused,
   * never filled. Absent, empty or 0: no check. Ignored for pending orders (they fill at their own price or better).
   */
  price_seen: optionalLevel('err.price_invalid'),
  /** The largest adverse move from `price_seen` the trader accepts, in points of the instrument (0 when absent). */
  deviation: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    intParam('err.deviation_invalid', 0, 100_000_000),
  ),
  /**
   * A server-side trailing stop (DESIGN §12), a distance written like a price (0 or absent: none). It sets the
   * stop-loss at once to bid − distance (a buy; ask + distance a sell; a pending order's from its own price), which
   * then moves only in the trader's favour on every tick. It takes the place of `stop_loss_price`.
   */
  trailing_distance: optionalLevel('err.trailing_invalid'),
  /** Pending orders only: when the order is cancelled if not filled, unix seconds; 0 or absent = until cancelled. */
  expire_at: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    intParam('err.expiry_invalid', 0, 99_999_999_999),
  ),
});
export type SubmitParams = z.infer<typeof submitParams>;

/** `forex/my_deal`. */
export const dealListParams = z.object({
  status: codeParam(DEAL_LIST_STATUSES, 'err.status_invalid'),
  ...pageParams,
});

/** `forex/cancel_trade`. */
export const orderIdParams = z.object({ id: intParam('err.order_unknown', 1, Number.MAX_SAFE_INTEGER) });

/**
 * `forex/close`: with `cont` (lots, a multiple of the step, less than the position) a partial close: the position keeps
 * its `Id` with the rest, the closed part becomes a History row with `ParentId` (DESIGN §12).
 */
export const closeParams = z.object({
  id: intParam('err.order_unknown', 1, Number.MAX_SAFE_INTEGER),
  cont: z.preprocess(
    (v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v),
    decimalParam('err.lots_invalid').optional(),
  ),
});

/** `forex/close_all`: every holding order of the trader, or those of `forex_id`. */
export const closeAllParams = z.object({
  forex_id: z.preprocess(
    (v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v),
    intParam('err.instrument_unknown', 1, 1_000_000).optional(),
  ),
});

/** `forex/set_pending_price`: a pending order's new price (re-validated; its margin follows; it keeps its `Id`). */
export const setPendingPriceParams = z.object({
  id: intParam('err.order_unknown', 1, Number.MAX_SAFE_INTEGER),
  price: decimalParam('err.price_invalid'),
});

/** `forex/stopout_reports`: a page of the trader's stop-out reports, or (`order_id`) the one that closed an order. */
export const stopoutReportParams = z.object({
  order_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    intParam('err.order_unknown', 1, Number.MAX_SAFE_INTEGER).optional(),
  ),
  ...pageParams,
});

/** `forex/set_stop_price`: a level left out stays as it is; 0 removes it. At least one must be given. */
export const setStopParams = z
  .object({
    id: intParam('err.order_unknown', 1, Number.MAX_SAFE_INTEGER),
    stop_loss_price: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      decimalParam('err.stop_loss_invalid').optional(),
    ),
    target_profit_price: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      decimalParam('err.take_profit_invalid').optional(),
    ),
    /**
     * A trailing stop's distance, written like a price (DESIGN §12): the stop-loss is set at once to bid − distance (a
     * buy; ask + distance a sell) and follows the market in the trader's favour; 0 ends the trailing and keeps the
     * level. Given with `stop_loss_price`, the trailing level wins.
     */
    trailing_distance: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      decimalParam('err.trailing_invalid').optional(),
    ),
  })
  .refine((p) => p.stop_loss_price !== undefined || p.target_profit_price !== undefined || p.trailing_distance !== undefined, {
    error: 'err.stops_missing',
  });
export type SetStopParams = z.infer<typeof setStopParams>;

/** `main/accountLog/forexChange`. */
export const ledgerPageParams = z.object({ ...pageParams });
