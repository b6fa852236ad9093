import { useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { SubmitResult } from '@tradepad/contracts/trading/constants';
import type { SubmitParams } from '@tradepad/contracts/trading/params';
import { useActionMutation } from '../../../shared/api/action-mutation.ts';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiPost } from '../../../shared/api/http-client.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';

/**
 * POST forex/submit: a market order (`status` 1) or a pending one (`status` 0 at `target_price`), with stop-loss and
 * take-profit levels (0 = none). A refusal is toasted with the server's `msg`; success returns the new order.
 */
export function submitOrder(params: SubmitParams, idempotencyKey?: string): Promise<SubmitResult> {
  return apiPost(API.submit, { ...params }, { loading: true, idempotencyKey });
}

/** Submits (one Idempotency-Key per tap) and refreshes the balance, the order lists and the account's figures. */
export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: submitOrder,
    onSuccess(result) {
      if (typeof result?.balance === 'string') useUserStore.getState().setBalance(result.balance);
      void queryClient.invalidateQueries({ queryKey: TRADING_KEY });
    },
  });
}
