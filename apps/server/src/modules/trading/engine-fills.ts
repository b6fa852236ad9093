import { CLOSED_BY_BACK_OFFICE, CLOSED_BY_STOP_LOSS, CLOSED_BY_STOP_OUT, CLOSED_BY_TAKE_PROFIT } from '@tradepad/contracts';
import type { ClientFillKind, Lots, Side } from '@tradepad/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { EngineInstrument, LiveOrder } from './live-book.ts';

/** A committed fill of a client's order, as the engine tells it once the transaction that wrote it has committed. */
export interface EngineFill {
  kind: ClientFillKind;
  /** The order filled (a partial close's new History row). */
  orderId: number;
  userId: number;
  demo: boolean;
  inst: EngineInstrument;
  /** The side of the client's position (not of the trade). */
  positionSide: Side;
  lots: Lots;
  /** The fill price, points. */
  price: number;
}

/** The fill of `o` (whole, or `lots` of it) at `price`. */
export function fillOf(o: LiveOrder, kind: ClientFillKind, price: number, lots: Lots = o.lots, orderId = o.id): EngineFill {
  return { kind, orderId, userId: o.userId, demo: o.demo, inst: o.inst, positionSide: o.side, lots, price };
}

/**
 * Who hears the engine's fills (hedging): told after the commit, synchronously, so a listener must only take note
 * and do its work later. A listener that throws is logged and never reaches the fill's caller.
 */
export class FillListeners {
  private readonly listeners: Array<(f: EngineFill) => void> = [];

  constructor(private readonly log?: Pick<FastifyBaseLogger, 'error'>) {}

  on(listener: (f: EngineFill) => void): void {
    this.listeners.push(listener);
  }

  emit(f: EngineFill): void {
    for (const l of this.listeners) {
      try {
        l(f);
      } catch (err) {
        this.log?.error({ err, orderId: f.orderId }, 'a fill listener failed');
      }
    }
  }
}

/** The fill kind of a whole close by its ClosedType. */
export function closeFillKind(closedType: number): ClientFillKind {
  switch (closedType) {
    case CLOSED_BY_STOP_LOSS:
    case CLOSED_BY_TAKE_PROFIT:
      return 'stop_close';
    case CLOSED_BY_STOP_OUT:
      return 'stop_out';
    case CLOSED_BY_BACK_OFFICE:
      return 'desk_close';
    default:
      return 'close';
  }
}
