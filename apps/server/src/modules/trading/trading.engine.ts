import {
  CHANNEL_FOREX_CLOSED,
  CHANNEL_FOREX_TRADE,
  CLOSED_BY_STOP_LOSS,
  CLOSED_BY_STOP_OUT,
  CLOSED_BY_TAKE_PROFIT,
  CLOSED_BY_USER,
  STATUS_CANCELLED,
  STATUS_CLOSED,
  STATUS_HOLDING,
  STATUS_PENDING,
  type ForexClosedMessage,
  type ForexTradeMessage,
  type Lang,
  type MarginCallMessage,
} from '@tradepad/contracts';
import {
  ZERO,
  closePrice,
  conversionRate,
  equity,
  formatMoney,
  freeMargin,
  isMarginCall,
  isStopOut,
  lots as toLots,
  marginLevel,
  micros,
  microsToStorage,
  parseMoney,
  pointsToPrice,
  profitLoss,
  type Lots,
  type Micros,
  type PendingKind,
  type QuoteLookup,
  type Rate,
  type Side,
  type TradingTerms,
} from '@tradepad/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema.ts';
import { refuse } from '../../core/errors.ts';
import { translate } from '../../i18n/translate.ts';
import type { Clock } from '../../ports/clock.ts';
import { demoReset, orderCancelled, orderClosed, orderOpened, writeOff } from '../ledger/ledger-entries.ts';
import type { LedgerRepository, UserMovement } from '../ledger/ledger.repository.ts';
import type { Instrument } from '../market/market.repository.ts';
import type { MarketService } from '../market/market.service.ts';
import type { Quote } from '../market/quote-book.ts';
import type { RealtimeGateway } from '../realtime/realtime.gateway.ts';
import type { JobOptions, TradeWriter } from './trade-writer.ts';
import type { NewOrderRow, TradingRepository } from './trading.repository.ts';
import {
  TriggerBook,
  pendingOrderTrigger,
  stopLossTrigger,
  takeProfitTrigger,
  triggerKey,
  type Trigger,
} from './trigger-book.ts';

/** An instrument as the engine uses it: the market row plus its parsed trading terms. */
export interface EngineInstrument {
  row: Instrument;
  terms: TradingTerms;
  /** 10^precision as a float, for the risk screen only. */
  scale: number;
}

/** An order that is pending or holding, as the engine keeps it in memory. */
export interface LiveOrder {
  id: number;
  userId: number;
  demo: boolean;
  inst: EngineInstrument;
  side: Side;
  status: typeof STATUS_PENDING | typeof STATUS_HOLDING;
  kind: 'market' | PendingKind;
  lots: Lots;
  leverage: number;
  orderPrice: number;
  openPrice: number;
  stopLoss: number;
  takeProfit: number;
  margin: Micros;
  fee: Micros;
  createdAt: number;
  openedAt: number;
  /** A settlement of this order is queued or running: triggers and stop-outs leave it alone. */
  busy: boolean;
  /** Units (lots × contract size) as a float, for the risk screen only. */
  unitsF: number;
}

/** A trader's holding positions in one instrument, summed: P/L = long units × bid − long cost + short cost − short units × ask. */
interface Exposure {
  inst: EngineInstrument;
  count: number;
  longUnits: number;
  longCost: number;
  shortUnits: number;
  shortCost: number;
}

/** One trader's account as the engine keeps it while they have orders. */
export interface LiveAccount {
  userId: number;
  demo: boolean;
  /** Cash balance (the ledger's cash account), micro-units. */
  cash: Micros;
  /** Margin held by the pending and holding orders (the ledger's margin account). */
  margin: Micros;
  orders: Map<number, LiveOrder>;
  /** Holding positions summed per instrument, in floats, for the per-tick risk screen (O(instruments held)). */
  exposure: Map<number, Exposure>;
  /** The exposure when there is exactly one (most accounts), for the screen's fast path. */
  single: Exposure | undefined;
  marginCall: boolean;
  /** A stop-out of this account is queued or running. */
  stoppingOut: boolean;
  /** `cash` and `margin` as floats, kept in step by setCash/setMargin, for the per-tick risk screen. */
  cashF: number;
  marginF: number;
}

function setCash(acc: LiveAccount, cash: Micros): void {
  acc.cash = cash;
  acc.cashF = Number(cash);
}

function setMargin(acc: LiveAccount, margin: Micros): void {
  acc.margin = margin;
  acc.marginF = Number(margin);
}

export interface EngineSettings {
  feeType: number;
  marginCallLevel: number;
  stopOutLevel: number;
}

export interface EngineDeps {
  db: Db;
  repo: TradingRepository;
  ledger: LedgerRepository;
  writer: TradeWriter;
  market: MarketService;
  gateway: RealtimeGateway;
  clock: Clock;
  log: FastifyBaseLogger;
  staleQuoteMs: number;
  demoStartBalance: string;
}

/** What a settlement did, for the caller and the websocket. */
export interface Settlement {
  order: LiveOrder;
  exitPrice: number;
  profit: Micros;
  closedType: number;
}

