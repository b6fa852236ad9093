import { priceToPoints } from '@tradepad/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Quote } from '../market/quote-book.ts';
import type { LiveBook } from './live-book.ts';
import { alertTrigger, triggerKey, type Trigger } from './trigger-book.ts';

/** A price alert as the engine watches it (issue 20 point 7): a level on the bid of one instrument. */
export interface AlertLevel {
  id: number;
  userId: number;
  instrumentId: number;
  condition: 'above' | 'below';
  /** Exact decimal text in the instrument's digits. */
  price: string;
}

/**
 * What the engine needs of the alerts module (wired in app.ts): the active alerts to rebuild the books from (start and
 * failover), and what to do when a tick reaches one. `fire` marks the alert fired in one conditional UPDATE (so it
 * fires once whatever runs it twice) and tells its owner; it resolves once that is committed.
 */
export interface EngineAlerts {
  active(): Promise<AlertLevel[]>;
  fire(alert: AlertLevel, quote: { bid: number; time: number }): Promise<unknown>;
}

/**
 * The price alerts in the engine's trigger books: each is one trigger (`alertTrigger`) in its instrument's book, so a
 * tick that reaches no alert costs nothing more than before, and one that reaches k of them O(k log n). Rebuilt with
 * the book each time this node becomes the engine leader.
 */
export class AlertLevels {
  private readonly levels = new Map<number, AlertLevel>();

  constructor(
    private readonly book: LiveBook,
    private readonly log: FastifyBaseLogger,
    private readonly hooks: () => EngineAlerts | undefined,
  ) {}

  /** Alerts in the books. */
  get size(): number {
    return this.levels.size;
  }

  has(id: number): boolean {
    return this.levels.has(id);
  }

  /** Loads every active alert into the books (the book was just rebuilt). */
  async load(): Promise<void> {
    const hooks = this.hooks();
    if (!hooks) return;
    for (const a of await hooks.active()) this.arm(a);
  }

  /** Puts an alert's level in its instrument's book (replacing it if there); false for an unknown instrument. */
  arm(a: AlertLevel): boolean {
    const inst = this.book.instrument(a.instrumentId);
    if (!inst) {
      this.log.warn({ alertId: a.id, instrumentId: a.instrumentId }, 'price alert of an unknown instrument');
      return false;
    }
    let level: number;
    try {
      level = priceToPoints(a.price, inst.row.precision);
    } catch {
      return false;
    }
    if (!Number.isSafeInteger(level) || level <= 0) return false;
    this.book.books.get(inst.row.id)!.add(alertTrigger(a.id, a.condition, level));
    this.levels.set(a.id, a);
    return true;
  }

  /** Takes an alert out of its book (deleted); nothing when it is not there. */
  disarm(id: number): void {
    const a = this.levels.get(id);
    if (!a) return;
    this.levels.delete(id);
    this.book.books.get(a.instrumentId)?.remove(triggerKey(id, 'alert'));
  }

  /** A tick reached the alert's level (its trigger already left the book): fire it, or put it back if that fails. */
  fired(t: Trigger, q: Quote): void {
    const a = this.levels.get(t.orderId);
    const hooks = this.hooks();
    if (!a || !hooks) return;
    this.levels.delete(a.id);
    hooks.fire(a, { bid: q.bid, time: q.time }).catch((err: unknown) => {
      this.log.error({ err, alertId: a.id }, 'price alert could not be fired');
      // Not fired (the transaction failed or this node was fenced out): it watches again, unless deleted meanwhile.
      if (!this.levels.has(a.id)) this.arm(a);
    });
  }
}
