import {
  CLOSED_BY_USER,
  STATUS_HOLDING,
  STATUS_PENDING,
  SUBMIT_MARKET,
  type AccountSummary,
  type CashBalance,
  type CloseAllResult,
  type StopoutReport,
  type StopoutReportList,
  type DealList,
  type ForexDetail,
  type Lang,
  type LedgerPage,
  type OrderView,
  type SubmitParams,
  type SubmitResult,
} from '@tradepad/contracts';
import {
  expiryOk,
  formatMoney,
  trailingStopLevel,
  lots,
  leverageAllowed,
  lotsCheck,
  micros,
  reservedAtPlacement,
  typeFee,
  parseLots,
  tradingTerms,
  isStopLimit,
  pendingKind,
  requiredMargin,
  tradeFee,
  type Lots,
  type Side,
  type TradingTerms,
} from '@tradepad/domain';
import type { OrderRow, UserRow } from '../../db/schema.ts';
import { AppError, refuse, TryAgain } from '../../core/errors.ts';
import type { OrderTally } from '../../core/metrics.ts';
import { timeText } from '../../core/time.ts';
import { orderView } from './order-view.ts';
import { checkedPendingKind, checkOrderLevels, checkStops, partCloseLots, pricePoints } from './order-checks.ts';
import { translate } from '../../i18n/translate.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { Instrument } from '../market/instrument.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { EngineInstrument, EngineSettings, LiveOrder, TradingEngine } from './trading.engine.ts';
import type { TradingRepository } from './trading.repository.ts';

export interface TradingServiceDeps {
  engine: TradingEngine;
  repo: TradingRepository;
  ledger: LedgerRepository;
  settings: SettingsService;
  clock: Clock;
  db: Parameters<LedgerRepository['balance']>[0];
  /** Where each order submitted is counted, by result (the node's metrics); uncounted without. */
  orders?: OrderTally;
}

const NOT_COUNTED = { inc: () => undefined };
const UNCOUNTED: OrderTally = { filled: NOT_COUNTED, placed: NOT_COUNTED, refused: NOT_COUNTED, failed: NOT_COUNTED };

/** The contract terms of an instrument row, parsed once. */
export function termsOf(i: Instrument): TradingTerms {
  return tradingTerms({ precision: i.precision, contractSize: i.contract_size, marginMode: i.margin_mode, feeRate: i.fee_rate });
}

/**
 * The trading calls of the spec's §7: every validation of an order before it reaches the engine, and the views of
 * orders, account figures and the ledger. Refusals are message keys answered in the trader's language.
 */
export class TradingService {
  private readonly counted: OrderTally;

  constructor(private readonly d: TradingServiceDeps) {
    this.counted = d.orders ?? UNCOUNTED;
  }

  async engineSettings(): Promise<EngineSettings> {
    const [feeType, marginCallLevel, stopOutLevel] = await Promise.all([
      this.d.settings.int('trade_fee_type'),
      this.d.settings.int('margin_call_level'),
      this.d.settings.int('stop_out_level'),
    ]);
    const s = { feeType, marginCallLevel, stopOutLevel };
    this.d.engine.refreshSettings(s);
    return s;
  }

  // Orders