const PUSH_EVERY_MS = 250;
/** An order refuses (free margin) before it writes anything: no savepoint of its own (see TradeWriter). */
const PLACE_JOB: JobOptions = { checksFirst: true };

/**
 * The execution and risk engine (DESIGN §5). It keeps every pending and holding order in memory, with a trigger
 * book per instrument (pending fills, stop-losses, take-profits indexed by price) and, per instrument, the accounts
 * whose equity moves with it. On every accepted quote it fires the crossed triggers and re-margins the accounts
 * exposed to that instrument, stopping out those at or under the stop-out level. Nothing is ever polled from the
 * database, and nothing scans every order.
 *
 * Every change of an order is one job of the TradeWriter: a compare-and-set on the order's status and its ledger
 * entry in the same transaction. Memory changes only after the commit, so a user close, a trigger and a stop-out
 * racing for the same order settle it exactly once: the first commit wins, the others find the status changed.
 */
export class TradingEngine {
  private readonly instruments = new Map<number, EngineInstrument>();
  private readonly byCode = new Map<string, EngineInstrument>();
  private readonly books = new Map<number, TriggerBook>();
  /**
   * Accounts whose equity depends on an instrument (they hold it, or it converts one of their positions to USD), with
   * how many of their instruments make them depend on it.
   */
  private readonly exposed = new Map<number, Map<LiveAccount, number>>();
  private readonly exposedLists = new Map<number, LiveAccount[]>();
  private readonly accounts = new Map<number, LiveAccount>();
  private readonly orders = new Map<number, LiveOrder>();
  /** Accounts whose orders or cash changed since the last push. */
  private readonly changed = new Set<LiveAccount>();
  /** Accounts a tick put near the margin-call level, with whether their instrument was tradable (checkSuspects). */
  private readonly suspects = new Map<LiveAccount, boolean>();
  private suspectsScheduled: NodeJS.Immediate | undefined;
  /** Instruments that ticked since the last push (their holders' P/L moved). */
  private readonly ticked = new Set<number>();
  private pushTimer: NodeJS.Timeout | undefined;
  private settingsCache: EngineSettings = { feeType: 1, marginCallLevel: 100, stopOutLevel: 50 };
  readonly lookup: QuoteLookup;

  constructor(private readonly d: EngineDeps) {
    this.lookup = (code) => {
      const inst = this.byCode.get(code);
      const q = inst && this.d.market.quote(code);
      return inst && q ? { bid: q.bid, precision: inst.row.precision } : undefined;
    };
  }

  // Start and stop

  /** Loads the instruments and rebuilds the books and accounts from the database (start, or engine failover). */
  async start(instruments: readonly Instrument[], terms: (i: Instrument) => TradingTerms): Promise<void> {
    for (const row of instruments) {
      const inst: EngineInstrument = { row, terms: terms(row), scale: 10 ** row.precision };
      this.instruments.set(row.id, inst);
      this.byCode.set(row.code, inst);
      this.books.set(row.id, new TriggerBook());
    }
    // Known (and cached) before the first order, so postings find them without a look-up.
    for (const house of ['fees', 'trading', 'writeoffs', 'demo_funding'] as const)
      await this.d.ledger.accountId(this.d.db, { house });
    for (const row of await this.d.repo.openOrders()) await this.adopt(row);
    this.d.market.onQuote((code, q) => this.onQuote(code, q));
    this.pushTimer = setInterval(() => this.pushFigures(), PUSH_EVERY_MS);
  }

  async stop(): Promise<void> {
    if (this.pushTimer) clearInterval(this.pushTimer);
    this.pushTimer = undefined;
    await this.d.writer.idle();
  }

  /** Resolves once every queued order change is committed (tests, shutdown). */
  idle(): Promise<void> {
    if (this.suspects.size > 0) this.checkSuspects();
    return this.d.writer.idle();
  }

  /** Group-commit figures: transactions committed and jobs in them. */
  writerStats(): { batches: number; jobs: number; retries: number } {
    return { ...this.d.writer.stats };
  }

  /** Re-reads settings (fee type, margin-call and stop-out levels); called by the service before each order. */
  refreshSettings(s: EngineSettings): void {
    this.settingsCache = s;
  }

  instrument(id: number): EngineInstrument | undefined {
    return this.instruments.get(id);
  }

  order(id: number): LiveOrder | undefined {
    return this.orders.get(id);
  }

  account(userId: number): LiveAccount | undefined {
    return this.accounts.get(userId);
  }

  get openOrderCount(): number {
    return this.orders.size;
  }

  // Figures

  /** The USD rate of an instrument's quote currency at `pricePoints` (see conversionRate). */
  rate(inst: EngineInstrument, pricePoints: number): Rate | undefined {
    return conversionRate(inst.row, pricePoints, this.lookup);
  }

  /** The instrument's current bid and ask in points, if it has a quote. */
  floatingQuote(inst: EngineInstrument): { bid: number; ask: number } | undefined {
    const q = this.d.market.quote(inst.row.code);
    return q ? { bid: q.bid, ask: q.ask } : undefined;
  }

  /** Whether the instrument's market is open now (hours, enabled), whatever the age of its quote. */
  marketOpen(inst: EngineInstrument, now = this.d.clock.now()): boolean {
    return this.d.market.isOpen(inst.row, now);
  }

