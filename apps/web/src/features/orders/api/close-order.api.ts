import { useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { useActionMutation } from '../../../shared/api/action-mutation.ts';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiPost } from '../../../shared/api/http-client.ts';

/** POST forex/close: closes a holding order at the market; the server's `msg` is toasted either way. */
export function closeOrder(id: number, idempotencyKey?: string): Promise<unknown> {
  return apiPost(API.close, { id }, { loading: true, toastSuccess: true, idempotencyKey });
}

/** Closes and refreshes the lists and the account's figures (spec §4). */
export function useCloseOrder() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: closeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRADING_KEY }),
  });
}
