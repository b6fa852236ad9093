import { micros, type Micros } from '@tradepad/domain';
import type { AccountRef, HouseAccountKind, JournalEntry, Posting } from './ledger.repository.ts';

/**
 * Every kind of money movement by name (CONVENTIONS §15, DESIGN §6): one pure builder per entry type, returning the
 * whole journal entry (type, reference, memo, postings). Nothing else assembles postings. Amounts are USD micros;
 * a leg of zero is left out (a free order has no fee leg), so an entry may have fewer postings than legs.
 */

const cash = (user: number): AccountRef => ({ user, kind: 'cash' });
const margin = (user: number): AccountRef => ({ user, kind: 'margin' });
const locked = (user: number): AccountRef => ({ user, kind: 'locked' });
const swap = (user: number): AccountRef => ({ user, kind: 'swap' });

/** House side of a trading movement; demo money never touches the real house accounts. */
const tradingHouse = (demo: boolean, kind: Extract<HouseAccountKind, 'fees' | 'trading' | 'writeoffs' | 'swaps'>): AccountRef =>
  demo ? { house: 'demo_funding' } : { house: kind };

type Leg = [AccountRef, bigint];

function entry(
  type: string,
  ref: JournalEntry['ref'],
  userId: number,
  at: number,
  legs: readonly Leg[],
  memoKey = `ledger.${type}`,
): JournalEntry {
  const postings: Posting[] = [];
  for (const [account, amount] of legs) if (amount !== 0n) postings.push({ account, amount: micros(amount) });
  return { type, ref, userId, memoKey, at, postings };
}

// Wallet

/** A reviewed deposit's USD amount credited to the user's cash, from the house deposits account. */
export const depositCredited = (p: { depositId: number; userId: number; amount: Micros; at: number }): JournalEntry =>
  entry('deposit', { type: 'deposit', id: p.depositId }, p.userId, p.at, [
    [cash(p.userId), p.amount],
    [{ house: 'deposits' }, -p.amount],
  ]);

/** A withdrawal request holds its amount: cash to locked until the review. */
export const withdrawalRequested = (p: { withdrawalId: number; userId: number; amount: Micros; at: number }): JournalEntry =>
  entry('withdraw_lock', { type: 'withdrawal', id: p.withdrawalId }, p.userId, p.at, [
    [cash(p.userId), -p.amount],
    [locked(p.userId), p.amount],
  ]);

/** An approved withdrawal leaves the locked account: the amount less the fee is paid out, the fee kept by the house. */
export const withdrawalPaid = (p: {
  withdrawalId: number;
  userId: number;
  amount: Micros;
  fee: Micros;
  at: number;
}): JournalEntry =>
  entry('withdraw_paid', { type: 'withdrawal', id: p.withdrawalId }, p.userId, p.at, [
    [locked(p.userId), -p.amount],
    [{ house: 'withdrawals' }, p.amount - p.fee],
    [{ house: 'fees' }, p.fee],
  ]);

/** A rejected withdrawal's amount goes back from locked to cash. */
export const withdrawalReturned = (p: { withdrawalId: number; userId: number; amount: Micros; at: number }): JournalEntry =>
  entry('withdraw_release', { type: 'withdrawal', id: p.withdrawalId }, p.userId, p.at, [
    [locked(p.userId), -p.amount],
    [cash(p.userId), p.amount],
  ]);

// Demo accounts

/** A new demo account's virtual start balance, from the demo funding account. */
export const demoFunded = (p: { userId: number; amount: Micros; at: number }): JournalEntry =>
  entry('demo_funding', { type: 'user', id: p.userId }, p.userId, p.at, [
    [cash(p.userId), p.amount],
    [{ house: 'demo_funding' }, -p.amount],
  ]);

/** A demo reset brings the cash back to the start balance: `delta` is start − cash (either sign). */
export const demoReset = (p: { userId: number; delta: Micros; at: number }): JournalEntry =>
  entry('demo_reset', { type: 'user', id: p.userId }, p.userId, p.at, [
    [cash(p.userId), p.delta],
    [{ house: 'demo_funding' }, -p.delta],
  ]);

// Orders (DESIGN §5)

interface OrderMoney {
  orderId: number;
  userId: number;
  demo: boolean;
  at: number;
}

/** Placing an order (market or pending) takes margin and fee out of the cash: margin held, fee to the house. */
export const orderOpened = (p: OrderMoney & { margin: Micros; fee: Micros }): JournalEntry =>
  entry('order_open', { type: 'order', id: p.orderId }, p.userId, p.at, [
    [cash(p.userId), -(p.margin + p.fee)],
    [margin(p.userId), p.margin],
    [tradingHouse(p.demo, 'fees'), p.fee],
  ]);

/** Cancelling a pending order gives margin and fee back to the cash. */
export const orderCancelled = (p: OrderMoney & { margin: Micros; fee: Micros }): JournalEntry =>
  entry('order_cancel', { type: 'order', id: p.orderId }, p.userId, p.at, [
    [margin(p.userId), -p.margin],
    [tradingHouse(p.demo, 'fees'), -p.fee],
    [cash(p.userId), p.margin + p.fee],
  ]);

/**
 * Closing a position returns its margin plus its P/L (`profit`, negative for a loss) to the cash; the house pays the
 * P/L. The overnight financing accrued on it (`swap`, signed, 0 when none) is settled into the cash at the same time
 * (MT5: swaps count in the floating profit and reach the balance on close), so the swap account holds exactly the
 * swaps of the open positions.
 */
