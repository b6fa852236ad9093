import type { FixLog, FixMessage, FixSession } from '../liquidity/fix-session.ts';
import type { HedgeVenue, VenueOrder, VenueReport } from './hedge-venue.ts';

/**
 * A decimal text as the FIX engine's encoder takes a float field. The engine writes a number's shortest round-trip
 * text (and quotes a string), so the exact text we stored is handed over as the number that prints as that same
 * text; one that would not (more than 15 significant digits) is refused rather than sent altered.
 */
export function wireDecimal(text: string): number {
  const n = Number(text);
  const canonical = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  if (!Number.isFinite(n) || String(n) !== canonical.replace(/^0+(?=\d)/, ''))
    throw new RangeError(`${text} cannot be sent exactly`);
  return n;
}

/** Reads an ExecutionReport's fields by tag. */
export function reportOf(m: FixMessage): VenueReport | undefined {
  const clOrdId = m.text(11);
  const ordStatus = m.text(39);
  if (!clOrdId || !ordStatus) return undefined;
  return {
    clOrdId,
    ordStatus,
    execType: m.text(150),
    cumQty: m.text(14),
    avgPx: m.text(6),
    lastQty: m.text(32),
    lastPx: m.text(31),
    orderId: m.text(37),
    text: m.text(58),
  };
}

/**
 * Hedging's FIX 4.4 adapter on the shared session wrapper (`liquidity/fix-session.ts`): NewOrderSingle (35=D: 11, 1,
 * 55, 54, 60, 38, 40=2 limit, 44, 59=3 IOC), OrderStatusRequest (35=H: 11, 55, 54), and ExecutionReports (35=8) read
 * by tag. Rejects of other kinds (35=j) are logged: an order they concern is settled by the status sweep.
 */
export class FixHedgeVenue implements HedgeVenue {
  private readonly reportListeners: Array<(r: VenueReport) => void> = [];
  private readonly connectedListeners: Array<(up: boolean) => void> = [];

  constructor(
    private readonly session: FixSession,
    private readonly log: FixLog,
  ) {
    session.onMessage((m) => this.received(m));
    session.onState((s) => {
      if (s.state === 'connecting') return;
      for (const l of this.connectedListeners) l(s.state === 'connected');
    });
  }

  get name(): string {
    return this.session.name;
  }

  start(): void {
    this.session.start();
  }

  stop(): Promise<void> {
    return this.session.stop();
  }

  status() {
    return this.session.status();
  }

  send(o: VenueOrder): boolean {
    return this.session.send('D', {
      ClOrdID: o.clOrdId,
      ...(o.account ? { Account: o.account } : {}),
      Instrument: { Symbol: o.lpSymbol },
      Side: String(o.side),
      TransactTime: o.transactTime,
      OrderQtyData: { OrderQty: wireDecimal(o.qty) },
      OrdType: '2',
      Price: wireDecimal(o.limit),
      TimeInForce: '3',
    });
  }

  askStatus(o: { clOrdId: string; lpSymbol: string; side: 1 | 2 }): boolean {
    return this.session.send('H', { ClOrdID: o.clOrdId, Instrument: { Symbol: o.lpSymbol }, Side: String(o.side) });
  }

  onReport(listener: (r: VenueReport) => void): void {
    this.reportListeners.push(listener);
  }

  onConnected(listener: (up: boolean) => void): void {
    this.connectedListeners.push(listener);
  }

  private received(m: FixMessage): void {
    if (m.msgType === '8') {
      const r = reportOf(m);
      if (!r) {
        this.log.warn({ fix: this.name }, 'execution report without ClOrdID or OrdStatus ignored');
        return;
      }
      for (const l of this.reportListeners) l(r);
      return;
    }
    if (m.msgType === 'j' || m.msgType === '3')
      this.log.warn(
        { fix: this.name, refMsgType: m.text(372), refSeqNum: m.text(45), text: m.text(58) },
        'hedging message rejected by the LP',
      );
  }
}
