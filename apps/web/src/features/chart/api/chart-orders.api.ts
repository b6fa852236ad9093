import { useEffect, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { STATUS_HOLDING, STATUS_PENDING, type OrderView } from '@tradepad/contracts/trading/constants';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiGet } from '../../../shared/api/http-client.ts';
import { liveOrders, useAccountFeed, useForexClosed } from '../../../shared/trading/account-feed.ts';

/** The chart's copy of the trader's open orders; under TRADING_KEY, so every trade, close or edit refreshes it. */
export const chartOrdersKey = (status: typeof STATUS_HOLDING | typeof STATUS_PENDING) =>
  [...TRADING_KEY, 'chartOrders', status] as const;

/** The most orders of each status the chart asks for (the call's page limit). */
const CHART_ORDERS_LIMIT = 100;
/** A live order the chart does not know (a pending order just filled) refreshes the lists at most this often. */
const REFRESH_GAP_MS = 2_000;
/** A trailing stop moves on the server with the market: while one is shown, its level is fetched this often. */
const TRAILING_REFRESH_MS = 5_000;

async function fetchOpenOrders(status: typeof STATUS_HOLDING | typeof STATUS_PENDING, signal: AbortSignal) {
  const list = await apiGet(API.deals, { status, page: 1, limit: CHART_ORDERS_LIMIT }, { signal, silent: true });
  return list?.data ?? [];
}

const noOrders: OrderView[] = [];

function useOpenOrders(status: typeof STATUS_HOLDING | typeof STATUS_PENDING, enabled: boolean) {
  return useQuery({
    queryKey: chartOrdersKey(status),
    queryFn: ({ signal }) => fetchOpenOrders(status, signal),
    enabled,
    staleTime: 5_000,
    refetchInterval: (query) => (query.state.data?.some((o) => o.TrailingDistance > 0) ? TRAILING_REFRESH_MS : false),
  });
}

/**
 * The trader's open positions and pending orders of `forexId`, kept live while the chart shows (only for a signed-in
 * trader): fetched with the order lists' call, dropped at once when FOREX_CLOSED names them (a stop-loss or
 * take-profit hit, a stop-out), fetched again when a push names a position the chart does not know (a pending order
 * filled), and every few seconds while one of them has a trailing stop.
 */
export function useChartOrders(forexId: number, enabled: boolean): readonly OrderView[] {
  const queryClient = useQueryClient();
  useAccountFeed();
  const holding = useOpenOrders(STATUS_HOLDING, enabled);
  const pending = useOpenOrders(STATUS_PENDING, enabled);

  useForexClosed((message) => {
    const ids = new Set(message.id);
    for (const status of [STATUS_HOLDING, STATUS_PENDING] as const) {
      queryClient.setQueryData<OrderView[]>(chartOrdersKey(status), (list) =>
        list?.some((o) => ids.has(o.Id)) ? list.filter((o) => !ids.has(o.Id)) : list,
      );
    }
  });

  const lastRefresh = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    return liveOrders.watch((id) => {
      const known = queryClient.getQueryData<OrderView[]>(chartOrdersKey(STATUS_HOLDING));
      if (!known || known.length >= CHART_ORDERS_LIMIT || known.some((o) => o.Id === id)) return;
      const now = Date.now();
      if (now - lastRefresh.current < REFRESH_GAP_MS) return;
      lastRefresh.current = now;
      void queryClient.invalidateQueries({ queryKey: chartOrdersKey(STATUS_HOLDING) });
      void queryClient.invalidateQueries({ queryKey: chartOrdersKey(STATUS_PENDING) });
    });
  }, [enabled, queryClient]);

  const h = holding.data ?? noOrders;
  const p = pending.data ?? noOrders;
  return useMemo(() => [...h, ...p].filter((o) => o.ForexId === forexId), [h, p, forexId]);
}
