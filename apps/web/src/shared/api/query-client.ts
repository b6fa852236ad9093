import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

/** React Query for every fetch: one retry on transport errors only (a refusal will not change by asking again). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => isApiError(error) && error.kind === 'transport' && failures < 1,
      refetchOnWindowFocus: false,
      staleTime: 15_000,
    },
    mutations: { retry: false },
  },
});