  /** `receivedAt`: `performance.now()` when the request arrived (the receipt's latency runs from it). */
  async submit(user: UserRow, p: SubmitParams, receivedAt = performance.now()): Promise<SubmitResult> {
    // Counted where the engine decides (tradepad_orders_total): one bound counter's increment, nothing built per order.
    try {
      // Staff switched trading off (DESIGN §11): no new order, market or pending; closing, cancelling and stops stay.
      if (user.trading_enabled === 0) throw refuse('err.trading_disabled');
      const settings = await this.engineSettings();
      const engine = this.d.engine;
      const inst = engine.instrument(p.forex_id);
      if (!inst) throw refuse('err.instrument_unknown');
      const row = inst.row;
      if (row.enabled !== 1) throw refuse('err.instrument_disabled');
      // Close-only (issue 18 point 6): no new orders, market or pending; closing and cancelling go on.
      if (row.close_only === 1) throw refuse('err.instrument_close_only');
      if (row.leverages.length === 0) throw refuse('err.no_leverage_config');
      if (!row.leverages.includes(p.multiple)) throw refuse('err.leverage_invalid');
      // The account type's terms (DESIGN §16): its leverage cap, fee, levels and pending margin.
      const terms = (await engine.accountFor(user.id, user.is_demo === 1)).terms;
      if (!leverageAllowed(p.multiple, terms.maxLeverage))
        throw refuse('err.leverage_above_type', { max: terms.maxLeverage ?? 0 });
      const size = this.lots(p.cont, row);
      const side = p.type as Side;
      const market = p.status === SUBMIT_MARKET;
      const orderPrice = market ? 0 : this.price(p.target_price, row.precision, 'err.price_invalid');
      if (!market && orderPrice <= 0) throw refuse('err.price_required');
      // A stop limit (DESIGN §17): `target_price` is its stop, `stop_limit_price` the limit it becomes, which is also
      // the price its margin, fee and stops are reckoned at (it fills there or better).
      const stopLimit = !market && p.pending_type === 'stop_limit';
      const limitPrice = stopLimit ? this.price(p.stop_limit_price, row.precision, 'err.stop_limit_invalid') : 0;
      let stopLoss = this.price(p.stop_loss_price, row.precision, 'err.stop_loss_invalid');
      const takeProfit = this.price(p.target_profit_price, row.precision, 'err.take_profit_invalid');
      const trailing = this.price(p.trailing_distance, row.precision, 'err.trailing_invalid');
      // Expiry: pending orders only, in the future (DESIGN §12); a market order fills at once and has none.
      const expireAt = market ? 0 : p.expire_at;
      if (!expiryOk(expireAt, this.d.clock.now())) throw refuse('err.expiry_invalid');
      // What the trader saw (DESIGN §12): checked by the engine against the fill itself, market orders only.
      const seenPrice = market ? this.price(p.price_seen, row.precision, 'err.price_invalid') : 0;
      const seen = seenPrice > 0 ? { price: seenPrice, deviation: p.deviation } : undefined;

      // One snapshot of the engine for every check below: tradable, quote, entry price, its USD rate, margin call.
      const snap = engine.preTrade(user.id, inst, side, stopLimit ? limitPrice : orderPrice, this.d.clock.now());
      if (snap.refusal) throw refuse(snap.refusal);
      const { quote, entry, rate } = snap;
      const kind = market ? 'market' : checkedPendingKind(side, p.pending_type, orderPrice, limitPrice, quote, row.precision);
      // A trailing stop sets the stop-loss at once behind the market (a pending order's: behind its own price).
      if (trailing > 0) stopLoss = this.trailingLevel(side, market ? quote : { bid: entry, ask: entry }, trailing);
      this.checkStops(side, entry, stopLoss, takeProfit, market ? quote : { bid: entry, ask: entry });

      if (snap.marginCall) throw refuse('err.margin_call', { level: terms.marginCallLevel });
      if (!rate) throw refuse('err.quote_stale');
      // A pending order of an `on_fill` type holds nothing until it fills (pending-orders.ts takes it then).
      const held = market || reservedAtPlacement(terms.pendingMargin);
      const margin = held ? requiredMargin(inst.terms, size, entry, p.multiple, rate) : micros(0);
      const fee = typeFee(terms, tradeFee(inst.terms, size, margin, settings.feeType));
      const order = await engine.place({
        userId: user.id,
        demo: user.is_demo === 1,
        inst,
        side,
        kind,
        stopLimitPrice: limitPrice,
        lots: size,
        leverage: p.multiple,
        orderPrice: market ? entry : orderPrice,
        openPrice: market ? entry : 0,
        stopLoss,
        takeProfit,
        margin,
        fee,
        seen,
        trailingDistance: trailing,
        expireAt,
        receipt: { ...quote, receivedAt },
      });
      this.counted[market ? 'filled' : 'placed'].inc();
      return { order: this.liveView(order), balance: formatMoney(engine.account(user.id)?.cash ?? micros(0), 2) };
    } catch (err) {
      this.counted[err instanceof AppError && !(err instanceof TryAgain) ? 'refused' : 'failed'].inc();
      throw err;
    }
  }

  /**
   * Closes a position, or `cont` lots of it (DESIGN §12): the position keeps its id with the rest and the answer is
   * the closed part's History row (with `ParentId`).
   */
  async close(user: UserRow, id: number, cont?: string): Promise<OrderView> {
    const o = await this.live(user, id);
    if (o.status !== STATUS_HOLDING) throw refuse('err.order_not_holding');
    if (o.busy) throw refuse('err.order_busy');
    const refusal = this.d.engine.refusal(o.inst);
    if (refusal) throw refuse(refusal);
    if (cont !== undefined) {
      const part = this.partLots(cont, o);
      if (part !== undefined) {
        const done = await this.d.engine.closePart(o, part, CLOSED_BY_USER);
        if (!done) throw refuse('err.order_busy');
        return this.view(await this.stored(user, done.partId));
      }
    }
    const done = await this.d.engine.close(o, CLOSED_BY_USER);
    if (!done) throw refuse('err.order_closed');
    return this.view(await this.stored(user, id));
  }

