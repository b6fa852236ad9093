import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@tradepad/contracts/api-paths';
import type { forgetPasswordParams } from '@tradepad/contracts/accounts/params';
import { apiPost } from '../../../shared/api/http-client.ts';

export type ForgetPasswordParams = z.output<typeof forgetPasswordParams>;

/** POST user/forget_password (form): a new password by emailed or texted code (code type 2). */
export function forgetPassword(params: ForgetPasswordParams): Promise<unknown> {
  return apiPost(API.forgetPassword, params, { loading: true, toastSuccess: true });
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
