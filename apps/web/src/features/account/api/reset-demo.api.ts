import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { apiPost } from '../../../shared/api/http-client.ts';

/** POST main/user/resetForexDemoAccount: the demo account back to its starting balance. */
export function resetDemoAccount(): Promise<unknown> {
  return apiPost(API.resetDemo, undefined, { loading: true, toastSuccess: true });
}

export function useResetDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetDemoAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}
