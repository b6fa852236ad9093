import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiPost } from '../../../shared/api/http-client.ts';

/** POST forex/cancel_trade: cancels a pending order; its margin and fee come back. */
export function cancelOrder(id: number): Promise<unknown> {
  return apiPost(API.cancel, { id }, { loading: true, toastSuccess: true });
}

/** Cancels and refreshes the lists and the account's figures (spec §4). */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRADING_KEY }),
  });
}
