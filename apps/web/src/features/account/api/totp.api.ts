import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { TotpStatus } from '@tradepad/contracts/twofactor/schemas';
import { apiGet, apiPost } from '../../../shared/api/http-client.ts';

const STATUS_KEY = ['totp-status'] as const;

/** GET user/totp/status: whether two-factor sign-in is on. */
export function useTotpStatus() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => apiGet(API.totpStatus) });
}

/** POST user/totp/setup: a pending secret and its otpauth:// link (on only once enabled with a code). */
export function useTotpSetup() {
  return useMutation({ mutationFn: () => apiPost(API.totpSetup, {}, { loading: true }) });
}

/** POST user/totp/enable {code}: the recovery codes, answered this once. */
export function useTotpEnable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiPost(API.totpEnable, { code }, { loading: true, toastSuccess: true }),
    onSuccess: () => client.setQueryData<TotpStatus>(STATUS_KEY, { enabled: true }),
  });
}

/** POST user/totp/disable {code}: a code of the app or a recovery code. */
export function useTotpDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiPost(API.totpDisable, { code }, { loading: true, toastSuccess: true }),
    onSuccess: () => client.setQueryData<TotpStatus>(STATUS_KEY, { enabled: false }),
  });
}
