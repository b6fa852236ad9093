import { z } from 'zod';
import { count, decimal, paged, unixMs, usd2 } from '../answers.ts';
import { intParam, optionalText, pageParams, textParam } from '../params.ts';
import { decimalParam } from '../trading/params.ts';
import {
  COPY_ADMIN_SORTS,
  COPY_EVENTS,
  COPY_FEE_KINDS,
  COPY_MAX_EQUITY_STOP_PERCENT,
  COPY_MAX_MANAGEMENT_FEE_PERCENT,
  COPY_MAX_PERFORMANCE_FEE_PERCENT,
  COPY_MODES,
  COPY_SORTS,
  COPY_STRATEGY_STATUSES,
  type CopyAdminSort,
} from './constants.ts';

/**
 * Copy trading (issue 34, DESIGN §18): providers' strategies, follows with a copy account each, fees and the
 * console's view. Money travels as decimal strings (USD), fees as percentages with up to 2 decimals (stored as basis
 * points), times as unix milliseconds.
 */

export * from './constants.ts';

/** A percentage with at most 2 decimals between 0 and `max`, given as a number or a string. */
function percentParam(errorKey: string, max: number) {
  return z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? '0' : v),
    decimalParam(errorKey).refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && percentToBasisPoints(v) <= max * 100, {
      error: errorKey,
    }),
  );
}

/** `'12.5'` (percent, at most 2 decimals) → 1250 basis points, exactly. */
export function percentToBasisPoints(percent: string): number {
  const [whole = '0', frac = ''] = percent.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}

/** `POST /v1/api/copy/strategies`. */
export const strategyCreateParams = z.object({
  name: textParam('err.copy_name_required', 2, 60, 'err.copy_name_invalid'),
  description: z.preprocess((v) => v ?? '', optionalText(2000, 'err.copy_description_invalid')),
  performance_fee_percent: percentParam('err.copy_fee_invalid', COPY_MAX_PERFORMANCE_FEE_PERCENT),
  management_fee_percent: percentParam('err.copy_fee_invalid', COPY_MAX_MANAGEMENT_FEE_PERCENT),
  min_investment: z.preprocess((v) => (v === undefined || v === null || v === '' ? '0' : v), decimalParam('err.amount_invalid')),
});
export type StrategyCreateParams = z.infer<typeof strategyCreateParams>;

/** `GET /v1/api/copy/strategies?sort=&page=&limit=`. */
export const strategyListParams = z.object({
  sort: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'three_week_rate' : v),
    z.enum(COPY_SORTS, { error: 'err.field_invalid' }),
  ),
  ...pageParams,
});

/** One strategy as the public list shows it; its figures from the engine's records, after the strategy's fees. */
export const strategyEntry = z.object({
  id: count,
  name: z.string(),
  provider_uid: z.string().describe("The provider's uid, masked (`86****21`)."),
  three_week_rate: decimal('Return over the last 3 weeks after fees, % with 2 decimals.'),
  three_week_win: decimal('Winning closed orders over the last 3 weeks, % with 2 decimals.'),
  three_week_profit: usd2('Profit over the last 3 weeks after fees, per the strategy’s equity,'),
  total_rate: decimal('Return since the strategy opened after fees, % with 2 decimals.'),
  total_trade_num: count.describe('Closed orders of the provider since the strategy opened.'),
  followers: count.describe('Follows active now.'),
  equity: usd2("The provider's equity plus the copy accounts' equity following now,"),
  max_drawdown: decimal('The largest fall from a peak of the daily equity curve, % with 2 decimals.'),
  performance_fee_percent: decimal('On gains above each follower’s high-water mark, %.'),
  management_fee_percent: decimal('Per year on the follower’s equity, accrued daily, %.'),
});
export type StrategyEntry = z.infer<typeof strategyEntry>;

export const strategyList = paged(strategyEntry).extend({
  updated_at: unixMs('When the figures were computed.'),
});
export type StrategyList = z.infer<typeof strategyList>;

