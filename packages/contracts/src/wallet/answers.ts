import { z } from 'zod';
import {
  DEPOSIT_BANK,
  DEPOSIT_COIN,
  DRAW_BANK,
  DRAW_COIN,
  KYC_APPROVED,
  KYC_DOC_TYPES,
  KYC_MORE_INFO,
  KYC_NONE,
  KYC_REJECTED,
  KYC_WAITING,
  RECORD_COMPLETED,
  RECORD_INVALID,
  RECORD_REJECTED,
  RECORD_UNREVIEWED,
} from './constants.ts';
import { count, decimal, paged, timeText, timeTextOrEmpty, usd2 } from '../answers.ts';

/**
 * Responses of the wallet, real-name and upload calls (spec §3, §7; DESIGN §6, §7). The types are re-exported from
 * wallet.ts. Amounts travel as decimal strings: a deposit's `number` in its own currency, withdrawals in USD (the
 * balance's currency), the received amount in the withdrawal currency with 2 decimals.
 */

const recordStatus = z
  .literal([RECORD_UNREVIEWED, RECORD_COMPLETED, RECORD_REJECTED, RECORD_INVALID])
  .describe('0 unreviewed, 1 completed, 2 rejected, 3 invalid.');
const drawType = z.literal([DRAW_COIN, DRAW_BANK]).describe('1 coin, 2 bank.');
const kycStatus = z
  .literal([KYC_NONE, KYC_WAITING, KYC_APPROVED, KYC_REJECTED, KYC_MORE_INFO])
  .describe('0 none, 1 waiting for review, 2 approved, 3 rejected, 4 more information needed (see `remark`).');

/** Limits a deposit or withdrawal amount must respect. */
export const amountLimits = z.object({
  min_amount: decimal('Smallest amount, decimal string.'),
  max_amount: decimal("Largest amount, decimal string; '0' means no maximum."),
  precision: count.describe('Decimal places the amount may have.'),
});
export type AmountLimits = z.infer<typeof amountLimits>;

/** `quickCharge/info`: one coin deposit channel (spec §3 "Deposit coin option"). */
export const depositCoinOption = amountLimits.extend({
  id: count,
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string().describe("The broker's receiving address, set by staff."),
  usd_price: decimal("Units of this currency one USD buys ('1' for USDT): the credit is number ÷ usd_price."),
});
export type DepositCoinOption = z.infer<typeof depositCoinOption>;

/** `quickCharge/symbols`: one bank currency (spec §3 "Bank option"). */
export const bankCurrencyOption = amountLimits.extend({
  id: count,
  name: z.string().describe('The currency code.'),
  usd_price: decimal('Units of this currency one USD buys.'),
});
export type BankCurrencyOption = z.infer<typeof bankCurrencyOption>;

/** `quickCharge/wire_info?bank_coin=<id>` (spec §3 "Wire info"). */
export const wireInfo = z.object({
  id: count,
  currency: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
});
export type WireInfo = z.infer<typeof wireInfo>;

/** `quickCharge/quick_ist`: one deposit (spec §3 "Deposit record"); also what a deposit submit answers. */
export const depositRecord = z.object({
  id: count,
  number: decimal("The amount in the deposit's currency, decimal string."),
  type: z.literal([DEPOSIT_COIN, DEPOSIT_BANK]).describe('0 coin transfer, 1 bank wire.'),
  currency_code: z.string(),
  protocol_code: z.string().describe("Coin network ('' for a wire)."),
  usd_amount: usd2('What is credited when approved,'),
  status: recordStatus,
  status_name: z.string().describe('Translated status text.'),
  remark: z.string().describe("The staff's remark when rejected or invalid."),
  proof_url: z.string().describe('A link to the proof image, valid for a few minutes.'),
  created_at: timeText(),
});
export type DepositRecord = z.infer<typeof depositRecord>;

/** `quickCharge/quick_ist`: a page of deposits, newest first. */
export const depositList = paged(depositRecord);
export type DepositList = z.infer<typeof depositList>;