  /** Whether an instrument trades now on a fresh quote (no fills, triggers or stop-outs otherwise). */
  tradable(inst: EngineInstrument, now = this.d.clock.now()): boolean {
    if (!this.d.market.isOpen(inst.row, now)) return false;
    const q = this.d.market.quote(inst.row.code);
    return q !== undefined && now - q.time <= this.d.staleQuoteMs;
  }

  /** A holding order's floating P/L at the current quote (0 without a quote or a rate). */
  floating(o: LiveOrder): { price: number; profit: Micros } {
    const q = this.d.market.quote(o.inst.row.code);
    if (!q || o.status !== STATUS_HOLDING) return { price: q ? closePrice(o.side, q) : 0, profit: ZERO };
    const price = closePrice(o.side, q);
    return { price, profit: this.profitAt(o, price) ?? ZERO };
  }

  /** An order's P/L if it closed at `exitPrice`, in USD; undefined without a conversion rate. */
  private profitAt(o: LiveOrder, exitPrice: number): Micros | undefined {
    const rate = this.rate(o.inst, exitPrice);
    return rate && profitLoss(o.inst.terms, o.side, o.lots, o.openPrice, exitPrice, rate);
  }

  /** An account's exact figures at the current quotes. */
  figures(userId: number, cash?: Micros) {
    const acc = this.accounts.get(userId);
    const balance = cash ?? acc?.cash ?? ZERO;
    let floating = 0n;
    const rows: Array<{ order: LiveOrder; price: number; profit: Micros }> = [];
    for (const o of acc?.orders.values() ?? []) {
      if (o.status !== STATUS_HOLDING) continue;
      const f = this.floating(o);
      floating += f.profit;
      rows.push({ order: o, ...f });
    }
    const usedMargin = acc?.margin ?? ZERO;
    const eq = equity({ balance, usedMargin, floating: micros(floating) });
    return {
      balance,
      usedMargin,
      floating: micros(floating),
      equity: eq,
      level: marginLevel(eq, usedMargin),
      freeMargin: freeMargin({ balance, floating: micros(floating) }),
      marginCall: isMarginCall({ equity: eq, usedMargin }, this.settingsCache.marginCallLevel),
      rows,
    };
  }

  // Memory

  private async adopt(row: OrderRow): Promise<void> {
    const inst = this.instruments.get(row.instrument_id);
    if (!inst) {
      this.d.log.error({ orderId: row.id, instrumentId: row.instrument_id }, 'open order of an unknown instrument');
      return;
    }
    const acc = await this.accountFor(row.user_id, row.is_demo === 1);
    this.remember(acc, liveOrder(inst, row));
  }

  /** The account in memory, loaded from the ledger the first time. */
  async accountFor(userId: number, demo: boolean): Promise<LiveAccount> {
    const found = this.accounts.get(userId);
    if (found) return found;
    const db = this.d.db;
    await this.d.ledger.ensureUserAccounts(db, userId);
    const [cash, margin] = await Promise.all([
      this.d.ledger.balance(db, userId, 'cash'),
      this.d.ledger.balance(db, userId, 'margin'),
    ]);
    // Another caller may have loaded it while this one awaited.
    const again = this.accounts.get(userId);
    if (again) return again;
    const acc: LiveAccount = {
      userId,
      demo,
      cash,
      margin,
      orders: new Map(),
      exposure: new Map(),
      single: undefined,
      marginCall: false,
      stoppingOut: false,
      cashF: Number(cash),
      marginF: Number(margin),
    };
    this.accounts.set(userId, acc);
    return acc;
  }

  /**
   * Follows a committed movement of a user's ledger account (the ledger's listener, subscribed once at wiring time):
   * every change of the cash, the engine's own orders and a deposit, a withdrawal or an adjustment alike, reaches the
   * account in memory this way and only after its transaction committed. A delta rather than a reload: movements
   * commute. An account not in memory yet is loaded from the ledger when first needed.
   */
  cashMoved(m: UserMovement): void {
    if (m.kind !== 'cash') return;
    const acc = this.accounts.get(m.userId);
    if (!acc) return;
    setCash(acc, micros(acc.cash + m.delta));
    this.changed.add(acc);
  }

  private remember(acc: LiveAccount, o: LiveOrder): void {
    o.unitsF = (Number(o.lots) * Number(o.inst.terms.contractSize)) / 10_000;
    acc.orders.set(o.id, o);
    this.orders.set(o.id, o);
    this.arm(o);
    if (o.status === STATUS_HOLDING) this.hold(acc, o, 1);
    this.changed.add(acc);
  }

  private forget(o: LiveOrder): void {
    this.disarm(o);
    this.orders.delete(o.id);
    const acc = this.accounts.get(o.userId);
    if (!acc || !acc.orders.delete(o.id)) return;
    if (o.status === STATUS_HOLDING) this.hold(acc, o, -1);
    this.changed.add(acc);
  }