/** One copy, skip or change as a follower's list shows it (what the `COPY` push told). */
export const copyEventSchema = z.object({
  id: z.string().describe("Unique within the follow's list (a copy's fill and close share its order id)."),
  event: z.enum(COPY_EVENTS),
  provider_order_id: count,
  order_id: count.describe("The copy's order; 0 for a skip."),
  code: z.string().describe("The instrument's code ('' when unknown)."),
  price: decimal("The provider's fill price, in the instrument's precision."),
  lots: decimal('Lots of the copy (for a skip, what the copy would have been).'),
  reason: z.string().describe("A skip's message key (`copy.skip.<reason>`); '' otherwise."),
  reason_text: z.string().describe("The skip's reason in the request's language; '' otherwise."),
  created_at: unixMs('When.'),
});
export type CopyEventView = z.infer<typeof copyEventSchema>;

/** A follow as its follower sees it. */
export const followSchema = z.object({
  id: count,
  strategy_id: count,
  strategy_name: z.string(),
  provider_uid: z.string(),
  mode: z.enum(COPY_MODES),
  value: decimal("The mode's value: a ratio, lots or a multiplier."),
  equity_stop_percent: count,
  status: z.enum(['following', 'ended']),
  end_reason: z.string().describe("'' while following; 'unfollow', 'equity_stop' or 'suspended'."),
  invested: usd2('Moved in,'),
  equity: usd2("The copy account's equity now (0 once ended),"),
  profit: usd2('Equity now (or what came back) minus what was put in, after fees,'),
  fees_paid: usd2('Performance and management fees charged,'),
  returned: usd2('What came back to the cash at the end (0 while following),'),
  high_water_mark: usd2('The equity above which a performance fee is due,'),
  started_at: unixMs('When the follow began.'),
  ended_at: unixMs('When it ended; 0 while following.'),
  events: z.array(copyEventSchema).describe('The most recent copy events, newest first (at most 20).'),
});
export type FollowView = z.infer<typeof followSchema>;

/** `GET /v1/api/copy/strategies/:id`: a strategy's page. */
export const strategyDetail = strategyEntry.extend({
  description: z.string(),
  min_investment: usd2('The least a follower may put in,'),
  status: z.enum(COPY_STRATEGY_STATUSES),
  created_at: unixMs('When the provider opened it.'),
  curve: z
    .array(z.object({ t: unixMs('The day (its start, UTC).'), equity: usd2('Equity per 100 USD at the start, after fees,') }))
    .describe('The daily equity curve since it opened, oldest first, scaled to 100 at the start.'),
  my_follow: followSchema.nullable().describe("The signed-in caller's active follow of it; null otherwise."),
});
export type StrategyDetail = z.infer<typeof strategyDetail>;

/** `POST /v1/api/copy/follow`. */
export const followParams = z.object({
  strategy_id: intParam('err.copy_strategy_unknown', 1, Number.MAX_SAFE_INTEGER),
  amount: decimalParam('err.amount_invalid'),
  mode: z.enum(COPY_MODES, { error: 'err.copy_mode_invalid' }),
  value: decimalParam('err.copy_value_invalid'),
  equity_stop_percent: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    intParam('err.copy_equity_stop_invalid', 0, COPY_MAX_EQUITY_STOP_PERCENT),
  ),
});
export type FollowParams = z.infer<typeof followParams>;

/** `POST /v1/api/copy/unfollow`. */
export const unfollowParams = z.object({
  strategy_id: intParam('err.copy_strategy_unknown', 1, Number.MAX_SAFE_INTEGER),
});

/** One follower as their provider sees them (masked). */
export const providerFollowerSchema = z.object({
  follower_uid: z.string(),
  invested: usd2('Moved in,'),
  equity: usd2("The copy account's equity now,"),
  fees_paid: usd2('Fees this follow paid the provider,'),
  started_at: unixMs('When the follow began.'),
});

/** `GET /v1/api/copy/mine`: the caller's strategy as its provider. */
export const mineSchema = z.object({
  strategy: strategyDetail.omit({ my_follow: true }).nullable().describe('null: the caller has not opened one.'),
  followers: z.array(providerFollowerSchema).describe('Active follows, newest first.'),
  fees_earned: usd2('Every fee earned,'),
  performance_fees_earned: usd2('Performance fees earned,'),
  management_fees_earned: usd2('Management fees earned,'),
});
export type CopyMine = z.infer<typeof mineSchema>;

/** `GET /v1/api/copy/following`: the caller's follows, active first, then ended, newest first. */
export const followingSchema = z.object({ data: z.array(followSchema), total: count });
export type CopyFollowing = z.infer<typeof followingSchema>;

// The console.

