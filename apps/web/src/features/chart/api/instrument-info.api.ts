import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { apiGet } from '../../../shared/api/http-client.ts';

/** GET forex/info: an instrument's sessions and overnight financing (changes only when staff edit it). */
export function useInstrumentInfo(forexId: number) {
  return useQuery({
    queryKey: ['market', 'info', forexId],
    queryFn: ({ signal }) => apiGet(API.instrumentInfo, { forex_id: forexId }, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}
