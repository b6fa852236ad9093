import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { Paged } from '@tradepad/contracts/envelope';
import type { DrawType, KycStatus, RecordStatus } from '@tradepad/contracts/wallet';
import { call, withQuery, type QueueQuery } from '../../api.ts';

/** One withdrawal in the review queue (`GET /admin/api/withdrawals`). */
export interface WithdrawalReview {
  id: number;
  user_id: number;
  user_account: string;
  type: DrawType;
  /** The withdrawal currency and its coin network ('' for a bank currency). */
  code: string;
  protocol: string;
  /** Coin withdrawals: the address to pay. */
  address: string;
  /** Bank withdrawals: the account to pay. */
  bank_name: string;
  payee_name: string;
  payee_account: string;
  /** The amount taken from the balance, USD. */
  number: string;
  /** The fee, USD. */
  fee: string;
  /** What the user receives, in the withdrawal currency. */
  real_number: string;
  memo: string;
  status: RecordStatus;
  remark: string;
  transfer_ref?: string;
  created_at: number;
  reviewed_at?: number | null;
  reviewed_by?: number | string | null;
  /** The user's real-name status when the list was read, when the server sends it. */
  kyc_status?: KycStatus;
}

export interface WithdrawalDecision {
  id: number;
  status: RecordStatus;
  remark: string;
  transfer_ref?: string;
}

export const withdrawalQueue = (q: QueueQuery) =>
  call<Paged<WithdrawalReview>>('GET', withQuery(ADMIN_API.withdrawals, { ...q }));

/** Marks the withdrawal paid, with the payout's transaction hash or bank reference. */
export const approveWithdrawal = (id: number, transferRef: string) =>
  call<WithdrawalDecision>('POST', `${ADMIN_API.withdrawals}/${id}/approve`, { transfer_ref: transferRef });

/** Rejects it; the locked amount goes back to the user's cash. */
export const rejectWithdrawal = (id: number, remark: string) =>
  call<WithdrawalDecision>('POST', `${ADMIN_API.withdrawals}/${id}/reject`, { remark });
