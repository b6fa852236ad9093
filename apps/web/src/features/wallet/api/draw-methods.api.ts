import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { BindDrawMethodInput } from '@tradepad/contracts/wallet/params';
import { type DrawType } from '@tradepad/contracts/wallet/constants';
import { useActionMutation } from '../../../shared/api/action-mutation.ts';
import { apiGet, apiPost } from '../../../shared/api/http-client.ts';
import { WALLET_KEY } from './wallet-keys.ts';

const methodsKey = [...WALLET_KEY, 'methods'] as const;

/** GET wallet/get_draw_method: the bound methods of a type, or of one currency when `drawId` is given. */
export function useDrawMethods(type: DrawType, drawId?: number | null) {
  return useQuery({
    queryKey: [...methodsKey, type, drawId ?? 0],
    enabled: drawId !== null,
    queryFn: ({ signal }) => apiGet(API.getDrawMethod, { draw_type: type, draw_id: drawId ?? undefined }, { signal }),
  });
}

/** What the withdrawal-method page binds: the contract's parameters, the owner's code always sent with them. */
export type BindInput = BindDrawMethodInput & { auth_code: string };

/** POST wallet/bind_draw_method: the server checks a coin address against the currency's network. */
export function useBindDrawMethod() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (input: BindInput, idempotencyKey) =>
      apiPost(API.bindDrawMethod, { ...input }, { loading: true, toastSuccess: true, idempotencyKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: methodsKey }),
  });
}

/** POST wallet/del_draw_method. */
export function useDeleteDrawMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost(API.delDrawMethod, { id }, { loading: true, toastSuccess: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: methodsKey }),
  });
}
