/**
 * Copy trading's fixed terms (DESIGN §18), without zod so the apps can import them.
 */

/** How a follower's copy is sized from the provider's order. */
export const COPY_MODES = ['proportional', 'fixed_lots', 'multiplier'] as const;
export type CopyModeName = (typeof COPY_MODES)[number];

/** The public list's orders; `three_week_rate` when none is given. */
export const COPY_SORTS = ['three_week_rate', 'total_rate', 'followers', 'equity'] as const;
export type CopySort = (typeof COPY_SORTS)[number];

/**
 * What the console's strategy list sorts by (`GET /admin/api/copy/strategies?sort=`): the public figures after fees,
 * the active follows and the money they put in. The name sorts lowest first; `-name` highest first. Without a sort the
 * newest strategy comes first.
 */
export const COPY_ADMIN_SORT_KEYS = [
  'total_rate',
  'three_week_rate',
  'max_drawdown',
  'three_week_win',
  'total_trade_num',
  'equity',
  'followers',
  'invested',
] as const;
export type CopyAdminSortKey = (typeof COPY_ADMIN_SORT_KEYS)[number];
export const COPY_ADMIN_SORTS = COPY_ADMIN_SORT_KEYS.flatMap((k) => [k, `-${k}`] as const);
export type CopyAdminSort = CopyAdminSortKey | `-${CopyAdminSortKey}`;

/** A strategy's state: open, suspended by staff, closed by its provider. */
export const COPY_STRATEGY_STATUSES = ['open', 'suspended', 'closed'] as const;
export type CopyStrategyStatus = (typeof COPY_STRATEGY_STATUSES)[number];

/** Why a follow ended ('' while following). */
export const COPY_END_REASONS = ['', 'unfollow', 'equity_stop', 'suspended'] as const;

/** What a copy event records. */
export const COPY_EVENTS = ['fill', 'close', 'partial', 'stops', 'skip'] as const;

/** The fee kinds, as `copy_fees.kind` and the ledger's entry types (`performance_fee`, `management_fee`). */
export const COPY_FEE_KINDS = ['performance', 'management'] as const;
export type CopyFeeKind = (typeof COPY_FEE_KINDS)[number];

/** Limits of a strategy's terms: performance fee 0–50 %, management fee 0–5 % a year, equity stop 0–95 %. */
export const COPY_MAX_PERFORMANCE_FEE_PERCENT = 50;
export const COPY_MAX_MANAGEMENT_FEE_PERCENT = 5;
export const COPY_MAX_EQUITY_STOP_PERCENT = 95;
