import { z } from 'zod';
import { codeParam, intParam, pageParams, textParam } from '../params.ts';

/** One page of an `/admin/api` list: `page` from 1, `limit` at most 100 (DESIGN §3). */
export const adminPageOf = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), total: z.number().int() });

/** Unix milliseconds, or null when it has not happened yet. */
const when = z.number().nullable();

/** Deposits and withdrawals: 0 unreviewed → 1 completed | 2 rejected | 3 invalid (DESIGN §6). */
const recordStatus = z.number().int().min(0).max(3);
/** Real-name: 0 none, 1 waiting, 2 approved, 3 rejected, 4 more information needed. */
const kycStatus = z.number().int().min(0).max(4);

/** What every decision on a deposit answers: its new state. */
export const depositDecisionSchema = z.object({
  id: z.number().int(),
  status: recordStatus,
  remark: z.string(),
  /** The amount in the deposit's currency, a decimal string. */
  amount: z.string(),
  /** `USDT-TRC20` for a coin, `EUR` for a wire. */
  currency: z.string(),
});
export type DepositDecision = z.infer<typeof depositDecisionSchema>;

/** `GET /admin/api/deposits?status=&user_id=&page=&limit=`: one deposit in the review queue. */
export const depositReviewSchema = depositDecisionSchema.extend({
  user_id: z.number().int(),
  /** The owner's e-mail, else phone, else uid. */
  user_account: z.string(),
  /** 0 coin, 1 bank wire. */
  type: z.number().int().min(0).max(1).describe('0 coin, 1 bank wire.'),
  currency_code: z.string(),
  /** Coin network; '' for a bank wire. */
  protocol_code: z.string(),
  /** The amount in the deposit's currency, a decimal string. */
  number: z.string(),
  /** What approving credits, USD with 2 decimals. */
  usd_amount: z.string(),
  /** The sender's address the user gave (coin deposits, optional). */
  from_address: z.string(),
  /** A signed link to the proof image, valid for a few minutes. */
  proof_url: z.string(),
  /**
   * Other deposits whose proof is the same image (same content, whoever sent it), oldest first: a proof used twice is
   * flagged to staff, never taken silently as new (issue 17).
   */
  duplicate_of: z.array(z.number().int()),
  created_at: z.number(),
  reviewed_at: when,
  /** The reviewing staff member's id. */
  reviewed_by: z.number().int().nullable(),
});
export type DepositReview = z.infer<typeof depositReviewSchema>;

/** What every decision on a withdrawal answers: its new state. */
export const withdrawalDecisionSchema = z.object({
  id: z.number().int(),
  status: recordStatus,
  remark: z.string(),
  /** The payout's transaction hash or bank reference, given when approving. */
  transfer_ref: z.string(),
  /** USD taken from the balance, 2 decimals. */
  amount: z.string(),
  currency: z.string(),
});
export type WithdrawalDecision = z.infer<typeof withdrawalDecisionSchema>;

/** `GET /admin/api/withdrawals?status=&user_id=&page=&limit=`: one withdrawal in the review queue. */
export const withdrawalReviewSchema = withdrawalDecisionSchema.extend({
  /** The owner's real-name status when the list was read. */
  kyc_status: kycStatus,
  user_id: z.number().int(),
  user_account: z.string(),
  /** 1 coin, 2 bank. */
  type: z.number().int().min(1).max(2).describe('1 coin, 2 bank.'),
  /** The withdrawal currency and its coin network ('' for a bank currency). */
  code: z.string(),
  protocol: z.string(),
  /** Coin withdrawals: the address to pay. */
  address: z.string(),
  /** Bank withdrawals: the account to pay. */
  bank_name: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  /** USD taken from the balance, the fee, and what the user receives in `code`; decimal strings, 2 decimals. */
  number: z.string(),
  fee: z.string(),
  real_number: z.string(),
  /** The user's note. */
  memo: z.string(),
  created_at: z.number(),
  reviewed_at: when,
  reviewed_by: z.number().int().nullable(),
});
export type WithdrawalReview = z.infer<typeof withdrawalReviewSchema>;

/** What a real-name decision answers; the ID number comes back masked. */
export const kycDecisionSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  status: kycStatus,
  remark: z.string(),
  card_id: z.string(),
});
export type KycDecision = z.infer<typeof kycDecisionSchema>;

/** `GET /admin/api/kyc?status=&user_id=&page=&limit=`: one real-name application. */
export const kycReviewSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_account: z.string(),
  name: z.string(),
  card_id: z.string(),
  /** Signed links to the ID card's two sides, valid for a few minutes. */
  front_url: z.string(),
  reverse_url: z.string(),
  /** Signed links to the proof of address and the selfie; '' when the trader gave none. */
  address_proof_url: z.string(),
  selfie_url: z.string(),
  /** YYYY-MM-DD, '' when not given. */
  birth_date: z.string(),
  address: z.string(),
  /** 'id_card', 'passport' or 'driving_licence'; '' when not given. */
  doc_type: z.string(),
  /** The document's expiry, YYYY-MM-DD; '' when not given. */
  doc_expiry: z.string(),
  /** When the daily check found the document expired (unix ms), null while valid or without an expiry. */
  expired_at: when,
  status: kycStatus,
  /** Why it was rejected, or the message asking for more information (status 4). */
  remark: z.string(),
  created_at: z.number(),
  reviewed_at: when,
  reviewed_by: z.number().int().nullable(),
  /** The same trader's earlier applications, newest first (a resubmission after "more information needed"). */
  previous: z.array(
    z.object({
      id: z.number().int(),
      status: kycStatus,
      remark: z.string(),
      created_at: z.number(),
      reviewed_at: when,
    }),
  ),
});
export type KycReview = z.infer<typeof kycReviewSchema>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * `GET /admin/api/kyc?status=&user_id=&expiry=&page=&limit=`: `expiry` `expired` keeps the applications whose document
 * the daily check found expired, `soon` those approved whose document expires within 30 days.
 */
export const kycListParams = z.object({
  status: z.preprocess(blankToUndefined, codeParam([0, 1, 2, 3, 4] as const, 'err.status_invalid').optional()),
  user_id: z.preprocess(blankToUndefined, intParam('err.field_invalid', 1, Number.MAX_SAFE_INTEGER).optional()),
  expiry: z.preprocess(blankToUndefined, z.enum(['expired', 'soon'], { error: 'err.field_invalid' }).optional()),
  ...pageParams,
});
export type KycListParams = z.infer<typeof kycListParams>;

/** `POST /admin/api/kyc/:id/more {message}`: what the trader is asked for (they see it and submit again). */
export const kycMoreParams = z.object({ message: textParam('err.remark_required', 1, 500) });
