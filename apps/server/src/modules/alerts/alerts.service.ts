import {
  ALERTS_MAX_ACTIVE,
  type AlertCreateParams,
  type AlertPage,
  type AlertPushMessage,
  type Lang,
  type PriceAlert,
} from '@tradepad/contracts';
import { pointsToText, priceToPoints } from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { PriceAlertRow } from '../../db/schema.ts';
import { translate } from '../../i18n/translate.ts';
import { EVERY_USER_SOCKET, type Bus } from '../../ports/bus.ts';
import type { Clock } from '../../ports/clock.ts';
import type { Notifier } from '../../ports/notifier.ts';
import type { Instrument } from '../market/instrument.ts';
import type { AlertLevel, EngineAlerts, TradingEngine } from '../trading/trading.engine.ts';
import type { AlertsRepository } from './alerts.repository.ts';

/** A fired alert, as the web push (issue 21, helper i21-notify) and other listeners hear of it. */
export interface AlertFired {
  userId: number;
  alert: PriceAlert;
  /** The one-line text of the `ALERT` socket message, in a language. */
  text: (lang: Lang) => string;
}

/** Hears every fired alert once, after its firing committed (see AlertsService.onAlertFired). */
export type AlertFiredListener = (event: AlertFired) => void;

export interface AlertsDeps {
  repo: AlertsRepository;
  /** The engine this node runs (create and delete reach it through the engine commands, so on the leader). */
  engine: Pick<TradingEngine, 'armAlert' | 'disarmAlert' | 'runFenced'>;
  /** Instruments by id (any node). */
  instrument: (id: number) => Instrument | undefined;
  bus: Pick<Bus, 'publishToUser'>;
  notifier: Notifier;
  clock: Clock;
  log: { error(obj: object, msg: string): void };
  /** Active alerts per user (ALERTS_MAX_ACTIVE unless a test says otherwise). */
  maxActive?: number;
}

/**
 * Price alerts (issue 20 point 7, DESIGN §12). An alert is a level on the bid, watched by the engine leader's trigger
 * books: `above` fires on the first bid at or above its price, `below` at or below, even when that is already so as
 * it is created (the next tick fires it). It fires once: one conditional UPDATE (active → fired) decides, inside the
 * engine's fenced writer. Then the owner hears of it on every socket (`ALERT`, through the bus, so on any node), by
 * mail in their language, and through every listener of `onAlertFired` (web push).
 */
export class AlertsService implements EngineAlerts {
  private readonly listeners = new Set<AlertFiredListener>();

  constructor(private readonly d: AlertsDeps) {}

