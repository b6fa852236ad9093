import { useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { useActionMutation } from '../../../shared/api/action-mutation.ts';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiPost } from '../../../shared/api/http-client.ts';

/** POST forex/cancel_trade: cancels a pending order; its margin and fee come back. */
export function cancelOrder(id: number, idempotencyKey?: string): Promise<unknown> {
  return apiPost(API.cancel, { id }, { loading: true, toastSuccess: true, idempotencyKey });
}

/** Cancels and refreshes the lists and the account's figures (spec §4). */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: cancelOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRADING_KEY }),
  });
}
