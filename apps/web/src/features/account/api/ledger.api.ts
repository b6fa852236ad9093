import { useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { LedgerEntryView } from '@tradepad/contracts/trading/constants';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiGet } from '../../../shared/api/http-client.ts';
import { asPage, FIRST_PAGE, nextPageOf, type Paged } from '../../../shared/api/paged.ts';

/** Under the trading key: a trade, a close or a cancel adds entries, and refreshes this list with the others. */
export const ledgerKey = [...TRADING_KEY, 'ledger'] as const;

/** GET main/accountLog/forexChange: one page (from 1) of the cash account's entries, newest first. */
export async function fetchLedger(page: number, signal?: AbortSignal): Promise<Paged<LedgerEntryView>> {
  const result = await apiGet(API.ledger, { page }, { signal });
  // `data` and the spec's `list` carry the same rows.
  return asPage({ data: result?.data ?? result?.list, total: result?.total });
}

/** The ledger a page at a time until the loaded count reaches the total (spec §9). */
export function useLedger() {
  return useInfiniteQuery({
    queryKey: ledgerKey,
    queryFn: ({ pageParam, signal }) => fetchLedger(pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextPageOf(last, pages),
    staleTime: 5_000,
  });
}
