import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { AccountType } from '@tradepad/contracts/account-types/schemas';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiGet, apiPost } from '../../../shared/api/http-client.ts';
import { tradeListKey } from '../../../shared/api/trade-list.api.ts';
import { userInfoKey } from '../../../shared/api/user-info.api.ts';

export const accountTypesKey = ['market', 'accountTypes'] as const;

/** GET /api/account_types (public, DESIGN §16): the published account types, the default first. */
export function useAccountTypes() {
  return useQuery({
    queryKey: accountTypesKey,
    staleTime: 60_000,
    queryFn: async ({ signal }) => (await apiGet(API.accountTypes, undefined, { signal, silent: true })).data,
  });
}

/**
 * POST main/account_type {account_type_id}: the trader's own choice (refused, with the server's message, while a
 * position or pending order is open). The profile, the trade list (prices, leverages) and the figures are read afresh;
 * the socket's quotes follow on the server's side.
 */
export function useChooseAccountType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (type: AccountType) =>
      apiPost(API.chooseAccountType, { account_type_id: type.id }, { loading: true, toastSuccess: true }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: userInfoKey }),
        client.invalidateQueries({ queryKey: tradeListKey }),
        client.invalidateQueries({ queryKey: TRADING_KEY }),
      ]),
  });
}
