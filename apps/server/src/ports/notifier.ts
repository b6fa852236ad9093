import type { AdjustmentKind } from '@tradepad/contracts';
import type { Micros } from '@tradepad/domain';

/**
 * What a user is told by mail (and SMS for phone accounts) after something happened to their account (DESIGN §10).
 * Amounts are exact micro-USD; the notifications module formats them in the user's language.
 */
export type UserNotice =
  | { kind: 'new_device'; ip: string }
  | { kind: 'password_changed' }
  | { kind: 'password_reset' }
  | { kind: 'two_factor_changed'; enabled: boolean }
  | { kind: 'withdraw_method_added'; address: string; usableAt: number }
  | { kind: 'withdrawal_requested'; amount: Micros; address: string }
  | { kind: 'withdrawal_paid'; amount: Micros; address: string }
  | { kind: 'withdrawal_rejected'; amount: Micros; remark: string }
  | { kind: 'deposit_credited'; amount: Micros }
  | { kind: 'deposit_rejected'; amount: Micros; remark: string }
  | { kind: 'kyc_decided'; approved: boolean; remark: string }
  /** Staff asked for more information about a real-name application (issue 32): their message. */
  | { kind: 'kyc_more'; message: string }
  /** The verified identity document expires in `days` days (30 or 7), on `expiry` (YYYY-MM-DD). */
  | { kind: 'kyc_expiry'; days: number; expiry: string }
  | { kind: 'margin_call'; level: string }
  | { kind: 'stop_out' }
  /** Staff adjusted the balance (issue 29): signed micro-USD, negative for a debit. */
  | { kind: 'adjustment'; amount: Micros; adjustment: AdjustmentKind }
  /** The dealing desk closed a position (issue 29): figures as exact decimal text, and the desk's reason. */
  | { kind: 'desk_close'; order_id: number; symbol: string; lots: string; price: string; profit: string; reason: string }
  /** Staff put the trader in another account type (DESIGN §16), with the type's name and the reason. */
  | { kind: 'account_type'; name: string; reason: string }
  /** The desk closed `lots` of a position, `rest` lots stay open (issue 32). */
  | {
      kind: 'desk_partial_close';
      order_id: number;
      symbol: string;
      lots: string;
      rest: string;
      price: string;
      profit: string;
      reason: string;
    }
  /** The desk changed a position's or an order's stops (issue 32): levels as decimal text, 0 none. */
  | { kind: 'desk_stops'; order_id: number; symbol: string; stop_loss: string; take_profit: string; reason: string }
  /** A price alert fired (issue 20 point 7): prices as exact decimal text, `at` when the bid reached it (unix ms). */
  | { kind: 'price_alert'; condition: 'above' | 'below'; symbol: string; price: string; bid: string; at: number };

/**
 * Tells a user about an event. Call it only once the change is committed (after the transaction, or from an
 * `afterCommit` effect): it returns at once, delivers in the background, and never throws, so a notice can never fail
 * or undo the action it reports.
 */
export interface Notifier {
  notify(userId: number, notice: UserNotice): void;
}

/** Tells no one: the default where a module is built without the notifications module (unit specs). */
export const silentNotifier: Notifier = { notify: () => {} };
