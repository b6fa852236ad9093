import { z } from 'zod';
import { exportFormatParam, intParam, pageParams, textParam } from '../params.ts';
import { decimalParam } from '../trading/params.ts';

/**
 * The trading desk, risk and dashboard of the back office (DESIGN §11, issue 18 points 2, 4, 5): their parameters and
 * answers. Money is USD with 2 decimals as text, lots as text (e.g. "0.10"), prices as numbers at the instrument's
 * precision, times in unix milliseconds.
 */

/** A lot size as a positive decimal string of at most 4 decimals ("0.01"). */
const lotsText = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ error: 'err.field_invalid' })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,4})?$/, { error: 'err.field_invalid' }),
);

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** `GET /admin/api/positions?status=1|0&symbol=&user_id=&min_lots=&page=&limit=`. */
export const positionsParams = z.object({
  ...pageParams,
  ...exportFormatParam,
  /** 1 holding positions (default), 0 pending orders. */
  status: z.preprocess((v) => (v === undefined || v === '' ? 1 : v), intParam('err.field_invalid', 0, 1)),
  symbol: optional(
    z
      .string({ error: 'err.field_invalid' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,16}$/, { error: 'err.field_invalid' }),
  ),
  user_id: optional(intParam('err.field_invalid', 1)),
  min_lots: optional(lotsText),
});
export type PositionsParams = z.infer<typeof positionsParams>;

/**
 * `POST /admin/api/positions/:id/close {reason, cont?}`: the reason is required (kept in the audit log and told to the
 * trader). `cont` closes that many lots only (issue 32: on the instrument's lot step, less than the position, the rest
 * at least the minimum), as the trader's own partial close; without it the whole position.
 */
export const closePositionParams = z.object({
  reason: textParam('err.remark_required', 1, 500),
  cont: optional(decimalParam('err.lots_invalid')),
});
export type ClosePositionParams = z.infer<typeof closePositionParams>;

/**
 * `POST /admin/api/positions/:id/stops {stop_loss_price, target_profit_price, reason}` (issue 32): a position's or a
 * pending order's levels changed on the trader's behalf, checked exactly as the trader's own change (each on its side
 * of the market, break-even only once the market is past the entry). A level left out stays; 0 removes it; at least
 * one is given. The reason is required (audited and told to the trader).
 */
export const deskStopsParams = z
  .object({
    stop_loss_price: optional(decimalParam('err.stop_loss_invalid')),
    target_profit_price: optional(decimalParam('err.take_profit_invalid')),
    reason: textParam('err.remark_required', 1, 500),
  })
  .refine((p) => p.stop_loss_price !== undefined || p.target_profit_price !== undefined, { error: 'err.stops_missing' });
export type DeskStopsParams = z.infer<typeof deskStopsParams>;

/** What changing the stops from the desk answers: the order's levels now (0: none). */
export const deskStopsSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  stop_loss: z.number(),
  take_profit: z.number(),
});
export type DeskStops = z.infer<typeof deskStopsSchema>;

/** One open position or pending order as the desk lists it, with its owner. */
export const deskPositionSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** The owner's e-mail, else phone, else uid, in clear (staff see it). */
  user_account: z.string(),
  is_demo: z.boolean(),
  instrument_id: z.number().int(),
  symbol: z.string(),
  /** 1 buy, 2 sell. */
  side: z.number().int(),
  /** 0 pending, 1 holding. */
  status: z.number().int(),
  /** `market`, or the pending kind (`buy_limit`…). */
  kind: z.string(),
  lots: z.string(),
  leverage: z.number().int(),
  /** The entry price (a pending order's own price until it fills). */
  open_price: z.number(),
  /** The price it would close at now (bid for a long, ask for a short); 0 without a quote. */
  current_price: z.number(),
  /** Live P/L in USD from the engine's book, the figure its owner sees; "0.00" for a pending order. */
  profit: z.string(),
  stop_loss: z.number(),
  take_profit: z.number(),
  margin: z.string(),
  /** When it was placed and (holding) when it opened. */
  created_at: z.number(),
  opened_at: z.number(),
  /**
   * A copy (issue 34): the provider's order it follows, 0 for any other order. The desk does not act on a copy alone
   * (it closes and changes stops with its provider).
   */
  copy_of: z.number().int(),
  /** The copied strategy's name for a copy, '' otherwise. */
  strategy_name: z.string(),
});
export type DeskPosition = z.infer<typeof deskPositionSchema>;

/**
 * What closing a position from the desk answers: the order as closed; for a partial close the closed part's History
 * row (`parent_id` the position, which stays open with `rest_lots`).
 */
export const deskCloseSchema = z.object({
  id: z.number().int(),
  /** The position a partial close came from; 0 for a whole close. */
  parent_id: z.number().int(),
  /** Lots the position still holds ("0" after a whole close). */
  rest_lots: z.string(),
  user_id: z.number().int(),
  /** 3 closed. */
  status: z.number().int(),
  /** 5 back office. */
  closed_type: z.number().int(),
  close_price: z.number(),
  profit: z.string(),
  closed_at: z.number(),
});
export type DeskClose = z.infer<typeof deskCloseSchema>;

