import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@tradepad/contracts/api-paths';
import type { amendPasswordParams } from '@tradepad/contracts/accounts/params';
import { apiPost } from '../../../shared/api/http-client.ts';

export type AmendPasswordParams = z.output<typeof amendPasswordParams>;

/**
 * POST user/amend_password (form). The server signs out the user's other sessions and keeps this one, so the token
 * held here stays good (the call answers no data).
 */
export function amendPassword(params: AmendPasswordParams) {
  return apiPost(API.amendPassword, params, { loading: true, toastSuccess: true });
}

export function useAmendPassword() {
  return useMutation({ mutationFn: amendPassword });
}