  /** Adds (+1) or removes (−1) a holding position from its account's exposure and the instrument index. */
  private hold(acc: LiveAccount, o: LiveOrder, sign: 1 | -1): void {
    const id = o.inst.row.id;
    let e = acc.exposure.get(id);
    if (!e) {
      e = { inst: o.inst, count: 0, longUnits: 0, longCost: 0, shortUnits: 0, shortCost: 0 };
      acc.exposure.set(id, e);
      for (const dep of this.dependsOn(o.inst)) this.index(dep, acc, 1);
    }
    e.count += sign;
    if (o.side === 1) {
      e.longUnits += sign * o.unitsF;
      e.longCost += sign * o.unitsF * o.openPrice;
    } else {
      e.shortUnits += sign * o.unitsF;
      e.shortCost += sign * o.unitsF * o.openPrice;
    }
    if (e.count === 0) {
      acc.exposure.delete(id);
      for (const dep of this.dependsOn(o.inst)) this.index(dep, acc, -1);
    }
    acc.single = acc.exposure.size === 1 ? acc.exposure.values().next().value : undefined;
  }

  private index(instrumentId: number, acc: LiveAccount, delta: 1 | -1): void {
    let m = this.exposed.get(instrumentId);
    if (!m) this.exposed.set(instrumentId, (m = new Map()));
    const before = m.has(acc);
    const n = (m.get(acc) ?? 0) + delta;
    if (n > 0) m.set(acc, n);
    else m.delete(acc);
    if (before !== m.has(acc)) this.exposedLists.delete(instrumentId);
  }

  /** The accounts exposed to an instrument as an array (rebuilt after a change), which a tick walks fastest. */
  private exposedList(instrumentId: number): LiveAccount[] | undefined {
    let list = this.exposedLists.get(instrumentId);
    if (!list) {
      const m = this.exposed.get(instrumentId);
      if (!m || m.size === 0) return undefined;
      this.exposedLists.set(instrumentId, (list = [...m.keys()]));
    }
    return list;
  }

  /** Puts an order's triggers in its instrument's book. */
  private arm(o: LiveOrder): void {
    const book = this.books.get(o.inst.row.id)!;
    this.disarm(o);
    if (o.status === STATUS_PENDING && o.kind !== 'market') book.add(pendingOrderTrigger(o.id, o.kind, o.orderPrice));
    if (o.status === STATUS_HOLDING) {
      if (o.stopLoss > 0) book.add(stopLossTrigger(o.id, o.side, o.stopLoss));
      if (o.takeProfit > 0) book.add(takeProfitTrigger(o.id, o.side, o.takeProfit));
    }
  }

  private disarm(o: LiveOrder): void {
    const book = this.books.get(o.inst.row.id)!;
    book.remove(triggerKey(o.id, 'open'));
    book.remove(triggerKey(o.id, 'stop_loss'));
    book.remove(triggerKey(o.id, 'take_profit'));
  }

  /** The instrument itself and the pair that converts its quote currency to USD, if another one. */
  private dependsOn(inst: EngineInstrument): number[] {
    const ids = [inst.row.id];
    const { base, quote } = inst.row;
    if (quote === 'USD' || base === 'USD') return ids;
    const pair = this.byCode.get(`${quote}USD`) ?? this.byCode.get(`USD${quote}`);
    if (pair) ids.push(pair.row.id);
    return ids;
  }

  // Orders

  /**
   * Opens a market order or places a pending one: inside one transaction, checks the cash and free margin, inserts
   * the order and moves margin and fee out of the cash (DESIGN §5). The caller has validated everything that does not
   * need the database.
   */
  async place(
    input: Pick<
      LiveOrder,
      | 'userId'
      | 'demo'
      | 'inst'
      | 'side'
      | 'kind'
      | 'lots'
      | 'leverage'
      | 'orderPrice'
      | 'openPrice'
      | 'stopLoss'
      | 'takeProfit'
      | 'margin'
      | 'fee'
    >,
  ): Promise<LiveOrder> {
    const acc = await this.accountFor(input.userId, input.demo);
    const now = this.d.clock.now();
    const holding = input.kind === 'market';
    // The free-margin check needs the floating P/L exactly only when a loss could make the difference.
    const estimate = this.floatingEstimate(acc);
    const cost0 = Number(input.margin + input.fee);
    const floating =
      estimate >= 0 || Number(acc.cash) + estimate - cost0 > Math.abs(estimate) * 0.01 + 1e6
        ? ZERO
        : this.figures(input.userId).floating;
    const row: NewOrderRow = {
      user_id: input.userId,
      is_demo: input.demo ? 1 : 0,
      instrument_id: input.inst.row.id,
      side: input.side,
      status: holding ? STATUS_HOLDING : STATUS_PENDING,
      kind: input.kind,
      lots: Number(input.lots),
      leverage: input.leverage,
      order_price: input.orderPrice,
      open_price: holding ? input.openPrice : 0,
      close_price: 0,
      stop_loss: input.stopLoss,
      take_profit: input.takeProfit,
      margin: microsToStorage(input.margin),
      fee: microsToStorage(input.fee),
      profit: 0,
      closed_type: 0,
      created_at: now,
      opened_at: holding ? now : 0,
      closed_at: 0,
    };
    const id = await this.d.writer.run(async (trx) => {
      const cash = await this.d.ledger.lockBalance(trx, input.userId, 'cash');
      const cost = input.margin + input.fee;
      // Margin and fee come out of the cash, and a floating loss already spends part of it (free margin).
      if (freeMargin({ balance: cash, floating }) < cost) throw refuse('err.insufficient_margin');
      // Writes only from here on, and no refusal after them (checksFirst).
      const orderId = await this.d.repo.insertOrder(trx, row);
      await this.d.ledger.post(
        trx,
        orderOpened({ orderId, userId: input.userId, demo: input.demo, margin: input.margin, fee: input.fee, at: now }),
      );
      return orderId;
    }, PLACE_JOB);
    // The cash has followed the commit already (cashMoved).
    setMargin(acc, micros(acc.margin + input.margin));
    const order = liveOrder(input.inst, { id, ...row });
    this.remember(acc, order);
    return order;
  }