  /**
   * Listens to fired alerts (once each, on the node that fired it, after the commit); returns its removal. The hook
   * where web push plugs in: `alerts.onAlertFired((e) => push.alert(e.userId, e.alert, e.text))`.
   */
  onAlertFired(listener: AlertFiredListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** `GET /v1/api/alerts` (any node: read from the database). */
  async list(userId: number, state: 'active' | 'fired' | undefined, page: number, limit: number): Promise<AlertPage> {
    const { rows, total } = await this.d.repo.page(userId, state, { page, limit });
    return { data: rows.flatMap((r) => this.view(r) ?? []), total };
  }

  /**
   * `POST /v1/api/alerts`, on the engine leader: checks the instrument and the price, takes one of the user's active
   * slots and writes the alert in one fenced transaction, then puts its level in the book.
   */
  async create(userId: number, p: AlertCreateParams): Promise<PriceAlert> {
    const inst = this.d.instrument(p.forex_id);
    if (!inst) throw refuse('err.instrument_unknown');
    if (inst.enabled !== 1) throw refuse('err.instrument_disabled');
    const price = priceText(p.price, inst.precision);
    const max = this.d.maxActive ?? ALERTS_MAX_ACTIVE;
    const now = this.d.clock.now();
    const row = await this.d.engine.runFenced(async (trx) => {
      if (!(await this.d.repo.takeSlot(trx, userId, max))) throw refuse('err.alert_limit', { max });
      return this.d.repo.insert(trx, {
        user_id: userId,
        instrument_id: inst.id,
        condition: p.condition,
        price,
        created_at: now,
      });
    });
    this.d.engine.armAlert(levelOf(row));
    return this.view(row)!;
  }

  /** `POST /v1/api/alerts/:id/delete`, on the engine leader: an active alert stops watching, a fired one leaves the list. */
  async delete(userId: number, id: number): Promise<null> {
    const was = await this.d.engine.runFenced(async (trx) => {
      const state = await this.d.repo.delete(trx, userId, id);
      if (!state) throw refuse('err.alert_unknown');
      return state;
    });
    if (was === 'active') this.d.engine.disarmAlert(id);
    return null;
  }

  // The engine's side (EngineAlerts)

  async active(): Promise<AlertLevel[]> {
    return (await this.d.repo.active()).map(levelOf);
  }

  /** A tick reached the alert: fire it once, then tell its owner (socket, mail, listeners). */
  async fire(a: AlertLevel, quote: { bid: number; time: number }): Promise<unknown> {
    const inst = this.d.instrument(a.instrumentId);
    if (!inst) return false;
    const bid = pointsToText(quote.bid, inst.precision);
    const row = await this.d.engine.runFenced((trx) => this.d.repo.fire(trx, a.id, bid, this.d.clock.now()));
    if (!row) return false;
    const alert = this.view(row)!;
    const text = (lang: Lang) =>
      translate(lang, alert.Condition === 'above' ? 'alert.fired_above' : 'alert.fired_below', {
        symbol: alert.ShowCode,
        bid,
        price: alert.Price,
      });
    const push = (lang: Lang): AlertPushMessage => ({ type: 'ALERT', alert, msg: text(lang) });
    this.d.bus.publishToUser(row.user_id, EVERY_USER_SOCKET, push);
    this.d.notifier.notify(row.user_id, {
      kind: 'price_alert',
      condition: alert.Condition,
      symbol: alert.ShowCode,
      price: alert.Price,
      bid,
      at: row.fired_at,
    });
    for (const listener of this.listeners) {
      try {
        listener({ userId: row.user_id, alert, text });
      } catch (err) {
        this.d.log.error({ err, alertId: row.id }, 'alert listener failed');
      }
    }
    return true;
  }

  private view(r: PriceAlertRow): PriceAlert | undefined {
    const inst = this.d.instrument(r.instrument_id);
    if (!inst) return undefined;
    return {
      Id: r.id,
      ForexId: r.instrument_id,
      Code: inst.code,
      ShowCode: inst.show_code,
      PricePrecision: inst.precision,
      Condition: r.condition === 'below' ? 'below' : 'above',
      Price: r.price,
      State: r.state === 'fired' ? 'fired' : 'active',
      CreatedAt: r.created_at,
      FiredAt: r.fired_at,
      FiredBid: r.fired_bid,
    };
  }
}

function levelOf(r: Pick<PriceAlertRow, 'id' | 'user_id' | 'instrument_id' | 'condition' | 'price'>): AlertLevel {
  return {
    id: r.id,
    userId: r.user_id,
    instrumentId: r.instrument_id,
    condition: r.condition === 'below' ? 'below' : 'above',
    price: r.price,
  };
}

/**
 * An alert's price as stored: positive, at most the instrument's digits (trailing zeros beyond them allowed), written
 * with exactly its digits ("1.085" on EURUSD reads "1.08500").
 */
function priceText(text: string, precision: number): string {
  const decimals = text.split('.')[1] ?? '';
  if (decimals.length > precision && !/^0*$/.test(decimals.slice(precision)))
    throw refuse('err.price_precision', { digits: precision });
  let points: number;
  try {
    points = priceToPoints(text, precision);
  } catch {
    throw refuse('err.price_invalid');
  }
  if (!Number.isSafeInteger(points) || points <= 0 || points > 1e15) throw refuse('err.price_invalid');
  return pointsToText(points, precision);
}
