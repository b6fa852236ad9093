import type { TradeItem } from '@tradepad/contracts/market/constants';
import { ORDER_BUY, STATUS_HOLDING, STATUS_PENDING, type OrderView } from '@tradepad/contracts/trading/constants';
import { conversionRate, type QuoteLookup } from '@tradepad/domain/conversion';
import { parseLots } from '@tradepad/domain/lots';
import type { Micros } from '@tradepad/domain/money';
import { pointsToPrice, priceToPoints } from '@tradepad/domain/price';
import { pipDecimals } from '@tradepad/domain/stop-distance';
import { closePrice, fillPrice, pipPoints, profitLoss, type Side } from '@tradepad/domain/trading';
import { termsOf } from '../../../shared/trading/terms.ts';

/**
 * The chart's order lines (issue 20 point 5), as data: for each of the trader's orders of the shown instrument, the
 * entry of a position (not draggable), the price of a pending order, and each order's stop-loss and take-profit
 * (draggable). Also the arithmetic of a drag: where a pointer lands, the level it means, its distance from the market
 * and the result at that level, all with the domain's functions. No chart library here.
 */

/** `limit`: a stop limit's limit (DESIGN §17), drawn beside its stop (the `pending` line) until the stop triggers. */
export type LineKind = 'entry' | 'pending' | 'limit' | 'sl' | 'tp';

export interface OrderLine {
  /** `<order id>:<kind>`: stable across updates, so a line is moved rather than drawn again. */
  key: string;
  orderId: number;
  kind: LineKind;
  price: number;
  draggable: boolean;
}

export const lineKey = (orderId: number, kind: LineKind): string => `${orderId}:${kind}`;

/**
 * Whether a line's price is labelled on the price axis: a position's entry and a pending order's price are; a
 * stop-loss or take-profit carries its price in its own label on the line instead, so that no label of theirs sits on
 * the axis over its prices (issue 33: the stop-loss label covered a price on the axis).
 */
export const onAxis = (kind: LineKind): boolean => kind === 'entry' || kind === 'pending';

/** The label drawn on a stop-loss or take-profit line: its name and level ("SL 94,133.14"), and its result while held. */
export const levelTitle = (name: string, priceText: string, resultText?: string): string =>
  resultText === undefined ? `${name} ${priceText}` : `${name} ${priceText}  ${resultText}`;

/** A stop limit still waiting for its stop (once triggered its Kind is a plain limit). */
export const isStopLimitOrder = (o: Pick<OrderView, 'Kind' | 'StopLimitPrice'>): boolean =>
  (o.Kind === 'buy_stop_limit' || o.Kind === 'sell_stop_limit') && o.StopLimitPrice > 0;

/**
 * The label of a pending order's line: its kind and lots ("Buy limit 0.10"); a stop limit's adds the limit it becomes
 * ("Buy stop limit 0.10 → 95,800.00"), its stop being the line's own price on the axis.
 */
export const pendingTitle = (kindName: string, lotsText: string, limitText?: string): string =>
  limitText === undefined ? `${kindName} ${lotsText}` : `${kindName} ${lotsText} → ${limitText}`;

/** The lines of `orders` that are `forexId`'s open positions and pending orders, in a stable order. */
export function linesOf(orders: readonly OrderView[], forexId: number): OrderLine[] {
  const out: OrderLine[] = [];
  const sorted = orders.filter((o) => o.ForexId === forexId).sort((a, b) => a.Id - b.Id);
  for (const o of sorted) {
    if (o.Status === STATUS_HOLDING && o.Price > 0) {
      out.push({ key: lineKey(o.Id, 'entry'), orderId: o.Id, kind: 'entry', price: o.Price, draggable: false });
    } else if (o.Status === STATUS_PENDING && o.OriginPrice > 0) {
      out.push({ key: lineKey(o.Id, 'pending'), orderId: o.Id, kind: 'pending', price: o.OriginPrice, draggable: true });
      if (isStopLimitOrder(o))
        out.push({ key: lineKey(o.Id, 'limit'), orderId: o.Id, kind: 'limit', price: o.StopLimitPrice, draggable: false });
    } else {
      continue;
    }
    if (o.TargetLossPrice > 0) {
      out.push({ key: lineKey(o.Id, 'sl'), orderId: o.Id, kind: 'sl', price: o.TargetLossPrice, draggable: true });
    }
    if (o.TargetProfitPrice > 0) {
      out.push({ key: lineKey(o.Id, 'tp'), orderId: o.Id, kind: 'tp', price: o.TargetProfitPrice, draggable: true });
    }
  }
  return out;
}