/** `GET /admin/api/exposure`: one instrument's net exposure over real accounts (demo apart). */
export const exposureRowSchema = z.object({
  symbol: z.string(),
  /** Lots held long and short by traders (the house is on the other side). */
  long_lots: z.string(),
  short_lots: z.string(),
  /** Long minus short, signed. */
  net_lots: z.string(),
  /** The net position's value in USD at the current bid, signed (positive: traders are net long). */
  net_notional_usd: z.string(),
  /** The house's floating result on these positions, the opposite of the traders' floating P/L, USD. */
  house_unrealised_pnl: z.string(),
  /** Positions counted. */
  positions: z.number().int(),
  /** The configured limit on |net lots| (setting `exposure_limits`), or null when none. */
  limit_lots: z.string().nullable(),
  /** |net lots| is above the limit. */
  over_limit: z.boolean(),
  /** Lots the house holds at the hedging LP (filled hedge orders, bought − sold), signed; "0" when none. */
  hedged_lots: z.string(),
});
export type ExposureRow = z.infer<typeof exposureRowSchema>;
export const exposureSchema = z.object({ data: z.array(exposureRowSchema) });
export type ExposureAnswer = z.infer<typeof exposureSchema>;

/** An account on the risk page: its figures now. */
export const riskAccountSchema = z.object({
  user_id: z.number().int(),
  user_account: z.string(),
  balance: z.string(),
  equity: z.string(),
  used_margin: z.string(),
  floating: z.string(),
  /** Margin level in percent, 2 decimals. */
  margin_level: z.number(),
});
export type RiskAccount = z.infer<typeof riskAccountSchema>;

/** Today's result of a trader (real accounts): realised since midnight UTC plus floating now. */
export const traderResultSchema = z.object({
  user_id: z.number().int(),
  user_account: z.string(),
  realised: z.string(),
  unrealised: z.string(),
  total: z.string(),
});
export type TraderResult = z.infer<typeof traderResultSchema>;

/** An instrument whose net exposure passed its configured limit. */
export const exposureAlertSchema = z.object({ symbol: z.string(), net_lots: z.string(), limit_lots: z.string() });
export type ExposureAlert = z.infer<typeof exposureAlertSchema>;

/** `GET /admin/api/risk`: the risk page besides the exposure table. */
export const riskSchema = z.object({
  /** Real accounts with open positions, lowest margin level first (at most 20). */
  nearest_stop_out: z.array(riskAccountSchema),
  /** Real accounts at or below the margin-call level. */
  margin_calls: z.array(riskAccountSchema),
  /** Today's largest winners and losers (at most 10 each). */
  winners: z.array(traderResultSchema),
  losers: z.array(traderResultSchema),
  alerts: z.array(exposureAlertSchema),
  margin_call_level: z.number(),
  stop_out_level: z.number(),
});
export type RiskAnswer = z.infer<typeof riskSchema>;

/** `GET /admin/api/dashboard`: today's figures (UTC day), those the staff member's role may see. */
export const dashboardSchema = z.object({
  /** Start of the day the figures cover, unix ms. */
  day_start: z.number(),
  /** Money (finance, super admin; null for other roles): credited deposits, paid withdrawals, fees, house P/L. */
  deposits: z.string().nullable(),
  withdrawals: z.string().nullable(),
  fees: z.string().nullable(),
  /** The house's realised trading result today (traders' losses minus their gains), USD. */
  house_pnl: z.string().nullable(),
  signups: z.number().int(),
  /** Distinct traders with a logged-in websocket on this node. */
  traders_online: z.number().int(),
  /** Waiting in the review queues. */
  queues: z.object({ deposits: z.number().int(), withdrawals: z.number().int(), kyc: z.number().int() }),
  /** The ledger checker's last run (cached): sound or the number of problems, and when. */
  ledger: z.object({ sound: z.boolean(), problems: z.number().int(), checked_at: z.number() }),
  /** Exposure alerts (desk roles; empty for others). */
  alerts: z.array(exposureAlertSchema),
});
export type DashboardAnswer = z.infer<typeof dashboardSchema>;

/**
 * Setting `exposure_limits`: a JSON map of instrument code to the largest |net lots| the house accepts before the risk
 * page alerts, e.g. `{"EURUSD":"50","BTCUSD":"5"}`. Codes upper-case, limits positive lots (up to 4 decimals).
 */
export const exposureLimitsValue = z.preprocess(
  (v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : v),
  z
    .string({ error: 'err.field_invalid' })
    .max(4000, { error: 'err.field_invalid' })
    .refine((text) => parseExposureLimits(text) !== undefined, { error: 'err.field_invalid' }),
);

/** The limits of `exposure_limits` as a map of code to lots text, or undefined when malformed. */
export function parseExposureLimits(text: string): Record<string, string> | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const out: Record<string, string> = {};
  for (const [code, limit] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^[A-Z0-9]{2,16}$/.test(code)) return undefined;
    const s = typeof limit === 'number' ? String(limit) : limit;
    if (typeof s !== 'string' || !/^\d{1,7}(\.\d{1,4})?$/.test(s) || Number(s) <= 0) return undefined;
    out[code] = s;
  }
  return out;
}
