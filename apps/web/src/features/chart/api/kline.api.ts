import { API } from '@tradepad/contracts/api-paths';
import { KLINE_DEFAULT_BARS, type KlinePoint, type Period } from '@tradepad/contracts/market/constants';
import { apiGet } from '../../../shared/api/http-client.ts';

export interface KlineRequest {
  forexId: number;
  period: Period;
  /** Unix seconds, exclusive: bars that opened before it (an older page). */
  to?: number;
  limit?: number;
}

export const klineKey = (forexId: number, period: Period) => ['market', 'kline', forexId, period] as const;

/** GET forex/kline: up to `limit` bars (300 by default), oldest first. */
export async function fetchKline(req: KlineRequest, signal?: AbortSignal): Promise<KlinePoint[]> {
  const bars = await apiGet(
    API.kline,
    { forex_id: req.forexId, period: req.period, to: req.to, limit: req.limit ?? KLINE_DEFAULT_BARS },
    { signal, silent: req.to !== undefined },
  );
  return Array.isArray(bars) ? bars : [];
}
