import { HEDGE_STATUSES } from '@tradepad/domain';
import { z } from 'zod';
import { pageParams } from '../params.ts';

/**
 * Hedging's back-office calls (DESIGN §14): the blotter of orders sent to the hedging LP and the dealer's pause switch.
 * Quantities are base units and prices the LP's, both exact decimal text; times unix milliseconds.
 */

/** A hedge order's status: stored before it is sent (`pending`), then as the LP's execution reports say. */
export const HEDGE_ORDER_STATUSES = HEDGE_STATUSES;
export type HedgeOrderStatus = (typeof HEDGE_ORDER_STATUSES)[number];

/** `GET /admin/api/hedge/orders?status=&page=&limit=`: newest first, optionally one status. */
export const hedgeOrdersParams = z.object({
  ...pageParams,
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(HEDGE_ORDER_STATUSES, { error: 'err.field_invalid' }).optional(),
  ),
});
export type HedgeOrdersParams = z.infer<typeof hedgeOrdersParams>;

export const hedgeOrderSchema = z.object({
  id: z.number().int(),
  /** The FIX ClOrdID (tag 11), stored before the order was sent and never reused. */
  cl_ord_id: z.string(),
  /** Our instrument code (the LP's symbol is in `lp_symbol`). */
  symbol: z.string(),
  lp_symbol: z.string(),
  /** 1 buy, 2 sell. */
  side: z.number().int(),
  /** Base units (lots × contract size). */
  qty: z.string(),
  limit_price: z.string(),
  status: z.enum(HEDGE_ORDER_STATUSES),
  filled_qty: z.string(),
  /** The LP's average fill price; "0" before a fill. */
  avg_price: z.string(),
  /** Why it was rejected, cancelled or is unknown; null otherwise. */
  reason: z.string().nullable(),
  /** 'all' or 'net': the instrument's rule that sent it. */
  mode: z.string(),
  /** The client order (or partial close) it follows, and the kind of fill. */
  client_order_id: z.number().int(),
  client_fill: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type HedgeOrder = z.infer<typeof hedgeOrderSchema>;
export const hedgeOrdersSchema = z.object({ data: z.array(hedgeOrderSchema), total: z.number().int() });

/** Hedging's state: whether `HEDGE` is configured, whether the dealer paused it, and its FIX session. */
export const hedgeStateSchema = z.object({
  configured: z.boolean(),
  paused: z.boolean(),
  session: z
    .object({
      name: z.string(),
      state: z.enum(['connected', 'connecting', 'down']),
      since: z.number(),
      last_message_at: z.number().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type HedgeState = z.infer<typeof hedgeStateSchema>;

/** `POST /admin/api/hedge/state {paused}`: pauses (new client fills are not hedged) or resumes hedging; audited. */
export const hedgePauseParams = z.object({
  paused: z.preprocess(
    (v) =>
      v === true || v === 1 || v === '1' || v === 'true'
        ? true
        : v === false || v === 0 || v === '0' || v === 'false'
          ? false
          : v,
    z.boolean({ error: 'err.field_invalid' }),
  ),
});
export type HedgePauseParams = z.infer<typeof hedgePauseParams>;
