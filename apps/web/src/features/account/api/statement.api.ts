import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { TRADING_KEY } from '../../../shared/api/account-summary.api.ts';
import { apiDownload, apiGet, saveDownload } from '../../../shared/api/http-client.ts';

/** The period a statement covers: calendar days in the reader's time zone, both included. */
export interface StatementRange {
  from: string;
  to: string;
  tz: string;
}

/** Under the trading key: a close, a deposit or an adjustment refreshes it with the other money lists. */
export const statementKey = (r: StatementRange) => [...TRADING_KEY, 'statement', r.from, r.to, r.tz] as const;

/** GET main/statement (DESIGN §13): the period's closed trades, cash movements and totals. */
export function useStatement(range: StatementRange, enabled: boolean) {
  return useQuery({
    queryKey: statementKey(range),
    queryFn: ({ signal }) => apiGet(API.statement, { ...range }, { signal, silent: true }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/**
 * Downloads the statement as CSV or PDF with the app's token (fetch and a blob: a plain link could not carry it) and
 * hands it to the browser to save. A refusal (dates, too many rows) is toasted in the reader's language.
 */
export async function downloadStatement(range: StatementRange, format: 'csv' | 'pdf'): Promise<void> {
  saveDownload(await apiDownload(API.statement, { ...range, format }, `statement-${range.from}-${range.to}.${format}`));
}
