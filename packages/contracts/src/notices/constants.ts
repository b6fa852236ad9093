/**
 * The kinds of in-app notice (issue 21), without zod, so the web app can import the values.
 */
export const NOTICE_KINDS = [
  'fill',
  'margin_call',
  'stop_out',
  'alert',
  'deposit',
  'withdrawal',
  // What staff did to the account (issue 29, DESIGN §16 "Traders are told"): a desk close with its reason, a balance
  // adjustment credited or debited, a real-name decision.
  'desk_close',
  'adjustment',
  'kyc',
  // A change of account type by staff (DESIGN §16), with its reason.
  'account_type',
  // Copy trading (issue 34, DESIGN §18), told to the follower: a provider's trade copied, a copy skipped with its
  // reason, a follow ended by its equity stop (an unfollow is the follower's own act and is not told).
  'copy_fill',
  'copy_skip',
  'copy_stop',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * What fired a fill notice: a pending order reaching its price, a stop-loss, a take-profit, a trailing stop; and a
 * stop limit's stop reached (DESIGN §17), which places its limit rather than filling (its `price` is the limit's,
 * `stop` the stop's).
 */
export const FILL_TRIGGERS = ['pending', 'stop_loss', 'take_profit', 'trailing', 'stop_limit'] as const;
export type FillTrigger = (typeof FILL_TRIGGERS)[number];

/** Subscriptions a user may keep (one per browser or device). */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
