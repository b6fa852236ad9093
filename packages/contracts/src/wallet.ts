/**
 * Wallet, real-name verification, uploads and invites (spec §3, §7; DESIGN §6, §7). Zod-free so the web app can import
 * it whole; the parameter schemas live in wallet-params.ts.
 *
 * Amounts travel as decimal strings: a deposit's `number` in its own currency, withdrawals in USD (the balance's
 * currency), the received amount in the withdrawal currency with 2 decimals.
 */

/** Deposit `type`: 0 coin transfer, 1 bank wire. */
export const DEPOSIT_COIN = 0;
export const DEPOSIT_BANK = 1;
export type DepositType = typeof DEPOSIT_COIN | typeof DEPOSIT_BANK;

/** Withdrawal and withdrawal-method `type`: 1 coin, 2 bank. */
export const DRAW_COIN = 1;
export const DRAW_BANK = 2;
export type DrawType = typeof DRAW_COIN | typeof DRAW_BANK;

/** Financial record status (DESIGN §6), deposits and withdrawals alike. */
export const RECORD_UNREVIEWED = 0;
export const RECORD_COMPLETED = 1;
export const RECORD_REJECTED = 2;
export const RECORD_INVALID = 3;
export type RecordStatus = typeof RECORD_UNREVIEWED | typeof RECORD_COMPLETED | typeof RECORD_REJECTED | typeof RECORD_INVALID;

/** Real-name `review_status`. */
export const KYC_NONE = 0;
export const KYC_WAITING = 1;
export const KYC_APPROVED = 2;
export const KYC_REJECTED = 3;
export type KycStatus = typeof KYC_NONE | typeof KYC_WAITING | typeof KYC_APPROVED | typeof KYC_REJECTED;

/** Coin networks a withdrawal address is checked against. */
export const COIN_NETWORKS = ['TRC20', 'ERC20', 'BEP20', 'BTC'] as const;
export type CoinNetwork = (typeof COIN_NETWORKS)[number];

/** Limits a deposit or withdrawal amount must respect. */
export interface AmountLimits {
  /** Smallest and largest amount, decimal strings; max '0' means no maximum. */
  min_amount: string;
  max_amount: string;
  /** Decimal places the amount may have. */
  precision: number;
}

/** `quickCharge/info`: one coin deposit channel (spec §3 "Deposit coin option"). */
export interface DepositCoinOption extends AmountLimits {
  id: number;
  currency_code: string;
  protocol_code: string;
  /** The broker's receiving address, set by staff. */
  address: string;
  /** Units of this currency one USD buys ('1' for USDT): the credit is number ÷ usd_price. */
  usd_price: string;
}

/** `quickCharge/symbols`: one bank currency (spec §3 "Bank option"). */
export interface BankCurrencyOption extends AmountLimits {
  id: number;
  name: string;
  usd_price: string;
}

/** `quickCharge/wire_info?bank_coin=<id>` (spec §3 "Wire info"). */
export interface WireInfo {
  id: number;
  currency: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  bank_remark: string;
}

/** `quickCharge/quick_ist`: one deposit (spec §3 "Deposit record"). */
export interface DepositRecord {
  id: number;
  /** The amount in the deposit's currency. */
  number: string;
  type: DepositType;
  currency_code: string;
  /** Coin network ('' for a wire). */
  protocol_code: string;
  /** What is credited in USD when approved. */
  usd_amount: string;
  status: RecordStatus;
  /** Translated status text. */
  status_name: string;
  /** The staff's remark when rejected or invalid. */
  remark: string;
  /** A link to the proof image, valid for a few minutes. */
  proof_url: string;
  created_at: string;
}

/** `account/draw_symbol_list`: one withdrawal currency (spec §3 "Withdraw currency"). */
export interface DrawCurrency extends AmountLimits {
  id: number;
  type: DrawType;
  code: string;
  /** Coin network, or '' for a bank currency. */
  protocol: string;
  /** The fee: a USD amount when fee_type is 1, else a fraction of the amount ('0.01' is 1 %). */
  draw_rate: string;
  fee_type: number;
  /** Units of this currency one USD buys. */
  usd_price: string;
}

/** `wallet/get_draw_method`: one bound method (spec §3 "Bound method", "Bank card", "Coin address"). */
export interface DrawMethod {
  id: number;
  type: DrawType;
  draw_id: number;
  draw_currency: { id: number; code: string; protocol: string };
  dc_address: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  remark: string;
}

/** `account/draw_list`: one withdrawal (spec §3 "Withdraw record"). */
export interface WithdrawalRecord {
  id: number;
  /** The amount taken from the balance, USD. */
  number: string;
  /** What the user receives, in the withdrawal currency, 2 decimals. */
  real_number: string;
  draw_currency: { id: number; code: string; protocol: string };
  /** The fee in USD. */
  fee: string;
  status: RecordStatus;
  status_name: string;
  type: DrawType;
  address: string;
  bank_name: string;
  payee_account: string;
  /** The user's memo. */
  notes: string;
  /** The staff's remark when rejected. */
  remark: string;
  /** The payout's transfer reference once paid. */
  transfer_ref: string;
  created_at: string;
}

/** `user_real/center`. */
export interface KycCenter {
  review_status: KycStatus;
  /** The name and a masked ID number of the latest application ('' when none). */
  name: string;
  card_id: string;
  /** Why it was rejected. */
  remark: string;
  created_at: string;
  reviewed_at: string;
}

/** `common/image_upload`. */
export interface UploadResult {
  /** A link to the image, valid for a few minutes; also what the forms send back as `proofImg`, `front_pic`, …. */
  url: string;
  /** The stored image's random name. */
  name: string;
}

/** `user/invite_list` (beyond the spec's calls: the invite screen's list). */
export interface InviteList {
  invite_code: string;
  data: Array<{ uid: string; account: string; created_at: string }>;
  total: number;
}

/** Whether real-name verification is required before withdrawing, as `wallet/draw_config` tells the app. */
export interface DrawConfig {
  kyc_required: boolean;
  review_status: KycStatus;
  /** The free balance (USD, 2 decimals) a withdrawal may take at most. */
  free_balance: string;
}