  /** Closes a holding order at the current closing price (a user's close, a trigger, the back office). */
  async close(o: LiveOrder, closedType: number): Promise<Settlement | undefined> {
    const q = this.d.market.quote(o.inst.row.code);
    if (!q) throw refuse('err.quote_stale');
    return this.settle(o, closedType, closePrice(o.side, q));
  }

  /** Cancels a pending order: margin and fee go back to the cash. Undefined when it was no longer pending. */
  async cancel(o: LiveOrder, closedType = CLOSED_BY_USER): Promise<boolean> {
    if (o.busy) return false;
    o.busy = true;
    try {
      const now = this.d.clock.now();
      const done = await this.d.writer.run((trx) => this.cancelIn(trx, o, closedType, now));
      if (!done) return false;
      this.afterCancel(o);
      this.d.gateway.publishToUser(o.userId, CHANNEL_FOREX_CLOSED, closedMessage([o.id], closedType));
      return true;
    } finally {
      o.busy = false;
    }
  }

  private async cancelIn(trx: Tx, o: LiveOrder, closedType: number, now: number): Promise<boolean> {
    const ok = await this.d.repo.transition(trx, o.id, STATUS_PENDING, {
      status: STATUS_CANCELLED,
      closed_type: closedType,
      closed_at: now,
    });
    if (!ok) return false;
    await this.d.ledger.post(
      trx,
      orderCancelled({ orderId: o.id, userId: o.userId, demo: o.demo, margin: o.margin, fee: o.fee, at: now }),
    );
    return true;
  }

  private afterCancel(o: LiveOrder): void {
    const acc = this.accounts.get(o.userId);
    if (acc) setMargin(acc, micros(acc.margin - o.margin));
    this.forget(o);
  }

  /** Changes stop-loss and take-profit (already validated against sides by the caller). */
  async setStops(o: LiveOrder, stopLoss: number, takeProfit: number): Promise<boolean> {
    if (o.busy) return false;
    const ok = await this.d.writer.run((trx) => this.d.repo.setStops(trx, o.id, stopLoss, takeProfit));
    if (!ok || !this.orders.has(o.id)) return false;
    o.stopLoss = stopLoss;
    o.takeProfit = takeProfit;
    this.arm(o);
    return true;
  }

  /**
   * Settles a holding order at `exitPrice` exactly once: CAS holding → closed, then the ledger entry (margin back,
   * P/L from or to the house), in one transaction. When the close leaves the cash negative, the house writes the
   * difference off at once, even if other positions stay open: the cash never stays below zero (negative balance
   * protection). Undefined when another path settled it first.
   */
  private async settle(o: LiveOrder, closedType: number, exitPrice: number): Promise<Settlement | undefined> {
    if (o.busy) return undefined;
    o.busy = true;
    try {
      const profit = this.profitAt(o, exitPrice);
      if (profit === undefined) throw refuse('err.quote_stale');
      const now = this.d.clock.now();
      const acc = this.accounts.get(o.userId);
      // Negative balance protection: a close that would leave the cash below zero is followed by a write-off.
      const mayGoNegative = !acc || acc.cash + o.margin + profit < 0n;
      const result = await this.d.writer.run(async (trx) => {
        const ok = await this.closeIn(trx, o, closedType, exitPrice, profit, now);
        if (!ok) return undefined;
        if (mayGoNegative) await this.writeOffIn(trx, o.userId, o.demo, now, o.id);
        return true;
      });
      if (!result) return undefined;
      this.afterClose(o);
      this.d.gateway.publishToUser(o.userId, CHANNEL_FOREX_CLOSED, closedMessage([o.id], closedType));
      return { order: o, exitPrice, profit, closedType };
    } finally {
      o.busy = false;
      // Still open (the close was refused or lost a race it should not have): its stops fire again on the next tick.
      if (this.orders.has(o.id)) this.arm(o);
    }
  }

  private async closeIn(
    trx: Tx,
    o: LiveOrder,
    closedType: number,
    exitPrice: number,
    profit: Micros,
    now: number,
  ): Promise<boolean> {
    const ok = await this.d.repo.transition(trx, o.id, STATUS_HOLDING, {
      status: STATUS_CLOSED,
      close_price: exitPrice,
      profit: microsToStorage(profit),
      closed_type: closedType,
      closed_at: now,
    });
    if (!ok) return false;
    await this.d.ledger.post(
      trx,
      orderClosed({ orderId: o.id, userId: o.userId, demo: o.demo, margin: o.margin, profit, at: now }),
    );
    return true;
  }

