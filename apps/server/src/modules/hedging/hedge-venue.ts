import type { Side } from '@tradepad/domain';
import type { FixSessionStatus } from '../liquidity/fix-session.ts';

/** One order to the hedging LP: an IOC limit order (DESIGN §14), quantities and prices as exact decimal text. */
export interface VenueOrder {
  clOrdId: string;
  lpSymbol: string;
  side: Side;
  /** Base units (tag 38). */
  qty: string;
  /** Tag 44. */
  limit: string;
  /** Tag 1, when the hedging file names an account. */
  account?: string | undefined;
  transactTime: Date;
}

/** An execution report (35=8) as hedging reads it, every field as the LP sent it. */
export interface VenueReport {
  clOrdId: string;
  /** OrdStatus (39) and ExecType (150). */
  ordStatus: string;
  execType: string | undefined;
  /** CumQty (14), AvgPx (6), LastQty (32), LastPx (31). */
  cumQty: string | undefined;
  avgPx: string | undefined;
  lastQty: string | undefined;
  lastPx: string | undefined;
  /** OrderID (37) and Text (58). */
  orderId: string | undefined;
  text: string | undefined;
}

/**
 * Where hedge orders go (CONVENTIONS §18: the port the hedging service knows; `fix-hedge-venue.ts` is the FIX 4.4
 * adapter, the unit tests use a fake). `send` and `askStatus` answer false when nothing could be sent (the session is
 * not logged on).
 */
export interface HedgeVenue {
  readonly name: string;
  start(): void;
  stop(): Promise<void>;
  status(): FixSessionStatus;
  send(order: VenueOrder): boolean;
  /** OrderStatusRequest (35=H) about an order sent earlier. */
  askStatus(order: { clOrdId: string; lpSymbol: string; side: Side }): boolean;
  onReport(listener: (r: VenueReport) => void): void;
  /** Told each time the session logs on (true) or is lost (false). */
  onConnected(listener: (up: boolean) => void): void;
}