export const orderClosed = (p: OrderMoney & { margin: Micros; profit: Micros; swap?: Micros }): JournalEntry =>
  entry('order_close', { type: 'order', id: p.orderId }, p.userId, p.at, [
    [margin(p.userId), -p.margin],
    [tradingHouse(p.demo, 'trading'), -p.profit],
    [swap(p.userId), -(p.swap ?? 0n)],
    [cash(p.userId), p.margin + p.profit + (p.swap ?? 0n)],
  ]);

/**
 * An account type's commission (DESIGN §16): `amount` USD micros (positive) for one side of a trade, charged when a
 * position opens and when it, or a part of it, closes: out of the cash to the house's fees (demo funding for a demo
 * account). Type `commission`, its own line in the money history and the statement.
 */
export const commissionCharged = (p: OrderMoney & { amount: Micros }): JournalEntry =>
  entry('commission', { type: 'order', id: p.orderId }, p.userId, p.at, [
    [cash(p.userId), -p.amount],
    [tradingHouse(p.demo, 'fees'), p.amount],
  ]);

/**
 * One rollover's overnight financing of one position (issue 20 point 3): `amount` signed (negative: the trader pays)
 * accrues on the trader's swap account, against the house's swaps account (demo funding for a demo account). The cash
 * moves only when the position closes (orderClosed).
 */
export const swapCharged = (p: OrderMoney & { amount: Micros }): JournalEntry =>
  entry('swap', { type: 'order', id: p.orderId }, p.userId, p.at, [
    [swap(p.userId), p.amount],
    [tradingHouse(p.demo, 'swaps'), -p.amount],
  ]);

/**
 * Moving a pending order (issue 20) changes its margin and fee with its price: `margin` and `fee` are the signed
 * differences (new − old), taken from the cash when positive and given back when negative.
 */
export const pendingRepriced = (p: OrderMoney & { margin: Micros; fee: Micros }): JournalEntry =>
  entry('order_reprice', { type: 'order', id: p.orderId }, p.userId, p.at, [
    [cash(p.userId), -(p.margin + p.fee)],
    [margin(p.userId), p.margin],
    [tradingHouse(p.demo, 'fees'), p.fee],
  ]);

/** Negative balance protection: the house writes `amount` (positive) off, bringing the cash back to zero. */
export const writeOff = (p: OrderMoney & { amount: Micros }): JournalEntry =>
  entry('writeoff', { type: 'order', id: p.orderId }, p.userId, p.at, [
    [tradingHouse(p.demo, 'writeoffs'), -p.amount],
    [cash(p.userId), p.amount],
  ]);

// Back office

/**
 * A staff balance adjustment (DESIGN §11): `amount` signed (negative for a debit) moves between the user's cash and
 * the house adjustments account (demo funding for a demo account). Type `adjust_<kind>`, so the money history names
 * what it was.
 */
export const balanceAdjusted = (p: {
  adjustmentId: number;
  userId: number;
  demo: boolean;
  kind: 'correction' | 'bonus' | 'compensation';
  amount: Micros;
  at: number;
}): JournalEntry =>
  entry(`adjust_${p.kind}`, { type: 'adjustment', id: p.adjustmentId }, p.userId, p.at, [
    [cash(p.userId), p.amount],
    [p.demo ? { house: 'demo_funding' } : { house: 'adjustments' }, -p.amount],
  ]);

/**
 * A bonus adjustment moves credit, not cash (issue 32, DESIGN §16 "Credit"): `amount` signed (negative removes credit,
 * never below zero: the caller checks) between the user's credit account and the house's credit account (demo funding
 * for a demo account). Type `credit`, so the statement shows credit in and out apart from the cash.
 */
export const creditAdjusted = (p: {
  adjustmentId: number;
  userId: number;
  demo: boolean;
  amount: Micros;
  at: number;
}): JournalEntry =>
  entry(
    'credit',
    { type: 'adjustment', id: p.adjustmentId },
    p.userId,
    p.at,
    [
      [{ user: p.userId, kind: 'credit' }, p.amount],
      [p.demo ? { house: 'demo_funding' } : { house: 'credit' }, -p.amount],
    ],
    p.amount < 0n ? 'ledger.credit_out' : 'ledger.credit_in',
  );

// Copy trading (issue 34, DESIGN §18): a follow's copy account is a user of its own, funded from the follower's cash.

interface CopyMoney {
  followId: number;
  /** The follower: the entry shows in their history and statement. */
  followerId: number;
  /** The follow's copy account (a user row whose `copy_owner_id` is the follower). */
  accountUserId: number;
  amount: Micros;
  at: number;
}

/** Following a strategy: `amount` from the follower's cash into the copy account's cash. */
export const copyFunded = (p: CopyMoney): JournalEntry =>
  entry('copy_funded', { type: 'copy_follow', id: p.followId }, p.followerId, p.at, [
    [cash(p.followerId), -p.amount],
    [cash(p.accountUserId), p.amount],
  ]);

/** The end of a follow: what is left in the copy account's cash back to the follower's cash. */
export const copyReturned = (p: CopyMoney): JournalEntry =>
  entry('copy_returned', { type: 'copy_follow', id: p.followId }, p.followerId, p.at, [
    [cash(p.accountUserId), -p.amount],
    [cash(p.followerId), p.amount],
  ]);

/**
 * A copy fee (`performance` above the high-water mark, or a day's `management`): from the copy account's cash to the
 * provider's cash. Shown to the follower (the entry's user) as paid and to the provider as earned; `copy_fees` keeps
 * the same amount with what it was reckoned on.
 */
export const copyFeeCharged = (p: CopyMoney & { kind: 'performance' | 'management'; providerId: number }): JournalEntry =>
  entry(`${p.kind}_fee`, { type: 'copy_follow', id: p.followId }, p.followerId, p.at, [
    [cash(p.accountUserId), -p.amount],
    [cash(p.providerId), p.amount],
  ]);
