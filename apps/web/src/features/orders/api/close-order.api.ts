import { useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { useActionMutation } from '../../../shared/api/action-mutation.ts';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiPost } from '../../../shared/api/http-client.ts';

/** What to close: a position, or `cont` lots of it (a partial close, DESIGN §12). */
export type CloseTarget = number | { id: number; cont?: string | undefined };

/** POST forex/close: closes a holding order (or part of it) at the market; the server's `msg` is toasted either way. */
export function closeOrder(target: CloseTarget, idempotencyKey?: string): Promise<unknown> {
  const params = typeof target === 'number' ? { id: target } : target.cont ? target : { id: target.id };
  return apiPost(API.close, params, { loading: true, toastSuccess: true, idempotencyKey });
}

/** Closes and refreshes the lists and the account's figures (spec §4). */
export function useCloseOrder() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: closeOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRADING_KEY }),
  });
}

/** POST forex/close_all: every position, or those of one instrument (issue 20). */
export function closeAll(forexId: number | undefined, idempotencyKey?: string): Promise<unknown> {
  return apiPost(API.closeAll, forexId ? { forex_id: forexId } : {}, { loading: true, toastSuccess: true, idempotencyKey });
}

export function useCloseAll() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: closeAll,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRADING_KEY }),
  });
}

/** Moving a pending order's price lives in shared/api (the chart's draggable lines use it too). */
export { setPendingPrice, useSetPendingPrice } from '../../../shared/api/order-levels.api.ts';
