import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { StrategyDetail } from '@tradepad/contracts/copy/schemas';
import { apiGet } from '../../../shared/api/http-client.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';
import { strategyKey } from './copy-keys.ts';

/** GET copy/strategies/:id: a strategy's figures after fees, terms, daily equity curve and the caller's own follow. */
export function fetchStrategy(id: number, signal?: AbortSignal): Promise<StrategyDetail> {
  return apiGet(API.copyStrategy, undefined, { id, signal, silent: true });
}

export function useStrategy(id: number) {
  // Signed in or not changes `my_follow`: the key's token part makes the page ask again after a sign-in.
  const token = useUserStore((s) => s.token);
  return useQuery({
    queryKey: [...strategyKey(id), token ?? ''],
    enabled: Number.isSafeInteger(id) && id > 0,
    staleTime: 15_000,
    queryFn: ({ signal }) => fetchStrategy(id, signal),
  });
}