/** `GET /admin/api/copy/strategies?status=&sort=&page=`: `sort` one of COPY_ADMIN_SORTS (`-` first: highest first). */
export const adminStrategyListParams = z.object({
  status: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z.enum(COPY_STRATEGY_STATUSES, { error: 'err.status_invalid' }).optional(),
  ),
  sort: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z
      .enum(COPY_ADMIN_SORTS as readonly CopyAdminSort[] as [CopyAdminSort, ...CopyAdminSort[]], {
        error: 'err.copy_sort_invalid',
      })
      .optional(),
  ),
  ...pageParams,
});

export const adminStrategySchema = z.object({
  id: count,
  name: z.string(),
  description: z.string(),
  provider_id: count,
  provider_uid: z.string().describe('Unmasked: staff see who.'),
  status: z.enum(COPY_STRATEGY_STATUSES),
  suspend_reason: z.string(),
  performance_fee_percent: decimal('%.'),
  management_fee_percent: decimal('% a year.'),
  min_investment: usd2('The least a follower may put in,'),
  followers: count.describe('Follows active now.'),
  invested: usd2('Moved in by the active follows,'),
  fees_earned: usd2('Every fee charged to its followers,'),
  created_at: unixMs('When it was opened.'),
  updated_at: unixMs('Last change.'),
  // The public figures after fees, as the strategies list shows them to traders (strategyEntry's).
  equity: strategyEntry.shape.equity,
  three_week_rate: strategyEntry.shape.three_week_rate,
  three_week_win: strategyEntry.shape.three_week_win,
  three_week_profit: strategyEntry.shape.three_week_profit,
  total_rate: strategyEntry.shape.total_rate,
  total_trade_num: strategyEntry.shape.total_trade_num,
  max_drawdown: strategyEntry.shape.max_drawdown,
  figures_at: unixMs('When the figures were computed (they are kept for 5 minutes).'),
});
export type AdminStrategy = z.infer<typeof adminStrategySchema>;
export const adminStrategyPage = paged(adminStrategySchema);

/** `GET /admin/api/copy/strategies/:id/followers?status=&page=`. */
export const adminFollowerListParams = z.object({
  status: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z.enum(['following', 'ended'], { error: 'err.status_invalid' }).optional(),
  ),
  ...pageParams,
});

export const adminFollowerSchema = z.object({
  id: count,
  strategy_id: count,
  follower_id: count,
  follower_uid: z.string(),
  account_user_id: count.describe("The copy account's user id."),
  mode: z.enum(COPY_MODES),
  value: decimal("The mode's value."),
  equity_stop_percent: count,
  status: z.enum(['following', 'ended']),
  end_reason: z.string(),
  invested: usd2('Moved in,'),
  equity: usd2("The copy account's equity now (0 once ended),"),
  high_water_mark: usd2('High-water mark,'),
  fees_paid: usd2('Fees charged,'),
  returned: usd2('Returned at the end,'),
  started_at: unixMs('When the follow began.'),
  ended_at: unixMs('When it ended; 0 while following.'),
});
export type AdminFollower = z.infer<typeof adminFollowerSchema>;
export const adminFollowerPage = paged(adminFollowerSchema);

/** `GET /admin/api/copy/fees?strategy_id=&kind=&page=`. */
export const adminFeeListParams = z.object({
  strategy_id: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    intParam('err.copy_strategy_unknown', 1, Number.MAX_SAFE_INTEGER).optional(),
  ),
  kind: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z.enum(COPY_FEE_KINDS, { error: 'err.field_invalid' }).optional(),
  ),
  ...pageParams,
});

export const adminFeeSchema = z.object({
  id: count,
  follow_id: count,
  strategy_id: count,
  strategy_name: z.string(),
  follower_id: count,
  follower_uid: z.string(),
  provider_id: count,
  provider_uid: z.string(),
  kind: z.enum(COPY_FEE_KINDS),
  amount: decimal('USD, exact to the micro-unit (6 decimals at most).'),
  basis: decimal('The equity above the high-water mark (performance) or the day’s equity (management), USD.'),
  period_start: unixMs('The day (management) or month (performance) it settles.'),
  created_at: unixMs('When it was charged.'),
});
export type AdminCopyFee = z.infer<typeof adminFeeSchema>;
export const adminFeePage = paged(adminFeeSchema);

/** `POST /admin/api/copy/strategies/:id/suspend|resume {reason}`. */
export const strategyStatusParams = z.object({
  reason: textParam('err.remark_required', 1, 500),
});
