import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiPost } from '../../../shared/api/http-client.ts';

/** POST forex/close: closes a holding order at the market; the server's `msg` is toasted either way. */
export function closeOrder(id: number): Promise<unknown> {
  return apiPost(API.close, { id }, { loading: true, toastSuccess: true });
}

/** Closes and refreshes the lists and the account's figures (spec §4). */
export function useCloseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRADING_KEY }),
  });
}