  /** Closes every position of the trader, or those of one instrument; those that cannot close now are skipped. */
  async closeAll(user: UserRow, forexId?: number): Promise<CloseAllResult> {
    const engine = this.d.engine;
    const acc = engine.account(user.id);
    const positions = [...(acc?.orders.values() ?? [])].filter(
      (o) => o.status === STATUS_HOLDING && (forexId === undefined || o.inst.row.id === forexId),
    );
    const results = await Promise.all(
      positions.map(async (o) => {
        if (o.busy || engine.refusal(o.inst)) return false;
        try {
          return (await engine.close(o, CLOSED_BY_USER)) !== undefined;
        } catch {
          return false;
        }
      }),
    );
    return {
      closed: positions.filter((_, i) => results[i]).map((o) => o.id),
      skipped: positions.filter((_, i) => !results[i]).map((o) => o.id),
    };
  }

  /** Moves a pending order's price: re-validated like a new one, its margin and fee follow, it keeps its id. */
  async setPendingPrice(user: UserRow, id: number, priceText: string): Promise<OrderView> {
    const o = await this.live(user, id);
    if (o.status !== STATUS_PENDING) throw refuse('err.order_not_pending');
    if (o.busy) throw refuse('err.order_busy');
    const settings = await this.engineSettings();
    const engine = this.d.engine;
    const row = o.inst.row;
    const price = this.price(priceText, row.precision, 'err.price_invalid');
    if (price <= 0) throw refuse('err.price_required');
    // A stop limit waiting for its stop moves its stop; its limit, where margin and stops are reckoned, stays.
    const stopLimit = isStopLimit(o.kind);
    const at = stopLimit ? o.stopLimitPrice : price;
    const snap = engine.preTrade(user.id, o.inst, o.side, at, this.d.clock.now());
    if (snap.refusal) throw refuse(snap.refusal);
    if (!snap.rate) throw refuse('err.quote_stale');
    const level = { bid: at, ask: at };
    const stopLoss = o.trailingDistance > 0 ? this.trailingLevel(o.side, level, o.trailingDistance) : o.stopLoss;
    this.checkStops(o.side, at, stopLoss, o.takeProfit, level);
    const terms = this.d.engine.termsOf(user.id);
    const held = reservedAtPlacement(terms.pendingMargin);
    const margin = held ? requiredMargin(o.inst.terms, o.lots, at, o.leverage, snap.rate) : micros(0);
    const fee = typeFee(terms, tradeFee(o.inst.terms, o.lots, margin, settings.feeType));
    if (snap.marginCall && margin + fee > o.margin + o.fee) throw refuse('err.margin_call', { level: terms.marginCallLevel });
    const kind = stopLimit
      ? checkedPendingKind(o.side, 'stop_limit', price, o.stopLimitPrice, snap.quote, row.precision)
      : pendingKind(o.side, price, snap.quote);
    if (!(await engine.reprice(o, { price, kind, stopLoss, margin, fee }))) throw refuse('err.order_busy');
    return this.liveView(o);
  }

  /** The trader's stop-out reports, newest first, or the one that closed `orderId`. */
  async stopoutReports(user: UserRow, orderId: number | undefined, page: number, limit: number): Promise<StopoutReportList> {
    const show = (r: { id: number; created_at: number; report: string }): StopoutReport => ({
      ...(JSON.parse(r.report) as Omit<StopoutReport, 'Id' | 'CreatedAt'>),
      Id: r.id,
      CreatedAt: r.created_at,
    });
    if (orderId !== undefined) {
      const one = await this.d.repo.stopoutReportOf(user.id, orderId);
      return { data: one ? [show(one)] : [], total: one ? 1 : 0 };
    }
    const { rows, total } = await this.d.repo.stopoutReports(user.id, page, limit);
    return { data: rows.map(show), total };
  }

  async cancel(user: UserRow, id: number): Promise<OrderView> {
    const o = await this.live(user, id);
    if (o.status !== STATUS_PENDING) throw refuse('err.order_not_pending');
    if (o.busy) throw refuse('err.order_busy');
    if (!(await this.d.engine.cancel(o))) throw refuse('err.order_closed');
    return this.view(await this.stored(user, id));
  }

