import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@tradepad/contracts/api-paths';
import type { registerParams } from '@tradepad/contracts/accounts/params';
import { apiPost } from '../../../shared/api/http-client.ts';

export type RegisterParams = z.output<typeof registerParams>;

/** POST user/register (form); the server's message is toasted on success. */
export function register(params: RegisterParams): Promise<unknown> {
  return apiPost(API.register, params, { loading: true, toastSuccess: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
