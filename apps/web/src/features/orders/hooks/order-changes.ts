import type { InfiniteData } from '@tanstack/react-query';
import type { OrderView } from '@tradepad/contracts/trading/constants';
import { pointsToPrice, priceToPoints } from '@tradepad/domain/price';
import type { DealPage } from '../api/deals.api.ts';
import type { StopsChange } from '../api/set-stops.api.ts';

/**
 * The list without the orders in `ids` (a FOREX_CLOSED push, a close or a cancel): the rows go, and the total
 * drops by as many, so the pages still finish where they should. The same object when none of them is listed.
 */
export function withoutOrders(
  data: InfiniteData<DealPage, number> | undefined,
  ids: ReadonlySet<number>,
): InfiniteData<DealPage, number> | undefined {
  if (!data) return data;
  let removed = 0;
  const pages = data.pages.map((page) => {
    const kept = page.data.filter((o) => !ids.has(o.Id));
    removed += page.data.length - kept.length;
    return kept.length === page.data.length ? page : { ...page, data: kept };
  });
  if (removed === 0) return data;
  return { ...data, pages: pages.map((p) => ({ ...p, total: Math.max(0, p.total - removed) })) };
}

/** Ids of every listed order. */
export const idsOf = (data: InfiniteData<DealPage, number> | undefined): Set<number> =>
  new Set(data ? data.pages.flatMap((p) => p.data.map((o) => o.Id)) : []);

/** A typed level in points; '' is 0 (none); null when it is not a price. */
function levelPoints(text: string, precision: number): number | null {
  const trimmed = text.trim().replace(/,/g, '.');
  if (trimmed === '') return 0;
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return priceToPoints(trimmed, precision);
}

/** A level as a field shows it: empty for none, else plain digits in the instrument's precision. */
export const levelText = (price: number, precision: number): string => (price > 0 ? price.toFixed(precision) : '');

export type StopsEdit =
  { kind: 'change'; change: StopsChange } | { kind: 'unchanged' } | { kind: 'invalid'; field: 'stop_loss' | 'take_profit' };

/**
 * What the stop-loss/take-profit editor sends: only the levels that changed (either alone, or both); an emptied
 * field removes its level (0).
 */
export function stopsEdit(order: OrderView, stopLossText: string, takeProfitText: string): StopsEdit {
  const precision = order.ForexTradeLists.PricePrecision;
  const sl = levelPoints(stopLossText, precision);
  if (sl === null) return { kind: 'invalid', field: 'stop_loss' };
  const tp = levelPoints(takeProfitText, precision);
  if (tp === null) return { kind: 'invalid', field: 'take_profit' };
  const change: StopsChange = { id: order.Id };
  const asText = (points: number) => (points === 0 ? '0' : pointsToPrice(points, precision).toFixed(precision));
  const held = (price: number) => (price > 0 ? priceToPoints(price.toFixed(precision), precision) : 0);
  if (sl !== held(order.TargetLossPrice)) change.stop_loss_price = asText(sl);
  if (tp !== held(order.TargetProfitPrice)) change.target_profit_price = asText(tp);
  if (change.stop_loss_price === undefined && change.target_profit_price === undefined) return { kind: 'unchanged' };
  return { kind: 'change', change };
}
