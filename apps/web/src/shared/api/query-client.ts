import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

/**
 * React Query for every fetch: one retry on transport errors only (a refusal will not change by asking again).
 *
 * Mutations run at once whatever the library thinks of the network (`networkMode: 'always'`): with the default
 * ('online') a tap made offline is paused and sent by itself when the connection comes back, an order the trader
 * tapped long before at a price they no longer see (issue 17). Now the call runs immediately and the API client
 * refuses it offline ("not sent, you are offline") or abandons it after a few seconds (http-client.ts); nothing is
 * ever queued for later, and a mutation is never retried by the library.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => isApiError(error) && error.kind === 'transport' && failures < 1,
      refetchOnWindowFocus: false,
      staleTime: 15_000,
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
