import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@tradepad/contracts/api-paths';
import type { amendPasswordParams } from '@tradepad/contracts/accounts/params';
import { apiPost } from '../../../shared/api/http-client.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';

export type AmendPasswordParams = z.output<typeof amendPasswordParams>;

/**
 * POST user/amend_password (form). The server revokes the user's other sessions; if it hands this one a fresh token
 * we keep it, so the user stays signed in here.
 */
export async function amendPassword(params: AmendPasswordParams): Promise<unknown> {
  const data = await apiPost<unknown>(API.amendPassword, params, { loading: true, toastSuccess: true });
  const token = data && typeof data === 'object' && 'token' in data ? (data as { token: unknown }).token : null;
  const { profile } = useUserStore.getState();
  if (typeof token === 'string' && token && profile) useUserStore.getState().setSession(token, profile);
  return data;
}

export function useAmendPassword() {
  return useMutation({ mutationFn: amendPassword });
}
