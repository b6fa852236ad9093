import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { AlertCondition } from '@tradepad/contracts/alerts/constants';
import { useActionMutation } from '../api/action-mutation.ts';
import { apiGet, apiPost } from '../api/http-client.ts';
import { useUserStore } from '../store/user.store.ts';
import { ALERTS_KEY } from './alerts-key.ts';

/** GET /v1/api/alerts: the trader's alerts (active and fired), newest first; at most 100 (50 can be active). */
export function useAlerts(enabled = true) {
  const token = useUserStore((s) => s.token);
  return useQuery({
    queryKey: [...ALERTS_KEY, token],
    queryFn: ({ signal }) => apiGet(API.alerts, { limit: 100 }, { signal }),
    enabled: enabled && token !== null,
    staleTime: 30_000,
  });
}

export interface NewAlert {
  forexId: number;
  condition: AlertCondition;
  /** The level as typed, a decimal with the instrument's digits at most. */
  price: string;
}

/** POST /v1/api/alerts (one Idempotency-Key per tap): the server's message is toasted either way. */
export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (a: NewAlert, idempotencyKey: string) =>
      apiPost(
        API.alerts,
        { forex_id: a.forexId, condition: a.condition, price: a.price },
        { loading: true, toastSuccess: true, idempotencyKey },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

/** POST /v1/api/alerts/:id/delete. */
export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (id: number) => apiPost(`${API.alerts}/:id/delete`, undefined, { id, toastSuccess: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}
