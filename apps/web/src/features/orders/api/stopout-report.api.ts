import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { StopoutReport } from '@tradepad/contracts/trading/constants';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiGet } from '../../../shared/api/http-client.ts';

/** GET forex/stopout_reports?order_id=: the stop-out report that closed an order (issue 20), or null. */
export function useStopoutReport(orderId: number | null) {
  return useQuery({
    queryKey: [...TRADING_KEY, 'stopout', orderId],
    enabled: orderId !== null,
    queryFn: async ({ signal }): Promise<StopoutReport | null> => {
      const list = await apiGet(API.stopoutReports, { order_id: orderId }, { signal });
      return list?.data[0] ?? null;
    },
    staleTime: 60_000,
  });
}
