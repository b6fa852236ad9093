import type { OrderSide } from '@tradepad/contracts/trading/constants';
import { namedPendingKind, stopLimitCheck, type PendingType } from '@tradepad/domain/trading';
import { typedPoints } from './ticket-figures.ts';

/** The six pending orders the ticket offers by name (DESIGN §17), as `<side>_<type>`: the kinds the engine files. */
export const NAMED_PENDING = ['buy_limit', 'sell_limit', 'buy_stop', 'sell_stop', 'buy_stop_limit', 'sell_stop_limit'] as const;
export type NamedPending = (typeof NAMED_PENDING)[number];

/** The name of a side and type ("buy_stop_limit"). */
export const namedPending = (side: OrderSide, type: PendingType): NamedPending =>
  `${side === 1 ? 'buy' : 'sell'}_${type}` as NamedPending;

/** A name back to its side and type. */
export function splitPending(name: NamedPending): { side: OrderSide; type: PendingType } {
  const side: OrderSide = name.startsWith('buy_') ? 1 : 2;
  return { side, type: name.slice(side === 1 ? 4 : 5) as PendingType };
}

/** Why the named pending order cannot be sent as typed: a ticket.problem key, or null. */
export type PendingTypeProblem = 'price' | 'wrong_side' | 'stop_limit_price' | 'stop_limit_side';

/**
 * The ticket's own check of a named pending order, by the engine's rules: the price (a stop limit's stop) on the side
 * of the market its type asks for, and a stop limit's limit below its stop for a buy, above it for a sell. `market` is
 * the quote in points (null without one: the server decides).
 */
export function pendingTypeProblem(
  side: OrderSide,
  type: PendingType,
  priceText: string,
  limitText: string,
  precision: number,
  market: { bid: number; ask: number } | null,
): PendingTypeProblem | null {
  const price = typedPoints(priceText, precision);
  if (price === null || price <= 0) return 'price';
  if (market && namedPendingKind(side, type, price, market) === 'wrong_side') return 'wrong_side';
  if (type !== 'stop_limit') return null;
  const limit = typedPoints(limitText, precision);
  if (limit === null || limit <= 0) return 'stop_limit_price';
  return stopLimitCheck(side, price, limit) === 'ok' ? null : 'stop_limit_side';
}
