import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { Paged } from '@tradepad/contracts/envelope';
import type { DepositType, RecordStatus } from '@tradepad/contracts/wallet';
import { call, withQuery, type QueueQuery } from '../../api.ts';

/** One deposit in the review queue (`GET /admin/api/deposits`). */
export interface DepositReview {
  id: number;
  user_id: number;
  user_account: string;
  type: DepositType;
  currency_code: string;
  /** Coin network; '' for a bank wire. */
  protocol_code: string;
  /** The amount in the deposit's currency. */
  number: string;
  /** What approving credits, USD. */
  usd_amount: string;
  /** The sender's address the user gave (coin deposits, optional). */
  from_address: string;
  /** A signed link to the proof image, valid for a few minutes. */
  proof_url: string;
  status: RecordStatus;
  remark: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: number | string | null;
}

/** What a decision answers: the record's new state. */
export interface DepositDecision {
  id: number;
  status: RecordStatus;
  remark: string;
}

export const depositQueue = (q: QueueQuery) => call<Paged<DepositReview>>('GET', withQuery(ADMIN_API.deposits, { ...q }));

export const approveDeposit = (id: number) => call<DepositDecision>('POST', `${ADMIN_API.deposits}/${id}/approve`, {});

/** Rejects (status 2, the default) or marks invalid (3), with a remark the user reads. */
export const rejectDeposit = (id: number, remark: string, status?: number) =>
  call<DepositDecision>('POST', `${ADMIN_API.deposits}/${id}/reject`, status === undefined ? { remark } : { remark, status });
