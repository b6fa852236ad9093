import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { SparklineSeries } from '@tradepad/contracts/market/constants';
import { apiGet } from '../../../shared/api/http-client.ts';
import { seedSparklines } from '../hooks/sparkline-store.ts';

/** GET forex/abbreviated_cache_kline: recent closes of every instrument for the list's small charts. */
export async function fetchSparklines(signal?: AbortSignal): Promise<SparklineSeries[]> {
  const list = await apiGet(API.sparklines, undefined, { signal, silent: true });
  const series = Array.isArray(list) ? list : [];
  seedSparklines(series);
  return series;
}

/** The sparklines, fetched once a minute at most; live closes are appended between fetches. */
export const sparklinesQuery = queryOptions({
  queryKey: ['market', 'sparklines'],
  queryFn: ({ signal }) => fetchSparklines(signal),
  staleTime: 60_000,
});

export function useSparklines() {
  return useQuery(sparklinesQuery);
}
