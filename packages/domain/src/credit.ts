/**
 * Credit (issue 32, DESIGN §16 "Credit"): bonuses live in their own balance, apart from the cash. Pure rules on it; the
 * figures that count it (equity, free margin) are in risk.ts.
 *
 * When losses eat the cash to zero, the credit stays (what most MT5 brokers do by default): the close that leaves the
 * cash below zero is written off to zero by the house as before (negative balance protection), and the credit is
 * removed only by staff, with a negative bonus adjustment (audited, with its reason). The house's exposure to credit
 * is therefore the credit balance itself, visible per user and in the ledger's house `credit` account.
 */
import { micros, type Micros } from './money.ts';

/** What a staff adjustment of kind `bonus` does to the credit: `amount` signed, USD micros. */
export type CreditChange =
  | { ok: true; /** The signed amount moved on the credit account. */ amount: Micros; /** The credit after it. */ after: Micros }
  | { ok: false; reason: 'zero' | 'above_credit' };

/**
 * A bonus adjustment against the credit balance: a positive one adds to it, a negative one removes credit but never
 * below zero (refused, with nothing moved, when it asks for more than the credit holds).
 */
export function creditChange(credit: Micros, amount: Micros): CreditChange {
  if (amount === 0n) return { ok: false, reason: 'zero' };
  if (amount < 0n && -amount > credit) return { ok: false, reason: 'above_credit' };
  return { ok: true, amount, after: micros(credit + amount) };
}

/**
 * Which balance an adjustment of `kind` moves: a bonus is credit (counted for margin, never withdrawable), every
 * other kind (correction, compensation) cash.
 */
export const adjustmentBalance = (kind: string): 'credit' | 'cash' => (kind === 'bonus' ? 'credit' : 'cash');