/**
 * The draggable line nearest to the pointer's `y` within `tolerance` pixels, or null. `yOf` is where a price is
 * drawn (null when off the scale); on a tie the later line wins (drawn on top).
 */
export function lineAt<T extends { price: number; draggable: boolean }>(
  lines: readonly T[],
  y: number,
  yOf: (price: number) => number | null,
  tolerance: number,
): T | null {
  let best: T | null = null;
  let bestGap = Infinity;
  for (const line of lines) {
    if (!line.draggable) continue;
    const at = yOf(line.price);
    if (at === null || !Number.isFinite(at)) continue;
    const gap = Math.abs(at - y);
    if (gap <= tolerance && gap <= bestGap) {
      best = line;
      bestGap = gap;
    }
  }
  return best;
}

/** A price from the chart's scale on the instrument's grid (its precision), or null when it is not a positive price. */
export function snapPrice(price: number | null, precision: number): number | null {
  if (price === null || !Number.isFinite(price) || price <= 0) return null;
  const points = priceToPoints(price.toFixed(precision), precision);
  return points > 0 ? pointsToPrice(points, precision) : null;
}

/** The level as the call takes it: plain digits in the instrument's precision. */
export const levelParam = (price: number, precision: number): string => price.toFixed(precision);

const sideOf = (order: Pick<OrderView, 'OrderType'>): Side => (order.OrderType === ORDER_BUY ? 1 : 2);

/**
 * The fraction digits of a drop's distance in pips: none for whole pips, else the instrument's pip digits (a tenth on
 * EURUSD, hundredths on BTCUSD, as the ticket writes them: 245.06 pips, not 245.1).
 */
export const pipsDigits = (pips: number, precision: number, categoryId?: number): number =>
  Number.isInteger(pips) ? 0 : pipDecimals(precision, categoryId);

/** What a drop means to the trader: the distance from the market in pips, and the result if the level is reached. */
export interface DragFigures {
  /** The same distance as a price difference (for instruments whose pips are tiny, like BTCUSD's 0.01). */
  distance: number | null;
  /** Pips between the level and the market price it is measured from (the closing price; a pending order's fill). */
  pips: number | null;
  /** P/L of the order if closed at the level (stop-loss, take-profit), USD micros; null for a pending price. */
  result: Micros | null;
}

/**
 * The figures of moving `kind` of `order` to `price`: pips from the market (`bid`/`ask`, null when there is no quote)
 * and, for a stop-loss or take-profit, the order's P/L at that level from its entry (a pending order's own price), by
 * the engine's `profitLoss` at the USD rate `lookup` gives (null when it cannot be known).
 */
export function dragFigures(
  order: OrderView,
  kind: LineKind,
  price: number,
  item: TradeItem,
  market: { bid: number; ask: number } | null,
  lookup: QuoteLookup,
): DragFigures {
  const precision = item.PricePrecision;
  const side = sideOf(order);
  const level = priceToPoints(price.toFixed(precision), precision);
  let pips: number | null = null;
  let distance: number | null = null;
  if (market && market.bid > 0 && market.ask > 0) {
    const quote = {
      bid: priceToPoints(market.bid.toFixed(precision), precision),
      ask: priceToPoints(market.ask.toFixed(precision), precision),
    };
    const from = kind === 'pending' ? fillPrice(side, quote) : closePrice(side, quote);
    distance = pointsToPrice(Math.abs(level - from), precision);
    // The pip follows the category (domain pipPoints): a dollar on BTCUSD, ten points on gold.
    pips = Math.abs(level - from) / pipPoints(precision, item.CategoryId);
  }
  let result: Micros | null = null;
  const terms = termsOf(item);
  const entry = order.Price > 0 ? order.Price : order.OriginPrice;
  if ((kind === 'sl' || kind === 'tp') && terms && entry > 0) {
    try {
      const entryPoints = priceToPoints(entry.toFixed(precision), precision);
      const rate = conversionRate({ base: item.BaseCurrency, quote: item.QuoteCurrency, precision }, level, lookup);
      if (rate) result = profitLoss(terms, side, parseLots(order.Quantity), entryPoints, level, rate);
    } catch {
      result = null;
    }
  }
  return { distance, pips, result };
}
