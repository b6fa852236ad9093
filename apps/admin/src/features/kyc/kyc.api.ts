import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { Paged } from '@tradepad/contracts/envelope';
import type { KycStatus } from '@tradepad/contracts/wallet';
import { call, withQuery, type QueueQuery } from '../../api.ts';

/** One real-name application (`GET /admin/api/kyc`). */
export interface KycReview {
  id: number;
  user_id: number;
  user_account: string;
  name: string;
  card_id: string;
  /** Signed links to the ID card's two sides, valid for a few minutes. */
  front_url: string;
  reverse_url: string;
  /** 1 waiting, 2 approved, 3 rejected. */
  status: KycStatus;
  remark: string;
  created_at: number;
  reviewed_at?: number | null;
  reviewed_by?: number | string | null;
}

export interface KycDecision {
  id: number;
  status: KycStatus;
  remark: string;
}

export const kycQueue = (q: QueueQuery) => call<Paged<KycReview>>('GET', withQuery(ADMIN_API.kyc, { ...q }));
export const approveKyc = (id: number) => call<KycDecision>('POST', `${ADMIN_API.kyc}/${id}/approve`, {});
export const rejectKyc = (id: number, remark: string) => call<KycDecision>('POST', `${ADMIN_API.kyc}/${id}/reject`, { remark });
