import { useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { CoinDepositParams, WireDepositParams } from '@tradepad/contracts/wallet/params';
import { useActionMutation } from '../../../shared/api/action-mutation.ts';
import { apiPost } from '../../../shared/api/http-client.ts';
import { depositsKey } from './deposit-list.api.ts';

export type CoinDepositInput = CoinDepositParams;
export type WireDepositInput = WireDepositParams;

/** POST quickCharge/submit (a coin transfer) or quickCharge/wire_submit (a bank wire), with the loading indicator. */
export function submitDeposit(
  input: { coin: CoinDepositInput } | { wire: WireDepositInput },
  idempotencyKey?: string,
): Promise<unknown> {
  const opts = { loading: true, toastSuccess: true, idempotencyKey };
  if ('coin' in input) return apiPost(API.depositSubmit, { ...input.coin }, opts);
  return apiPost(API.wireSubmit, { ...input.wire }, opts);
}

export function useSubmitDeposit() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: submitDeposit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositsKey }),
  });
}
