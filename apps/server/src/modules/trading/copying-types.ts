import type { CopySkipReason } from '@tradepad/contracts';
import type { Micros, Side } from '@tradepad/domain';
import type { Tx } from '../../db/database.ts';

/**
 * The seam between the engine and the copy module (issue 34, DESIGN §18). The copy module owns strategies, follows,
 * fees and statistics and keeps the roster in memory on the engine leader; the engine copies a provider's fills to
 * the roster's followers inside the provider's own transaction (copying.ts) and closes a copy account for an
 * unfollow or an equity stop.
 */

export type CopyMode = 'proportional' | 'fixed_lots' | 'multiplier';

/** One follower copying a provider now. */
export interface CopyFollower {
  followId: number;
  strategyId: number;
  /** The follower's own user id (told by `COPY` pushes). */
  followerId: number;
  /** The copy account's user id: the copies are its orders, its cash their margin. */
  accountUserId: number;
  mode: CopyMode;
  /** The mode's value as a decimal string: a ratio (proportional), lots (fixed_lots) or a multiplier. */
  value: string;
}

/** Who copies a provider now: read on every fill of a provider, so it answers from memory. */
export interface CopyRoster {
  /** The followers of the provider's open strategy; empty for a trader without one or a suspended strategy. */
  followersOf(providerId: number): readonly CopyFollower[];
}

/** What closing a copy account did, handed to the caller's hook inside the same transaction. */
export interface CopyAccountClosed {
  /** The copy positions closed (their order ids) and the sum of their P/L, micros. */
  orderIds: readonly number[];
  profit: Micros;
}

/**
 * Written inside the transaction that closed a copy account's positions (the unfollow's performance fee, the money's
 * way back to the follower and the follow's end commit with the closes, or none of them do).
 */
export type CopyAccountHook = (trx: Tx, closed: CopyAccountClosed) => Promise<void>;

/**
 * A copy opened or skipped, told to its follower as an in-app notice once the provider's transaction has committed
 * (closes follow the provider and changes of stops are not noticed; the `COPY` push tells them).
 */
export interface CopyTold {
  followerId: number;
  strategyId: number;
  event: 'fill' | 'skip';
  /** The copy's order; 0 for a skip. */
  orderId: number;
  /** The instrument as the app names it ("BTC/USD"). */
  symbol: string;
  side: Side;
  /** Lots as decimal text ("0.25"); a skip's planned size, "0" when none could be sized. */
  lots: string;
  /** The provider's price as decimal text at the instrument's precision. */
  price: string;
  reason: CopySkipReason | '';
}

/** The copy module's notices of a committed batch of copies and skips: hands them on and never waits. */
export type CopyNotices = (told: readonly CopyTold[]) => void;
