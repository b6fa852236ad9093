import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { RealNameParams } from '@tradepad/contracts/wallet/params';
import { apiGet, apiPost } from '../../../shared/api/http-client.ts';

const centerKey = ['kyc', 'center'] as const;

/** GET user_real/center: where the user's real-name verification stands. */
export function useKycCenter() {
  return useQuery({
    queryKey: centerKey,
    queryFn: ({ signal }) => apiGet(API.realNameCenter, undefined, { signal }),
  });
}

export type RealNameInput = RealNameParams;

/** POST user_real/real_name: an application with both sides of the ID document; staff review it. */
export function useApplyRealName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RealNameInput) => apiPost(API.realName, { ...input }, { loading: true, toastSuccess: true }),
    // The withdrawal screen asks whether verification is needed and done.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: centerKey }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
