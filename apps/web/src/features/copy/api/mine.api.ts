import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { CopyMine, StrategyDetail } from '@tradepad/contracts/copy/schemas';
import { useActionMutation } from '../../../shared/api/action-mutation.ts';
import { apiGet, apiPost } from '../../../shared/api/http-client.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { COPY_KEY, mineKey } from './copy-keys.ts';

/** GET copy/mine: the trader's own strategy (null when none) with its followers and the fees it earned. */
export function fetchMine(signal?: AbortSignal): Promise<CopyMine> {
  return apiGet(API.copyMine, undefined, { signal, silent: true });
}

export function useMine() {
  return useQuery({ queryKey: mineKey, staleTime: 10_000, queryFn: ({ signal }) => fetchMine(signal) });
}

export interface OpenStrategyRequest {
  name: string;
  description: string;
  performance_fee_percent: string;
  management_fee_percent: string;
  min_investment: string;
}

/** POST copy/strategies: open the trader's strategy. Silent: the form shows the refusal itself. */
export function openStrategy(request: OpenStrategyRequest, idempotencyKey?: string): Promise<StrategyDetail> {
  return apiPost(API.copyStrategies, request, { loading: true, silent: true, idempotencyKey });
}

export function useOpenStrategy() {
  return useActionMutation({
    mutationFn: openStrategy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COPY_KEY }),
  });
}