  /** If the cash is below zero, the house writes it off to zero (the entry refers to the order whose close did it). */
  private async writeOffIn(trx: Tx, userId: number, demo: boolean, now: number, orderId: number): Promise<void> {
    const cash = await this.d.ledger.balance(trx, userId, 'cash');
    if (cash >= 0n) return;
    await this.d.ledger.post(trx, writeOff({ orderId, userId, demo, amount: micros(-cash), at: now }));
  }

  private afterClose(o: LiveOrder): void {
    const acc = this.accounts.get(o.userId);
    if (acc) setMargin(acc, micros(acc.margin - o.margin));
    this.forget(o);
  }

  /** Fills a triggered pending order at the current market price (a limit's is at its level or better). */
  private async fill(o: LiveOrder, price: number): Promise<void> {
    if (o.busy || o.status !== STATUS_PENDING) return;
    o.busy = true;
    try {
      const now = this.d.clock.now();
      const ok = await this.d.writer.run((trx) =>
        this.d.repo.transition(trx, o.id, STATUS_PENDING, { status: STATUS_HOLDING, open_price: price, opened_at: now }),
      );
      if (!ok) return;
      o.status = STATUS_HOLDING;
      o.openPrice = price;
      o.openedAt = now;
      this.arm(o);
      const acc = this.accounts.get(o.userId);
      if (acc) {
        this.hold(acc, o, 1);
        this.changed.add(acc);
      }
    } finally {
      o.busy = false;
    }
  }

  /** Resets a demo account: cancels and closes everything (at the last price), then restores the start balance. */
  async resetDemo(userId: number): Promise<void> {
    const acc = await this.accountFor(userId, true);
    const now = this.d.clock.now();
    const open = [...acc.orders.values()];
    if (open.some((o) => o.busy)) throw refuse('err.order_busy');
    for (const o of open) o.busy = true;
    try {
      await this.d.writer.run(async (trx) => {
        for (const o of open) {
          if (o.status === STATUS_PENDING) {
            await this.cancelIn(trx, o, CLOSED_BY_USER, now);
            continue;
          }
          const q = this.d.market.quote(o.inst.row.code);
          const exit = q ? closePrice(o.side, q) : o.openPrice;
          const profit = this.profitAt(o, exit) ?? ZERO;
          await this.closeIn(trx, o, CLOSED_BY_USER, exit, profit, now);
        }
        const start = parseMoney(this.d.demoStartBalance);
        const cash = await this.d.ledger.balance(trx, userId, 'cash');
        const delta = micros(start - cash);
        await this.d.ledger.post(trx, demoReset({ userId, delta, at: now }));
      });
      for (const o of open) this.forget(o);
      // The cash has followed the committed entries (cashMoved) to the start balance.
      setMargin(acc, ZERO);
      acc.marginCall = false;
      if (open.length)
        this.d.gateway.publishToUser(
          userId,
          CHANNEL_FOREX_CLOSED,
          closedMessage(
            open.map((o) => o.id),
            CLOSED_BY_USER,
          ),
        );
    } finally {
      for (const o of open) o.busy = false;
    }
  }

  // Ticks

  /** Every accepted quote: fire the crossed triggers, then re-margin the accounts exposed to the instrument. */
  onQuote(code: string, q: Quote): void {
    const inst = this.byCode.get(code);
    if (!inst) return;
    const now = this.d.clock.now();
    const tradable = this.tradable(inst, now);
    if (tradable) {
      const fired = this.books.get(inst.row.id)!.crossed(q.bid, q.ask);
      for (const t of fired) this.onTrigger(t, q);
    }
    const exposed = this.exposedList(inst.row.id);
    if (!exposed) return;
    this.ticked.add(inst.row.id);
    // Most accounts hold one instrument: their level is a few multiplications with this tick's prices and rates.
    const rateBid = this.rateF(inst, q.bid);
    const rateAsk = this.rateF(inst, q.ask);
    const callLevel = this.settingsCache.marginCallLevel + 1;
    for (let i = 0; i < exposed.length; i++) {
      const acc = exposed[i]!;
      const e = acc.single;
      if (e !== undefined && e.inst === inst && acc.marginF > 0) {
        const floating =
          (((e.longUnits * q.bid - e.longCost) * rateBid + (e.shortCost - e.shortUnits * q.ask) * rateAsk) / inst.scale) * 1e6;
        if (((acc.cashF + acc.marginF + floating) / acc.marginF) * 100 > callLevel) acc.marginCall = false;
        else this.suspect(acc, tradable);
        continue;
      }
      this.screen(acc, tradable);
    }
  }

