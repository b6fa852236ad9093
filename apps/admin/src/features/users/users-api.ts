import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { AdjustmentKind } from '@tradepad/contracts/staff/users';
import { apiPost, newIdempotencyKey } from '../../providers/http.ts';

/**
 * The actions on a user and on adjustments (DESIGN §11). Calls that move money carry an Idempotency-Key per click, so
 * a retried click pays once.
 */
export const usersApi = {
  setStatus: (id: number, change: { login_enabled?: boolean; trading_enabled?: boolean }) =>
    apiPost(`${ADMIN_API.users}/:id/status`, change, { id }),
  revokeSessions: (id: number) => apiPost(`${ADMIN_API.users}/:id/sessions/revoke`, undefined, { id }),
  resetTotp: (id: number) => apiPost(`${ADMIN_API.users}/:id/totp/reset`, undefined, { id }),
  setAccountType: (id: number, body: { account_type_id: number; reason: string }) =>
    apiPost(`${ADMIN_API.users}/:id/account-type`, body, { id, idempotencyKey: newIdempotencyKey() }),
  addNote: (id: number, text: string) => apiPost(`${ADMIN_API.users}/:id/notes`, { text }, { id }),
  adjust: (id: number, body: { amount: string; kind: AdjustmentKind; reason: string }) =>
    apiPost(`${ADMIN_API.users}/:id/adjust`, body, { id, idempotencyKey: newIdempotencyKey() }),
  approve: (id: number) => apiPost(`${ADMIN_API.adjustments}/:id/approve`, {}, { id, idempotencyKey: newIdempotencyKey() }),
  reject: (id: number, remark: string) =>
    apiPost(`${ADMIN_API.adjustments}/:id/reject`, { remark }, { id, idempotencyKey: newIdempotencyKey() }),
};
