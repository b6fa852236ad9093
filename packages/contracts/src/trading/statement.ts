import { z } from 'zod';
import { count, decimal, unixMs, usd2 } from '../answers.ts';

/**
 * The trader's statement (issue 21, DESIGN §13): `GET /v1/api/main/statement?from=&to=[&tz=][&format=csv|pdf]`.
 * Dates are calendar days in `tz` (an IANA zone, UTC by default), both included, at most 366 days apart.
 */

/** The most rows (trades plus cash movements) one statement holds: a PDF, and JSON or CSV. Beyond, a shorter period. */
export const STATEMENT_MAX_ROWS = { pdf: 5_000, csv: 20_000, json: 20_000 } as const;
export const STATEMENT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

const day = z
  .string({ error: 'err.statement_dates' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'err.statement_dates' });

export const statementParams = z.object({
  from: day,
  to: day,
  tz: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'UTC' : v),
    z.string({ error: 'err.statement_tz' }).trim().max(64, { error: 'err.statement_tz' }),
  ),
  format: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'json' : v),
    z.enum(STATEMENT_FORMATS, { error: 'err.statement_format' }),
  ),
});
export type StatementParams = z.infer<typeof statementParams>;

/** One closed trade (a partial close is a row of its own, `ParentId` naming the position it came from). */
export const statementTradeView = z.object({
  Id: count.describe('The order (for a partial close, the closed part).'),
  ParentId: count.describe('The position a partial close was taken from; 0 otherwise.'),
  Code: z.string().describe('Instrument code as shown.'),
  OrderType: z.literal([1, 2]).describe('1 buy, 2 sell.'),
  Quantity: decimal('Lots, decimal string.'),
  OpenPrice: z.string().describe("Fill price, written in the instrument's precision."),
  ClosePrice: z.string().describe("Exit price, written in the instrument's precision."),
  OpenedAt: unixMs('When it was filled.'),
  ClosedAt: unixMs('When it closed.'),
  Profit: usd2('Realised P/L,'),
  Fee: usd2('Trading fee paid,'),
  Swap: usd2('Overnight financing (negative: charged),'),
  Commission: usd2("The account type's commission charged on it (DESIGN §16), both sides,"),
  Net: usd2('P/L less fee and commission plus swap,'),
});
export type StatementTradeView = z.infer<typeof statementTradeView>;

/** A cash movement outside trading: a credited deposit, a paid withdrawal, or an adjustment (staff, write-off, demo). */
export const statementFundsView = z.object({
  Id: count.describe('The ledger entry.'),
  /**
   * `credit`: a bonus moved on the credit balance (issue 32), in (positive) or out; never cash. `copy` (issue 34): money
   * into a copy account or back, a copy fee paid (from the copy account) or earned (into the provider's cash).
   */
  Kind: z.enum(['deposit', 'withdrawal', 'adjustment', 'credit', 'copy']),
  Type: z.string().describe('Ledger entry type (deposit, withdraw_paid, adjust_bonus, writeoff, …).'),
  Memo: z.string().describe("What it was, in the request's language."),
  At: unixMs('When.'),
  Amount: usd2('Signed change of the cash (a withdrawal negative, fee included), or of the credit for Kind credit,'),
  Fee: usd2('Withdrawal fee kept by the broker (included in the amount),'),
});
export type StatementFundsView = z.infer<typeof statementFundsView>;

export const statementView = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  /** Unix ms bounds `[start, end)` of the period. */
  start: unixMs('First instant covered.'),
  end: unixMs('First instant after the period.'),
  trades: z.array(statementTradeView).describe('Closed trades, oldest close first.'),
  funds: z.array(statementFundsView).describe('Deposits, withdrawals and adjustments, oldest first.'),
  totals: z.object({
    trades: count,
    profit: usd2('Realised P/L,'),
    fees: usd2('Trading fees,'),
    swap: usd2('Overnight financing,'),
    commissions: usd2("The account type's commissions,"),
    net: usd2('P/L − fees − commissions + swap,'),
    deposits: usd2('Deposits credited,'),
    withdrawals: usd2('Withdrawals paid (positive, fees included),'),
    withdrawal_fees: usd2('Their fees,'),
    adjustments: usd2('Adjustments (signed),'),
    credit: usd2('Credit in less credit out (bonuses; never withdrawable),'),
    copy: usd2('Copy trading: back from copy accounts less put in, fees earned less fees paid,'),
  }),
});
export type StatementView = z.infer<typeof statementView>;
