import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { AdjustmentKind } from '@tradepad/contracts/staff/users';
import { call, newIdempotencyKey } from '../../providers/http.ts';

/**
 * The actions on a user and on adjustments (DESIGN §11). Calls that move money carry an Idempotency-Key per click, so
 * a retried click pays once.
 */
export const usersApi = {
  setStatus: (id: number, change: { login_enabled?: boolean; trading_enabled?: boolean }) =>
    call('POST', `${ADMIN_API.users}/${id}/status`, change),
  revokeSessions: (id: number) => call('POST', `${ADMIN_API.users}/${id}/sessions/revoke`),
  resetTotp: (id: number) => call('POST', `${ADMIN_API.users}/${id}/totp/reset`),
  addNote: (id: number, text: string) => call('POST', `${ADMIN_API.users}/${id}/notes`, { text }),
  adjust: (id: number, body: { amount: string; kind: AdjustmentKind; reason: string }) =>
    call('POST', `${ADMIN_API.users}/${id}/adjust`, body, undefined, newIdempotencyKey()),
  approve: (id: number) => call('POST', `${ADMIN_API.adjustments}/${id}/approve`, {}, undefined, newIdempotencyKey()),
  reject: (id: number, remark: string) =>
    call('POST', `${ADMIN_API.adjustments}/${id}/reject`, { remark }, undefined, newIdempotencyKey()),
};
