import { useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { SetStopParams } from '@tradepad/contracts/trading-params';
import { useActionMutation } from '../../../shared/api/action-mutation.ts';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiPost } from '../../../shared/api/http-client.ts';

/** What `forex/set_stop_price` changes: a level left out stays as it is, "0" removes it; at least one is given. */
export type StopsChange = SetStopParams;

/** POST forex/set_stop_price: a new stop-loss, take-profit, or both, for a holding or pending order. */
export function setStops(change: StopsChange, idempotencyKey?: string): Promise<unknown> {
  return apiPost(API.setStops, { ...change }, { loading: true, toastSuccess: true, idempotencyKey });
}

export function useSetStops() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: setStops,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRADING_KEY }),
  });
}