  /**
   * Changes either level or both, and the trailing distance; a level left out stays, 0 removes it. A pending order's
   * levels are checked against its price; an open position's stop-loss against the market only (at the entry it is
   * break-even, past it a locked-in profit), its take-profit against the entry and the market. A trailing distance
   * sets the stop-loss at once behind the market (its level wins over `stopLossText`); 0 ends the trailing.
   */
  async setStops(
    user: UserRow,
    id: number,
    stopLossText?: string,
    takeProfitText?: string,
    trailingText?: string,
  ): Promise<OrderView> {
    const o = await this.live(user, id);
    if (o.busy) throw refuse('err.order_busy');
    const p = o.inst.row.precision;
    let stopLoss = stopLossText === undefined ? o.stopLoss : this.price(stopLossText, p, 'err.stop_loss_invalid');
    const takeProfit = takeProfitText === undefined ? o.takeProfit : this.price(takeProfitText, p, 'err.take_profit_invalid');
    const trailing = trailingText === undefined ? o.trailingDistance : this.price(trailingText, p, 'err.trailing_invalid');
    const holding = o.status === STATUS_HOLDING;
    const market = holding ? this.quote(user.id, o.inst) : { bid: o.orderPrice, ask: o.orderPrice };
    if (trailingText !== undefined && trailing > 0) stopLoss = this.trailingLevel(o.side, market, trailing);
    // Break-even: the stop at the entry, possible once the market is beyond it (DESIGN §12).
    checkOrderLevels(o, stopLoss, takeProfit, market);
    if (!(await this.d.engine.setStops(o, stopLoss, takeProfit, trailing))) throw refuse('err.order_closed');
    return this.liveView(o);
  }

  async resetDemo(user: UserRow): Promise<CashBalance> {
    if (user.is_demo !== 1) throw refuse('err.forbidden');
    await this.d.engine.resetDemo(user.id);
    return { balance: formatMoney(this.d.engine.figures(user.id).balance, 2) };
  }

  // Views

  async deals(user: UserRow, status: number, page: number, limit: number): Promise<DealList> {
    const { rows, total } = await this.d.repo.page(user.id, status, page, limit);
    const figures = this.d.engine.figures(user.id, await this.d.ledger.balance(this.d.db, user.id, 'cash'));
    const data = rows.map((r) => this.view(r));
    const allProfits =
      status === STATUS_HOLDING
        ? figures.floating
        : status === STATUS_PENDING
          ? micros(0)
          : micros(await this.d.repo.realisedTotal(user.id));
    return { data, total, all_fact_profits: formatMoney(allProfits, 2), balance: formatMoney(figures.balance, 2) };
  }

  async summary(user: UserRow): Promise<AccountSummary> {
    await this.d.engine.accountFor(user.id, user.is_demo === 1);
    const [cash, credit] = await Promise.all(
      (['cash', 'credit'] as const).map((kind) => this.d.ledger.balance(this.d.db, user.id, kind)),
    );
    const f = this.d.engine.figures(user.id, cash, credit);
    // MT5's Balance (DESIGN §17) is the cash with the used margin back in: opening moves it by the fee alone.
    return {
      cash: formatMoney(f.balance, 2),
      balance: formatMoney(micros(f.balance + f.usedMargin), 2),
      credit: formatMoney(f.credit, 2),
      equity: formatMoney(f.equity, 2),
      used_margin: formatMoney(f.usedMargin, 2),
      free_margin: formatMoney(f.freeMargin, 2),
      free_margin_mode: f.terms.freeMarginMode,
      floating: formatMoney(f.floating, 2),
      // MT5 shows no margin level without a position: a reserved pending order alone reads "—", not 10,753 %.
      margin_level: f.rows.length > 0 ? f.level : 0,
      margin_call_level: f.terms.marginCallLevel,
      stop_out_level: f.terms.stopOutLevel,
      margin_call: f.marginCall,
    };
  }

  async forexDetail(user: UserRow): Promise<ForexDetail> {
    const [cash, locked, credit] = await Promise.all(
      (['cash', 'locked', 'credit'] as const).map((kind) => this.d.ledger.balance(this.d.db, user.id, kind)),
    );
    return { balance: formatMoney(cash!, 2), lock_balance: formatMoney(locked!, 2), credit: formatMoney(credit!, 2) };
  }

  async ledgerPage(user: UserRow, lang: Lang, page: number, limit: number): Promise<LedgerPage> {
    const { rows, total } = await this.d.repo.cashEntries(user.id, page, limit);
    const data = rows.map((r) => {
      const orderId = r.ref_type === 'order' ? Number(r.ref_id) : null;
      return {
        Id: r.id,
        Value: formatMoney(micros(r.amount), 2),
        MemoTran: translate(lang, r.memo_key, { order: orderId ?? '', ref: r.ref_id }),
        CreatedAt: r.created_at,
        CreatedAtTran: timeText(r.created_at),
        Type: r.type,
        OrderId: orderId,
      };
    });
    return { data, list: data, total };
  }

