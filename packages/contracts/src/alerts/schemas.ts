import { z } from 'zod';
import { ALERT_CONDITIONS } from './constants.ts';
import { intParam, pageParams } from '../params.ts';
import { count, decimal, paged, unixMs } from '../answers.ts';
import { decimalParam } from '../trading/params.ts';

/**
 * Price alerts (issue 20 point 7, DESIGN §12): `GET /v1/api/alerts`, `POST /v1/api/alerts {forex_id, condition,
 * price}`, `POST /v1/api/alerts/:id/delete`. An alert is a level on the bid, not a crossing: `above` fires on the
 * first bid at or above `price` (even when that is so as it is created), `below` at or below; it fires once, and the
 * owner is told on every socket (`ALERT`), by mail and by web push where subscribed.
 */

export { ALERT_CONDITIONS, ALERTS_MAX_ACTIVE, type AlertCondition } from './constants.ts';

/** `POST /v1/api/alerts`. */
export const alertCreateParams = z.object({
  forex_id: intParam('err.instrument_unknown', 1, 1_000_000),
  condition: z.enum(ALERT_CONDITIONS, { error: 'err.alert_condition_invalid' }),
  price: decimalParam('err.price_invalid'),
});
export type AlertCreateParams = z.infer<typeof alertCreateParams>;

/** `GET /v1/api/alerts`: every alert not deleted, newest first, or only the `active` or `fired` ones. */
export const alertListParams = z.object({
  state: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z.enum(['active', 'fired'], { error: 'err.status_invalid' }).optional(),
  ),
  ...pageParams,
});

/** One alert as the list, the create call and the `ALERT` push show it. */
export const alertSchema = z.object({
  Id: count,
  ForexId: count,
  Code: z.string(),
  ShowCode: z.string(),
  PricePrecision: count,
  Condition: z.enum(ALERT_CONDITIONS).describe('`above`: fires on a bid at or above `Price`; `below`: at or below.'),
  Price: decimal("The alert's level, exact, in the instrument's digits."),
  State: z.enum(['active', 'fired']),
  CreatedAt: unixMs('When it was created.'),
  FiredAt: unixMs('When it fired; 0 while active.'),
  FiredBid: decimal('The bid that fired it; null while active.').nullable(),
});
export type PriceAlert = z.infer<typeof alertSchema>;

export const alertPage = paged(alertSchema);
export type AlertPage = z.infer<typeof alertPage>;
