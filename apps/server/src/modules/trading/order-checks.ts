import { STATUS_HOLDING } from '@tradepad/contracts';
import {
  breakEvenOk,
  formatLots,
  namedPendingKind,
  pointsToPrice,
  stopLimitCheck,
  type PendingKind,
  type PendingType,
  parseLots,
  partialCloseCheck,
  positionStopLossOk,
  priceToPoints,
  stopsCheck,
  type Lots,
  type Side,
} from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { LiveOrder } from './live-book.ts';

/**
 * The checks an order change passes whoever asks for it (issue 32): the trader's own calls and the dealing desk's on
 * their behalf run the same ones, so staff can do nothing to a position that its owner could not.
 */

/** A decimal price to points, refusing more decimals than the instrument quotes and absurd sizes. */
export function pricePoints(
  text: string,
  precision: number,
  key:
    'err.price_invalid' | 'err.stop_loss_invalid' | 'err.take_profit_invalid' | 'err.trailing_invalid' | 'err.stop_limit_invalid',
): number {
  const decimals = text.split('.')[1]?.length ?? 0;
  if (decimals > precision && !/^0*$/.test(text.split('.')[1]!.slice(precision))) {
    throw refuse('err.price_precision', { digits: precision });
  }
  let points: number;
  try {
    points = priceToPoints(text, precision);
  } catch {
    throw refuse(key);
  }
  if (!Number.isSafeInteger(points) || points < 0 || points > 1e15) throw refuse(key);
  return points;
}

/** A partial close's lots, checked against the position; undefined when `text` is the whole position (a full close). */
export function partCloseLots(text: string, o: LiveOrder): Lots | undefined {
  let part: Lots;
  try {
    part = parseLots(text);
  } catch {
    throw refuse('err.lots_invalid');
  }
  if (part === o.lots) return undefined;
  const row = o.inst.row;
  switch (partialCloseCheck(part, o.lots, { step: parseLots(row.lot_step), min: parseLots(row.min_lots) })) {
    case 'ok':
      return part;
    case 'not_positive':
      throw refuse('err.lots_invalid');
    case 'off_step':
      throw refuse('err.lots_step', { step: row.lot_step });
    case 'not_less':
      throw refuse('err.close_part_too_large', { lots: formatLots(o.lots) });
    case 'rest_below_min':
      throw refuse('err.lots_min', { min: row.min_lots });
  }
}

/** Each level on its side of the reference price and the market (DESIGN §12), refused by name otherwise. */
export function checkStops(
  side: Side,
  reference: number,
  stopLoss: number,
  takeProfit: number,
  market: { bid: number; ask: number },
) {
  const check = stopsCheck(side, reference, { stopLoss, takeProfit }, market);
  if (check === 'stop_loss_side') throw refuse('err.stop_loss_side');
  if (check === 'take_profit_side') throw refuse('err.take_profit_side');
}

/**
 * New levels of an order (points, 0 none): a pending order's are checked against its price; an open position's
 * stop-loss against the market only (at the entry it is break-even, allowed once the market is past it; beyond it a
 * locked-in profit), its take-profit against the entry and the market. `market` is the current closing quote.
 */
export function checkOrderLevels(o: LiveOrder, stopLoss: number, takeProfit: number, market: { bid: number; ask: number }) {
  if (o.status === STATUS_HOLDING) {
    if (stopLoss === o.openPrice && !breakEvenOk(o.side, o.openPrice, market)) throw refuse('err.break_even_early');
    if (!positionStopLossOk(o.side, stopLoss, market)) throw refuse('err.stop_loss_side');
    checkStops(o.side, o.openPrice, 0, takeProfit, market);
  } else {
    checkStops(o.side, o.orderPrice, stopLoss, takeProfit, { bid: o.orderPrice, ask: o.orderPrice });
  }
}

/**
 * The kind of a pending order the trader named `type` (DESIGN §17), refused by name when its price is on the wrong side
 * of `quote` (the trader's own): a limit at or better than the market, a stop (and a stop limit's stop) beyond it. A
 * stop limit's limit (`limitPoints`) must be below its stop for a buy, above it for a sell.
 */
export function checkedPendingKind(
  side: Side,
  type: PendingType | undefined,
  pricePoints: number,
  limitPoints: number,
  quote: { bid: number; ask: number },
  precision: number,
): PendingKind {
  const kind = namedPendingKind(side, type, pricePoints, quote);
  const px = (points: number) => pointsToPrice(points, precision).toFixed(precision);
  if (kind === 'wrong_side') {
    const price = px(side === 1 ? quote.ask : quote.bid);
    if (type === 'limit') throw refuse(side === 1 ? 'err.buy_limit_side' : 'err.sell_limit_side', { price });
    throw refuse(side === 1 ? 'err.buy_stop_side' : 'err.sell_stop_side', { price });
  }
  if (type === 'stop_limit') {
    if (limitPoints <= 0) throw refuse('err.stop_limit_invalid');
    if (stopLimitCheck(side, pricePoints, limitPoints) !== 'ok')
      throw refuse(side === 1 ? 'err.stop_limit_below' : 'err.stop_limit_above', { stop: px(pricePoints) });
  }
  return kind;
}
