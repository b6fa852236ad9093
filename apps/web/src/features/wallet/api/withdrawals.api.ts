import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { DrawParams } from '@tradepad/contracts/wallet/params';
import type { DrawType, WithdrawalRecord } from '@tradepad/contracts/wallet/constants';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { useActionMutation } from '../../../shared/api/action-mutation.ts';
import { apiGet, apiPost } from '../../../shared/api/http-client.ts';
import { asPage, FIRST_PAGE, nextPageOf, type Paged } from '../../../shared/api/paged.ts';
import { WALLET_KEY } from './wallet-keys.ts';

export const withdrawalsKey = [...WALLET_KEY, 'withdrawals'] as const;
const drawConfigKey = [...WALLET_KEY, 'drawConfig'] as const;

/** GET account/draw_symbol_list?type=: the currencies one can withdraw in, coin (1) or bank (2). */
export function useDrawSymbols(type: DrawType) {
  return useQuery({
    queryKey: [...WALLET_KEY, 'drawSymbols', type],
    queryFn: ({ signal }) => apiGet(API.drawSymbols, { type }, { signal }),
    staleTime: 60_000,
  });
}

/** GET wallet/draw_config: whether withdrawing needs real-name verification, and the free balance. */
export function useDrawConfig() {
  return useQuery({
    queryKey: drawConfigKey,
    queryFn: ({ signal }) => apiGet(API.drawConfig, undefined, { signal }),
  });
}

export type DrawInput = DrawParams;

/** POST account/draw: the amount moves to the locked balance until staff pay it out or refuse it. */
export function useDraw() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (input: DrawInput, idempotencyKey) =>
      apiPost(API.draw, { ...input }, { loading: true, toastSuccess: true, idempotencyKey }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
        queryClient.invalidateQueries({ queryKey: drawConfigKey }),
        queryClient.invalidateQueries({ queryKey: TRADING_KEY }),
        queryClient.invalidateQueries({ queryKey: ['account'] }),
      ]),
  });
}

/** GET account/draw_list: one page of the user's withdrawals, newest first. */
export async function fetchWithdrawals(page: number, signal?: AbortSignal): Promise<Paged<WithdrawalRecord>> {
  return asPage(await apiGet(API.drawList, { page }, { signal }));
}

export function useWithdrawals() {
  return useInfiniteQuery({
    queryKey: withdrawalsKey,
    queryFn: ({ pageParam, signal }) => fetchWithdrawals(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageOf(last, pages),
  });
}
