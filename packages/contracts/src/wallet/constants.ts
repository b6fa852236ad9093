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
/** Staff asked for more information (DESIGN §16): the trader reads their message and submits again (back to 1). */
export const KYC_MORE_INFO = 4;
export type KycStatus = typeof KYC_NONE | typeof KYC_WAITING | typeof KYC_APPROVED | typeof KYC_REJECTED | typeof KYC_MORE_INFO;

/** The identity documents a real-name application may name (`doc_type`). */
export const KYC_DOC_TYPES = ['id_card', 'passport', 'driving_licence'] as const;
export type KycDocType = (typeof KYC_DOC_TYPES)[number];

/** Coin networks a withdrawal address is checked against. */
export const COIN_NETWORKS = ['TRC20', 'ERC20', 'BEP20', 'BTC'] as const;
export type CoinNetwork = (typeof COIN_NETWORKS)[number];

/**
 * The REST answers' shapes, each derived from its zod schema in wallet/answers.ts (type-only, so importing this file
 * never pulls zod into the web app's bundle).
 */
import type {
  AmountLimits,
  BankCurrencyOption,
  DepositCoinOption,
  DepositList,
  DepositRecord,
  DrawConfig,
  DrawCurrency,
  DrawMethod,
  KycCenter,
  UploadResult,
  WireInfo,
  WithdrawalList,
  WithdrawalRecord,
} from './answers.ts';
export type {
  AmountLimits,
  BankCurrencyOption,
  DepositCoinOption,
  DepositList,
  DepositRecord,
  DrawConfig,
  DrawCurrency,
  DrawMethod,
  KycCenter,
  UploadResult,
  WireInfo,
  WithdrawalList,
  WithdrawalRecord,
};
/** `user/invite_list` (beyond the spec's calls: the invite screen's list); its schema is with the accounts answers. */
import type { InviteList } from '../accounts/answers.ts';
export type { InviteList };
