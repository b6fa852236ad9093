import {
  COPY_STRATEGY_STATUSES,
  type AdminCopyFee,
  type AdminFollower,
  type AdminStrategy,
  type CopyEventView,
  type CopyModeName,
  type CopyStrategyStatus,
  type FollowView,
  type Lang,
  type StrategyEntry,
} from '@tradepad/contracts';
import { exactMoney, formatLots, formatMoney, lots, micros, percentText, pointsToText } from '@tradepad/domain';
import type { CopyFeesTable, CopyFollowRow, CopyStrategyRow } from '../../db/schema.ts';
import { translate } from '../../i18n/translate.ts';
import { maskUid } from '../content/rankings.ts';
import type { CopyEventRow } from './copy-events.ts';
import { FOLLOWING } from './copy.repository.ts';
import type { Selectable } from 'kysely';

/**
 * Copy trading's rows as the calls show them (the one place storage becomes the contracts' shapes): money as decimal
 * strings, fees in percent, prices in the instrument's precision.
 */

/** Basis points as a percentage with 2 decimals: 2000 → '20.00'. */
export const feePercent = (bp: number): string => percentText(BigInt(bp));

export const usd = (value: number): string => formatMoney(micros(value), 2);

export const strategyStatus = (status: number): CopyStrategyStatus =>
  COPY_STRATEGY_STATUSES[Math.min(Math.max(status, 1), 3) - 1]!;

export function eventView(e: CopyEventRow, lang: Lang): CopyEventView {
  const precision = e.precision ?? 5;
  return {
    id: e.key,
    event: e.event as CopyEventView['event'],
    provider_order_id: Number(e.provider_order_id),
    order_id: Number(e.order_id),
    code: e.code ?? '',
    price: pointsToText(Number(e.price), Number(precision)),
    lots: formatLots(lots(Number(e.lots))),
    reason: e.reason,
    reason_text: e.reason ? translate(lang, e.reason) : '',
    created_at: Number(e.created_at),
  };
}

/** A follow as its follower sees it; `equity` is the copy account's equity now (micros), 0 once ended. */
export function followView(
  f: CopyFollowRow & { strategy_name: string; provider_uid: string },
  money: { equity: number; feesPaid: number },
  events: readonly CopyEventView[],
): FollowView {
  const following = Number(f.status) === FOLLOWING;
  const invested = Number(f.invested);
  const outcome = following ? money.equity : Number(f.returned);
  return {
    id: Number(f.id),
    strategy_id: Number(f.strategy_id),
    strategy_name: f.strategy_name,
    provider_uid: maskUid(f.provider_uid),
    mode: f.mode as CopyModeName,
    value: f.value,
    equity_stop_percent: Number(f.equity_stop_percent),
    status: following ? 'following' : 'ended',
    end_reason: f.end_reason,
    invested: usd(invested),
    equity: usd(following ? money.equity : 0),
    profit: usd(outcome - invested),
    fees_paid: usd(money.feesPaid),
    returned: usd(Number(f.returned)),
    high_water_mark: usd(Number(f.high_water_mark)),
    started_at: Number(f.started_at),
    ended_at: Number(f.ended_at),
    events: [...events],
  };
}

/** The public figures a console row carries (computed by copy-figures.ts), and when they were computed. */
export interface RowFigures {
  entry: Pick<
    StrategyEntry,
    'equity' | 'three_week_rate' | 'three_week_win' | 'three_week_profit' | 'total_rate' | 'total_trade_num' | 'max_drawdown'
  >;
  at: number;
}

export function adminStrategyView(
  s: CopyStrategyRow & { provider_uid: string; followers: number; invested: number; fees_earned: number },
  f: RowFigures,
): AdminStrategy {
  return {
    id: Number(s.id),
    name: s.name,
    description: s.description,
    provider_id: Number(s.provider_id),
    provider_uid: s.provider_uid,
    status: strategyStatus(Number(s.status)),
    suspend_reason: s.suspend_reason,
    performance_fee_percent: feePercent(Number(s.performance_fee_bp)),
    management_fee_percent: feePercent(Number(s.management_fee_bp)),
    min_investment: usd(Number(s.min_investment)),
    followers: s.followers,
    invested: usd(s.invested),
    fees_earned: usd(s.fees_earned),
    created_at: Number(s.created_at),
    updated_at: Number(s.updated_at),
    equity: f.entry.equity,
    three_week_rate: f.entry.three_week_rate,
    three_week_win: f.entry.three_week_win,
    three_week_profit: f.entry.three_week_profit,
    total_rate: f.entry.total_rate,
    total_trade_num: f.entry.total_trade_num,
    max_drawdown: f.entry.max_drawdown,
    figures_at: f.at,
  };
}

export function adminFollowerView(f: CopyFollowRow & { follower_uid: string }, equity: number, feesPaid: number): AdminFollower {
  const following = Number(f.status) === FOLLOWING;
  return {
    id: Number(f.id),
    strategy_id: Number(f.strategy_id),
    follower_id: Number(f.follower_id),
    follower_uid: f.follower_uid,
    account_user_id: Number(f.account_user_id),
    mode: f.mode as CopyModeName,
    value: f.value,
    equity_stop_percent: Number(f.equity_stop_percent),
    status: following ? 'following' : 'ended',
    end_reason: f.end_reason,
    invested: usd(Number(f.invested)),
    equity: usd(following ? equity : 0),
    high_water_mark: usd(Number(f.high_water_mark)),
    fees_paid: usd(feesPaid),
    returned: usd(Number(f.returned)),
    started_at: Number(f.started_at),
    ended_at: Number(f.ended_at),
  };
}

export function adminFeeView(
  c: Selectable<CopyFeesTable> & { strategy_name: string; follower_uid: string; provider_uid: string },
): AdminCopyFee {
  return {
    id: Number(c.id),
    follow_id: Number(c.follow_id),
    strategy_id: Number(c.strategy_id),
    strategy_name: c.strategy_name,
    follower_id: Number(c.follower_id),
    follower_uid: c.follower_uid,
    provider_id: Number(c.provider_id),
    provider_uid: c.provider_uid,
    kind: c.kind as AdminCopyFee['kind'],
    amount: exactMoney(micros(Number(c.amount))),
    basis: exactMoney(micros(Number(c.basis))),
    period_start: Number(c.period_start),
    created_at: Number(c.created_at),
  };
}
