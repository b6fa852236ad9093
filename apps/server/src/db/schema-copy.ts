import type { Generated, Selectable } from 'kysely';

/**
 * Copy trading (migration 038, DESIGN §18). Money is micros of USD; fees are in hundredths of a percent (basis
 * points: 2000 = 20 %); times unix ms.
 */

/** A provider's strategy: one per provider, opened by a real, real-name-approved trader. */
export interface CopyStrategiesTable {
  id: Generated<number>;
  /** The provider's user id (unique: every order the provider opens is the strategy's). */
  provider_id: number;
  name: string;
  description: string;
  /** Performance fee on gains above each follower's high-water mark, basis points 0–5000. */
  performance_fee_bp: number;
  /** Management fee per year on the follower's equity, accrued daily, basis points 0–500. */
  management_fee_bp: number;
  /** The least a follower may put in, micros. */
  min_investment: number;
  /** 1 open, 2 suspended by staff (no new follows, no new copies), 3 closed by its provider. */
  status: number;
  suspend_reason: string;
  created_at: number;
  updated_at: number;
}

/**
 * One follower following one strategy. The copy account is a user row of its own (`users.copy_owner_id` = the
 * follower), so the engine margins, stops out and settles it like any account; `account_user_id` names it.
 */
export interface CopyFollowsTable {
  id: Generated<number>;
  strategy_id: number;
  follower_id: number;
  account_user_id: number;
  /** 'proportional' | 'fixed_lots' | 'multiplier'. */
  mode: string;
  /** The mode's value as a decimal string (a ratio, lots, or a multiplier). */
  value: string;
  /** Unfollow when the copy account's equity falls this many percent below what was put in; 0 = none. */
  equity_stop_percent: number;
  /** What was moved in, micros (the sum of the follow and any top-ups). */
  invested: number;
  /** The copy account's equity above which a performance fee is due, micros (starts at `invested`). */
  high_water_mark: number;
  /** When the management fee was last accrued (a day boundary, unix ms). */
  management_accrued_at: number;
  /** When the performance fee was last settled (the month's start, unix ms). */
  performance_settled_at: number;
  /** 1 following, 2 ended (1 by default). */
  status: Generated<number>;
  /** '' while following; 'unfollow' | 'equity_stop' | 'suspended' once ended. */
  end_reason: Generated<string>;
  /** What came back to the follower's cash at the end, micros. */
  returned: Generated<number>;
  started_at: number;
  ended_at: Generated<number>;
}

/** Each copy, skip or change told to a follower (the `COPY` push) and kept for their "copying" list. */
export interface CopyEventsTable {
  id: Generated<number>;
  follow_id: number;
  strategy_id: number;
  follower_id: number;
  /** The provider's order (or partial close row) it follows. */
  provider_order_id: number;
  /** The copy's order (its position, or a partial close's row); 0 for a skip. */
  order_id: number;
  /** 'fill' | 'close' | 'partial' | 'stops' | 'skip'. */
  event: string;
  /** Points, the provider's fill price. */
  price: number;
  /** Lots in LOT_SCALE units. */
  lots: number;
  /** A skip's message key (e.g. 'copy.skip.below_min_lot'); '' otherwise. */
  reason: string;
  created_at: number;
}

/** A fee charged: a ledger entry follower's copy account → provider, kept with what it was reckoned on. */
export interface CopyFeesTable {
  id: Generated<number>;
  follow_id: number;
  strategy_id: number;
  follower_id: number;
  provider_id: number;
  /** 'performance' | 'management'. */
  kind: string;
  amount: number;
  /** The equity (performance: above the high-water mark) or the day's equity (management) it was reckoned on. */
  basis: number;
  /** The period it settles: the month (performance) or the day (management), as its start in unix ms. */
  period_start: number;
  created_at: number;
}

export type CopyStrategyRow = Selectable<CopyStrategiesTable>;
export type CopyFollowRow = Selectable<CopyFollowsTable>;
