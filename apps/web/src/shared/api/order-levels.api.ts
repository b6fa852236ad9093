import { useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { SetStopParams } from '@tradepad/contracts/trading/params';
import { useActionMutation } from './action-mutation.ts';
import { TRADING_KEY } from './account-summary.api.ts';
import { apiPost } from './http-client.ts';

/**
 * The calls that move an order's levels, shared by the order's sheet and the chart's draggable lines: each tap (or
 * drop of a line) is one action with its own Idempotency-Key, the server's `msg` is toasted either way, and the
 * trader's order lists and figures are fetched again after a change.
 */

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

/** POST forex/set_pending_price: moves a pending order; its margin follows (issue 20). */
export function setPendingPrice(p: { id: number; price: string }, idempotencyKey?: string): Promise<unknown> {
  return apiPost(API.setPendingPrice, p, { loading: true, toastSuccess: true, idempotencyKey });
}

export function useSetPendingPrice() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: setPendingPrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRADING_KEY }),
  });
}
