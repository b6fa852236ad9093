import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { quoteStore } from '../market/quote-store.ts';
import { useSettingsStore } from '../store/settings.store.ts';
import { apiGet } from './http-client.ts';

export const tradeListKey = ['market', 'tradeList'] as const;

/** GET forex/trade_list: the instruments with their day's quote; `searchCurrency` narrows by code or name. */
export async function fetchTradeList(searchCurrency?: string, signal?: AbortSignal): Promise<TradeItem[]> {
  const items = await apiGet(API.tradeList, { searchCurrency: searchCurrency || undefined }, { signal });
  const list = Array.isArray(items) ? items : [];
  quoteStore.seed(list);
  return list;
}

/**
 * The whole trade list, cached for the session (spec §4): live prices come from the quote store, and home and trade
 * refresh it when entered (`refreshTradeList`).
 */
export const tradeListQuery = queryOptions({
  queryKey: tradeListKey,
  queryFn: ({ signal }) => fetchTradeList(undefined, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useTradeList() {
  return useQuery(tradeListQuery);
}

/** A list fetched this long ago or less is not fetched again on entering a screen. */
const FRESH_MS = 10_000;

/**
 * Instruments whose code, or name in the reader's language, matches `search` (product search: "gold", "黃金"); an
 * empty search is the whole list. The language is part of the key: the same text finds other names in another one.
 */
export function useTradeSearch(search: string) {
  const term = search.trim();
  const lang = useSettingsStore((s) => s.lang);
  return useQuery({
    queryKey: term ? [...tradeListKey, term, lang] : tradeListKey,
    queryFn: ({ signal }) => fetchTradeList(term, signal),
    staleTime: term ? 30_000 : Number.POSITIVE_INFINITY,
    placeholderData: (previous) => previous,
  });
}

/**
 * Fetches the trade list again unless it is loading already or has just arrived (spec §2: entering home or trade
 * refreshes it).
 */
export function refreshTradeList(client: QueryClient): void {
  const state = client.getQueryState(tradeListKey);
  if (!state || state.fetchStatus !== 'idle' || state.status === 'pending') return;
  if (Date.now() - state.dataUpdatedAt < FRESH_MS) return;
  void client.refetchQueries({ queryKey: tradeListKey, exact: true });
}