  // Helpers

  private async live(user: UserRow, id: number): Promise<LiveOrder> {
    const o = this.d.engine.order(id);
    if (o && o.userId === user.id) return o;
    // Not open: another user's order reads exactly like a missing one.
    const stored = await this.d.repo.orderOf(user.id, id);
    if (!stored) throw refuse('err.order_unknown');
    throw refuse('err.order_closed');
  }

  private async stored(user: UserRow, id: number): Promise<OrderRow> {
    const row = await this.d.repo.orderOf(user.id, id);
    if (!row) throw refuse('err.order_unknown');
    return row;
  }

  /** The stop-loss a trailing distance sets behind `market`; refused when it would not be a positive price. */
  private trailingLevel(side: Side, market: { bid: number; ask: number }, distance: number): number {
    const level = trailingStopLevel(side, market, distance);
    if (level === undefined) throw refuse('err.trailing_invalid');
    return level;
  }

  /** A partial close's lots, checked against the position; undefined when `cont` is the whole position (a full close). */
  private partLots(text: string, o: LiveOrder): Lots | undefined {
    return partCloseLots(text, o);
  }

  private lots(text: string, row: Instrument): Lots {
    let size: Lots;
    try {
      size = parseLots(text);
    } catch {
      throw refuse('err.lots_invalid');
    }
    const rules = { step: parseLots(row.lot_step), min: parseLots(row.min_lots), max: parseLots(row.max_lots) };
    switch (lotsCheck(size, rules)) {
      case 'ok':
        return size;
      case 'not_positive':
        throw refuse('err.lots_invalid');
      case 'below_min':
        throw refuse('err.lots_min', { min: row.min_lots });
      case 'above_max':
        throw refuse('err.lots_max', { max: row.max_lots });
      case 'off_step':
        throw refuse('err.lots_step', { step: row.lot_step });
    }
  }

  /** A decimal price to points, refusing more decimals than the instrument quotes and absurd sizes. */
  private price(text: string, precision: number, key: Parameters<typeof pricePoints>[2]): number {
    return pricePoints(text, precision, key);
  }

  private checkStops(side: Side, reference: number, stopLoss: number, takeProfit: number, market: { bid: number; ask: number }) {
    checkStops(side, reference, stopLoss, takeProfit, market);
  }

  /** The quote the trader sees (their account type's). */
  private quote(userId: number, inst: EngineInstrument): { bid: number; ask: number } {
    const f = this.d.engine.ownQuote(userId, inst);
    if (!f) throw refuse('err.quote_stale');
    return f;
  }

  private liveView(o: LiveOrder): OrderView {
    const f = this.d.engine.floating(o);
    return orderView(o.inst, {
      id: o.id,
      side: o.side,
      status: o.status,
      kind: o.kind,
      lots: o.lots,
      leverage: o.leverage,
      orderPrice: o.orderPrice,
      openPrice: o.openPrice,
      updatePrice: f.price,
      profit: f.profit,
      stopLoss: o.stopLoss,
      takeProfit: o.takeProfit,
      margin: o.margin,
      fee: o.fee,
      closedType: 0,
      createdAt: o.createdAt,
      openedAt: o.openedAt,
      closedAt: 0,
      trailingDistance: o.trailingDistance,
      expireAt: o.expireAt,
      stopLimitPrice: o.stopLimitPrice,
      swap: o.swap,
      commission: o.commission,
      parentId: 0,
      receipt: o.receipt,
    });
  }

  private view(r: OrderRow): OrderView {
    const live = this.d.engine.order(r.id);
    if (live) return this.liveView(live);
    const inst = this.d.engine.instrument(r.instrument_id)!;
    return orderView(inst, {
      id: r.id,
      side: r.side as Side,
      status: r.status,
      kind: r.kind,
      lots: lots(r.lots),
      leverage: r.leverage,
      orderPrice: r.order_price,
      openPrice: r.open_price,
      updatePrice: r.close_price,
      profit: micros(r.profit),
      stopLoss: r.stop_loss,
      takeProfit: r.take_profit,
      margin: micros(r.margin),
      fee: micros(r.fee),
      closedType: r.closed_type,
      createdAt: r.created_at,
      openedAt: r.opened_at,
      closedAt: r.closed_at,
      trailingDistance: Number(r.trailing_distance),
      expireAt: Number(r.expire_at),
      stopLimitPrice: Number(r.stop_limit_price),
      swap: BigInt(r.swap),
      commission: BigInt(r.commission ?? 0),
      parentId: Number(r.parent_id),
      receipt: r.receipt,
    });
  }
}
