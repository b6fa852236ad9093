import { useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { FollowView } from '@tradepad/contracts/copy/schemas';
import type { CopyModeName } from '@tradepad/contracts/copy/constants';
import { useActionMutation } from '../../../shared/api/action-mutation.ts';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiPost } from '../../../shared/api/http-client.ts';
import { COPY_KEY } from './copy-keys.ts';

export interface FollowRequest {
  strategy_id: number;
  amount: string;
  mode: CopyModeName;
  value: string;
  equity_stop_percent: number;
}

/**
 * POST copy/follow: the amount leaves the cash for a copy account. Silent: the sheet shows the server's refusal
 * beside its button (in the trader's language, as the server wrote it), not only in a passing toast.
 */
export function follow(request: FollowRequest, idempotencyKey?: string): Promise<FollowView> {
  return apiPost(API.copyFollow, request, { loading: true, silent: true, idempotencyKey });
}

/** POST copy/unfollow: the copies close at the market, the fees due are taken, the rest returns to the cash. */
export function unfollow(strategyId: number, idempotencyKey?: string): Promise<FollowView> {
  return apiPost(API.copyUnfollow, { strategy_id: strategyId }, { loading: true, silent: true, idempotencyKey });
}

/** Both move cash: the account's figures and every copy list are read again. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: COPY_KEY }),
      queryClient.invalidateQueries({ queryKey: TRADING_KEY }),
    ]);
}

export function useFollow() {
  const refresh = useRefreshAfter();
  return useActionMutation({ mutationFn: follow, onSuccess: refresh });
}

export function useUnfollow() {
  const refresh = useRefreshAfter();
  return useActionMutation({ mutationFn: unfollow, onSuccess: refresh });
}