/** `account/draw_symbol_list`: one withdrawal currency (spec §3 "Withdraw currency"). */
export const drawCurrency = amountLimits.extend({
  id: count,
  type: drawType,
  code: z.string(),
  protocol: z.string().describe("Coin network, or '' for a bank currency."),
  draw_rate: decimal("The fee: a USD amount when fee_type is 1, else a fraction of the amount ('0.01' is 1 %)."),
  fee_type: count.describe('1: a fixed USD fee; otherwise a fraction of the amount.'),
  usd_price: decimal('Units of this currency one USD buys.'),
});
export type DrawCurrency = z.infer<typeof drawCurrency>;

/** The withdrawal currency a method or a withdrawal is for. */
const drawCurrencyRef = z.object({
  id: count,
  code: z.string(),
  protocol: z.string(),
});

/** `wallet/get_draw_method`: one bound method (spec §3 "Bound method", "Bank card", "Coin address"). */
export const drawMethod = z.object({
  id: count,
  type: drawType,
  draw_id: count.describe('The withdrawal currency.'),
  draw_currency: drawCurrencyRef,
  dc_address: z.string().describe("The coin address ('' for a bank account)."),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  remark: z.string(),
  usable_at: z
    .number()
    .int()
    .describe('When the method may first be used to withdraw (unix ms): bound time + withdraw_method_hold_hours.'),
});
export type DrawMethod = z.infer<typeof drawMethod>;

/** `account/draw_list`: one withdrawal (spec §3 "Withdraw record"); also what `account/draw` answers. */
export const withdrawalRecord = z.object({
  id: count,
  number: usd2('The amount taken from the balance,'),
  real_number: decimal('What the user receives, in the withdrawal currency, 2 decimals.'),
  draw_currency: drawCurrencyRef,
  fee: usd2('The fee,'),
  status: recordStatus,
  status_name: z.string().describe('Translated status text.'),
  type: drawType,
  address: z.string(),
  bank_name: z.string(),
  payee_account: z.string(),
  notes: z.string().describe("The user's memo."),
  remark: z.string().describe("The staff's remark when rejected."),
  transfer_ref: z.string().describe("The payout's transfer reference once paid."),
  created_at: timeText(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;

/** `account/draw_list`: a page of withdrawals, newest first. */
export const withdrawalList = paged(withdrawalRecord);
export type WithdrawalList = z.infer<typeof withdrawalList>;

/** Whether real-name verification is required before withdrawing, as `wallet/draw_config` tells the app. */
export const drawConfig = z.object({
  kyc_required: z.boolean(),
  review_status: kycStatus,
  free_balance: usd2('The free balance a withdrawal may take at most,'),
});
export type DrawConfig = z.infer<typeof drawConfig>;

/** `user_real/center` (and what `user_real/real_name` answers). */
export const kycCenter = z.object({
  review_status: kycStatus,
  name: z.string().describe("The name of the latest application ('' when none)."),
  card_id: z.string().describe("A masked ID number of the latest application ('' when none)."),
  remark: z.string().describe("Why it was rejected, or what staff asked for (status 4); '' otherwise."),
  created_at: timeTextOrEmpty('When the latest application was made,'),
  reviewed_at: timeTextOrEmpty('When it was reviewed,'),
  birth_date: z.string().describe("The date of birth given, YYYY-MM-DD ('' when none)."),
  doc_type: z.union([z.enum(KYC_DOC_TYPES), z.literal('')]).describe("The document named ('' when none)."),
  doc_expiry: z.string().describe("The document's expiry, YYYY-MM-DD ('' when none)."),
  doc_expired: z.boolean().describe('Whether the document of the latest application has expired.'),
});
export type KycCenter = z.infer<typeof kycCenter>;

/** `common/image_upload`. */
export const uploadResult = z.object({
  url: z
    .string()
    .describe('A link to the image, valid for a few minutes; also what the forms send back as `proofImg`, `front_pic`, ….'),
  name: z.string().describe("The stored image's random name."),
});
export type UploadResult = z.infer<typeof uploadResult>;