  private onTrigger(t: Trigger, q: Quote): void {
    const o = this.orders.get(t.orderId);
    if (!o || o.busy) return;
    const done = (p: Promise<unknown>) =>
      void p.catch((err: unknown) => {
        this.d.log.error({ err, orderId: o.id }, 'trigger settlement failed');
        if (this.orders.has(o.id)) this.arm(o);
      });
    switch (t.kind) {
      case 'open':
        if (o.status === STATUS_PENDING) done(this.fill(o, o.side === 1 ? q.ask : q.bid));
        return;
      case 'stop_loss':
        if (o.status === STATUS_HOLDING) done(this.settle(o, CLOSED_BY_STOP_LOSS, closePrice(o.side, q)));
        return;
      case 'take_profit':
        if (o.status === STATUS_HOLDING) done(this.settle(o, CLOSED_BY_TAKE_PROFIT, closePrice(o.side, q)));
        return;
    }
  }

  /**
   * The per-tick risk screen: the account's margin level in floating point (a few multiplications per position, no
   * allocation). Only an account near its margin-call or stop-out level is then checked exactly, in integers.
   */
  private screen(acc: LiveAccount, tradable: boolean): void {
    if (acc.marginF <= 0) return;
    const level = this.levelEstimate(acc);
    // A percent of slack covers the float error; the exact check, right after the tick, decides.
    if (level > this.settingsCache.marginCallLevel + 1) {
      acc.marginCall = false;
      return;
    }
    this.suspect(acc, tradable);
  }

  /** Flags an account for the exact check right after this tick. */
  private suspect(acc: LiveAccount, tradable: boolean): void {
    if (tradable || !this.suspects.has(acc)) this.suspects.set(acc, tradable);
    this.suspectsScheduled ??= setImmediate(() => this.checkSuspects());
  }

  /**
   * The accounts a tick put near or under the margin-call level, checked exactly (integers) once the tick is handled:
   * those at or under the stop-out level are stopped out (the job checks again inside its transaction), the others
   * get the margin-call notice when they first cross it.
   */
  checkSuspects(): void {
    if (this.suspectsScheduled) clearImmediate(this.suspectsScheduled);
    this.suspectsScheduled = undefined;
    const s = this.settingsCache;
    for (const [acc, tradable] of this.suspects) {
      const exact = this.figures(acc.userId);
      const state = { equity: exact.equity, usedMargin: exact.usedMargin };
      if (tradable && !acc.stoppingOut && isStopOut(state, s.stopOutLevel)) {
        void this.stopOut(acc).catch((err: unknown) => this.d.log.error({ err, userId: acc.userId }, 'stop-out failed'));
        continue;
      }
      const call = isMarginCall(state, s.marginCallLevel);
      if (call && !acc.marginCall) this.notifyMarginCall(acc, exact.level);
      acc.marginCall = call;
    }
    this.suspects.clear();
  }

  /** Floating P/L of an account's holding positions in USD micros, as a float (risk screen, pre-checks). */
  floatingEstimate(acc: LiveAccount): number {
    let floating = 0;
    for (const e of acc.exposure.values()) {
      const q = this.d.market.quote(e.inst.row.code);
      if (!q) continue;
      const long = e.longUnits === 0 ? 0 : (e.longUnits * q.bid - e.longCost) * this.rateF(e.inst, q.bid);
      const short = e.shortUnits === 0 ? 0 : (e.shortCost - e.shortUnits * q.ask) * this.rateF(e.inst, q.ask);
      floating += ((long + short) / e.inst.scale) * 1e6;
    }
    return floating;
  }

  /** The margin level as a float percent (Infinity with nothing open). */
  levelEstimate(acc: LiveAccount): number {
    const margin = acc.marginF;
    if (margin <= 0) return Infinity;
    return ((acc.cashF + margin + this.floatingEstimate(acc)) / margin) * 100;
  }

  /**
   * Whether new orders that add margin are refused (margin call): decided from the estimate when far from the
   * level, exactly otherwise.
   */
  inMarginCall(userId: number): boolean {
    const acc = this.accounts.get(userId);
    if (!acc || acc.margin <= 0n) return false;
    if (this.levelEstimate(acc) > this.settingsCache.marginCallLevel + 1) return false;
    return this.figures(userId).marginCall;
  }

  /** USD per unit of the instrument's quote currency at `px`, as a float (the risk screen's, from the exact rate). */
  private rateF(inst: EngineInstrument, px: number): number {
    const r = this.rate(inst, px);
    return r ? Number(r.num) / Number(r.den) : 0;
  }

  /**
   * Stop-out (DESIGN §5), as one transaction: cancel the pending orders, then close positions, the largest loss
   * first, until the margin level is back above the stop-out level; a negative cash left behind is written off, even
   * when positions remain open.
   * Positions whose market is closed or stale stay open (no fills on stale prices).
   */
  async stopOut(acc: LiveAccount): Promise<void> {
    if (acc.stoppingOut) return;
    const all = [...acc.orders.values()].filter((o) => !o.busy);
    acc.stoppingOut = true;
    for (const o of all) o.busy = true;
    const now = this.d.clock.now();
    const level = this.settingsCache.stopOutLevel;
    const cancelled: LiveOrder[] = [];
    const closed: Array<{ o: LiveOrder; profit: Micros }> = [];
    try {
      await this.d.writer.run(async (trx) => {
        // The job may run twice (TradeWriter): start from nothing each time.
        cancelled.length = 0;
        closed.length = 0;
        // Prices moved since the account was flagged: act only if it is under the level now.
        const cashNow = await this.d.ledger.balance(trx, acc.userId, 'cash');
        const before = this.figures(acc.userId, cashNow);
        if (!isStopOut({ equity: before.equity, usedMargin: before.usedMargin }, level)) return;
        for (const o of all) {
          if (o.status === STATUS_PENDING && (await this.cancelIn(trx, o, CLOSED_BY_STOP_OUT, now))) cancelled.push(o);
        }
        let cash = cashNow;
        let margin = micros(acc.margin - cancelled.reduce((s, o) => s + o.margin, 0n));
        // The figures above already hold each position's closing price and P/L.
        const positions = before.rows
          .filter((r) => all.includes(r.order) && this.tradable(r.order.inst, now))
          .sort((a, b) => (a.profit < b.profit ? -1 : a.profit > b.profit ? 1 : 0));
        let floating: bigint = before.floating;
        for (const { order: o, price, profit } of positions) {
          const eq = equity({ balance: cash, usedMargin: margin, floating: micros(floating) });
          if (!isStopOut({ equity: eq, usedMargin: margin }, level)) break;
          if (!(await this.closeIn(trx, o, CLOSED_BY_STOP_OUT, price, profit, now))) continue;
          closed.push({ o, profit });
          cash = micros(cash + o.margin + profit);
          margin = micros(margin - o.margin);
          floating -= profit;
        }
        // The write-off refers to the last position closed (the one that left the cash below zero).
        if (cash < 0n) await this.writeOffIn(trx, acc.userId, acc.demo, now, closed.at(-1)?.o.id ?? acc.userId);
      });
      for (const o of cancelled) this.afterCancel(o);
      for (const c of closed) this.afterClose(c.o);
      if (cancelled.length || closed.length) {
        this.d.gateway.publishToUser(
          acc.userId,
          CHANNEL_FOREX_CLOSED,
          closedMessage(
            [...cancelled, ...closed.map((c) => c.o)].map((o) => o.id),
            CLOSED_BY_STOP_OUT,
          ),
        );
      }
    } finally {
      for (const o of all) o.busy = false;
      acc.stoppingOut = false;
    }
  }

  // Push

  private notifyMarginCall(acc: LiveAccount, level: number): void {
    this.d.gateway.publishToUser(acc.userId, CHANNEL_FOREX_TRADE, (lang: Lang): MarginCallMessage => ({
      type: 'MARGIN_CALL',
      HazardRate: level,
      msg: translate(lang, 'trade.margin_call', { level: level.toFixed(2) }),
    }));
  }

  /**
   * At most every 250 ms: the figures of each listening trader whose orders changed or whose instruments ticked. Only
   * traders with a FOREX_TRADE subscription are visited, so thousands of silent accounts cost nothing here.
   */
  pushFigures(): void {
    for (const userId of this.d.gateway.listeners(CHANNEL_FOREX_TRADE)) {
      const acc = this.accounts.get(userId);
      if (!acc) continue;
      let moved = this.changed.has(acc);
      if (!moved) for (const id of acc.exposure.keys()) if ((moved = this.ticked.has(id))) break;
      if (!moved) continue;
      const f = this.figures(acc.userId);
      const msg: ForexTradeMessage = {
        type: 'FOREX_TRADE',
        ProfitsTotal: formatMoney(f.floating, 2),
        HazardRate: f.level,
        CautionMoneyAll: formatMoney(f.usedMargin, 2),
        Balance: formatMoney(f.balance, 2),
        Equity: formatMoney(f.equity, 2),
        MarginCall: f.marginCall,
        TransOrder: f.rows.map((r) => ({
          Id: r.order.id,
          UpdatePrice: pointsToPrice(r.price, r.order.inst.row.precision),
          FactProfits: formatMoney(r.profit, 2),
        })),
      };
      this.d.gateway.publishToUser(acc.userId, CHANNEL_FOREX_TRADE, msg);
    }
    this.changed.clear();
    this.ticked.clear();
  }
}

/** An open order as the engine keeps it, from its stored row (the one place the two shapes meet). */
function liveOrder(inst: EngineInstrument, row: OrderRow): LiveOrder {
  return {
    id: row.id,
    userId: row.user_id,
    demo: row.is_demo === 1,
    inst,
    side: row.side as Side,
    status: row.status as typeof STATUS_PENDING | typeof STATUS_HOLDING,
    kind: row.kind as LiveOrder['kind'],
    lots: toLots(row.lots),
    leverage: row.leverage,
    orderPrice: row.order_price,
    openPrice: row.open_price,
    stopLoss: row.stop_loss,
    takeProfit: row.take_profit,
    margin: micros(row.margin),
    fee: micros(row.fee),
    createdAt: row.created_at,
    openedAt: row.opened_at,
    busy: false,
    unitsF: 0,
  };
}

function closedMessage(ids: number[], closedType: number): ForexClosedMessage {
  return { type: 'FOREX_CLOSED', id: ids, ClosedType: closedType };
}
