import { STATUS_HOLDING, STATUS_PENDING } from '@tradepad/contracts';
import {
  DEFAULT_ACCOUNT_TERMS,
  ZERO,
  closePrice,
  freeMarginFor,
  conversionRate,
  equity,
  isMarginCall,
  isStopOut,
  trailingTriggerLevel,
  marginLevel,
  micros,
  profitLoss,
  type AccountTerms,
  type Lots,
  type Micros,
  type QuoteLookup,
  type Rate,
  type TradingTerms,
} from '@tradepad/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { OrderRow } from '../../db/schema.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerRepository, UserMovement } from '../ledger/ledger.repository.ts';
import type { Instrument } from '../market/instrument.ts';
import type { MarketService } from '../market/market.service.ts';
import type { Quote } from '../market/quote-book.ts';
import type { AccountTypeSource } from '../account-types/account-types.service.ts';
import { closingLevel, fillingLevel, ownQuote } from './account-terms.ts';
import type { TradingRepository } from './trading.repository.ts';
import { HouseExposure, type ExposurePrices } from './house-exposure.ts';
import {
  TriggerBook,
  pendingOrderTrigger,
  stopLossTrigger,
  takeProfitTrigger,
  trailTrigger,
  triggerKey,
} from './trigger-book.ts';

export {
  liveOrder,
  setCash,
  setMargin,
  type EngineInstrument,
  type EngineSettings,
  type Exposure,
  type LiveAccount,
  type LiveOrder,
  type TradingRefusal,
} from './live-types.ts';
import {
  type EngineInstrument,
  type LiveAccount,
  type LiveOrder,
  type EngineSettings,
  type TradingRefusal,
  liveOrder,
  setCash,
} from './live-types.ts';

const NO_COPIES: readonly LiveOrder[] = Object.freeze([]);

export interface BookDeps {
  db: Db;
  repo: TradingRepository;
  ledger: LedgerRepository;
  market: Pick<MarketService, 'quote' | 'isOpen'>;
  clock: Clock;
  log: FastifyBaseLogger;
  staleQuoteMs: number;
  /** The account types in memory (none in unit specs: everyone on today's default terms). */
  types?: AccountTypeSource | undefined;
}

/**
 * The live book, the engine's memory (DESIGN §5): every pending and holding order, the accounts that have them, a
 * trigger book per instrument (pending fills, stop-losses, take-profits indexed by price) and, per instrument, the
 * accounts whose equity moves with it; and the figures computed from them at the current quotes. Nothing here
 * writes the database: settlement changes the book only after its transaction committed.
 */
export class LiveBook {
  private readonly instruments = new Map<number, EngineInstrument>();
  readonly byCode = new Map<string, EngineInstrument>();
  readonly books = new Map<number, TriggerBook>();
  /**
   * Accounts whose equity depends on an instrument (they hold it, or it converts one of their positions to USD), with
   * how many of their instruments make them depend on it.
   */
  private readonly exposed = new Map<number, Map<LiveAccount, number>>();
  private readonly exposedLists = new Map<number, LiveAccount[]>();
  private readonly accounts = new Map<number, LiveAccount>();
  readonly orders = new Map<number, LiveOrder>();
  /** Copy trading (issue 34): the open copies of each provider position, by the provider's order id. */
  private readonly copies = new Map<number, Set<LiveOrder>>();
  /** Pending orders with an expiry, checked every second (issue 20). */
  readonly expiring = new Set<LiveOrder>();
  /** Accounts whose orders or cash changed since the last push. */
  readonly changed = new Set<LiveAccount>();
  /** Instruments that ticked since the last push (their holders' P/L moved). */
  readonly ticked = new Set<number>();
  /** Fee type, margin-call and stop-out levels, refreshed by the service before each order. */
  settings: EngineSettings = { feeType: 1, marginCallLevel: 100, stopOutLevel: 50 };
  readonly lookup: QuoteLookup;
  /** The house's exposure per instrument over real accounts, kept as positions open and close (the risk page). */
  readonly house = new HouseExposure();

  constructor(private readonly d: BookDeps) {
    this.lookup = (code) => {
      const inst = this.byCode.get(code);
      const q = inst && this.d.market.quote(code);
      return inst && q ? { bid: q.bid, precision: inst.row.precision } : undefined;
    };
  }

  /** Loads the instruments and rebuilds the orders and accounts from the database (start, or engine failover). */
  async load(instruments: readonly Instrument[], terms: (i: Instrument) => TradingTerms): Promise<void> {
    this.addInstruments(instruments, terms);
    // Known (and cached) before the first order, so postings find them without a look-up.
    for (const house of ['fees', 'trading', 'writeoffs', 'demo_funding', 'swaps'] as const)
      await this.d.ledger.accountId(this.d.db, { house });
    for (const row of await this.d.repo.openOrders()) await this.adopt(row);
  }

  /** Takes instruments into the book (at load, and those staff create while it runs): their terms and trigger books. */
  addInstruments(instruments: readonly Instrument[], terms: (i: Instrument) => TradingTerms): void {
    for (const row of instruments) {
      if (this.instruments.has(row.id)) continue;
      const inst: EngineInstrument = { row, terms: terms(row), scale: 10 ** row.precision };
      this.instruments.set(row.id, inst);
      this.byCode.set(row.code, inst);
      this.books.set(row.id, new TriggerBook());
    }
  }

  /**
   * Re-parses every instrument's terms after staff changed them (the rows were updated in place by the market): new
   * orders take the new fee rate at once; open orders keep what they paid.
   */
  refreshTerms(terms: (i: Instrument) => TradingTerms): void {
    for (const inst of this.instruments.values()) inst.terms = terms(inst.row);
  }

  /** The instrument's current quote (points), if any, fresh or not. */
  quote(code: string): Quote | undefined {
    return this.d.market.quote(code);
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

  /** Every account in memory (those with orders, or loaded for one), for the risk page. */
  allAccounts(): IterableIterator<LiveAccount> {
    return this.accounts.values();
  }

  /** The prices the house's exposure is valued at: bid, ask and the float USD rate at each; undefined without a quote. */
  exposurePrices(inst: EngineInstrument): ExposurePrices | undefined {
    const q = this.quote(inst.row.code);
    if (!q) return undefined;
    return { bid: q.bid, ask: q.ask, rateBid: this.rateF(inst, q.bid), rateAsk: this.rateF(inst, q.ask) };
  }

  /** The USD rate of an instrument's quote currency at `pricePoints` (see conversionRate). */
  rate(inst: EngineInstrument, pricePoints: number): Rate | undefined {
    return conversionRate(inst.row, pricePoints, this.lookup);
  }

  /** The instrument's current bid and ask in points, if it has a quote. */
  floatingQuote(inst: EngineInstrument): { bid: number; ask: number } | undefined {
    const q = this.quote(inst.row.code);
    return q ? { bid: q.bid, ask: q.ask } : undefined;
  }

  /** Whether the instrument's market is open now (hours, enabled), whatever the age of its quote. */
  marketOpen(inst: EngineInstrument, now = this.d.clock.now()): boolean {
    return this.d.market.isOpen(inst.row, now);
  }

  /** Whether an instrument trades now on a fresh quote (no fills, triggers or stop-outs otherwise). */
  tradable(inst: EngineInstrument, now = this.d.clock.now()): boolean {
    if (!this.d.market.isOpen(inst.row, now)) return false;
    const q = this.quote(inst.row.code);
    return q !== undefined && now - q.time <= this.d.staleQuoteMs;
  }

  /**
   * Why the instrument cannot trade now (no fills, triggers or orders): disabled, market closed, or a stale quote;
   * null when it trades.
   */
  refusal(inst: EngineInstrument, now = this.d.clock.now()): TradingRefusal | null {
    if (this.tradable(inst, now)) return null;
    if (inst.row.enabled !== 1) return 'err.instrument_disabled';
    return this.marketOpen(inst, now) ? 'err.quote_stale' : 'err.market_closed';
  }

  /** A holding order's floating P/L at the current quote (0 without a quote or a rate). */
  floating(o: LiveOrder): { price: number; profit: Micros } {
    const q = this.ownQuote(o.userId, o.inst.row.code);
    if (!q || o.status !== STATUS_HOLDING) return { price: q ? closePrice(o.side, q) : 0, profit: ZERO };
    const price = closePrice(o.side, q);
    return { price, profit: this.profitAt(o, price) ?? ZERO };
  }

  /** An order's P/L if it closed at `exitPrice`, in USD; undefined without a conversion rate. */
  profitAt(o: LiveOrder, exitPrice: number): Micros | undefined {
    const rate = this.rate(o.inst, exitPrice);
    return rate && profitLoss(o.inst.terms, o.side, o.lots, o.openPrice, exitPrice, rate);
  }

  /**
   * An account's exact figures at the current quotes. The floating P/L counts each position's accrued swap (MT5:
   * swaps are part of the floating profit), so equity, free margin and the margin level do too; each row's `profit`
   * is the price P/L alone (what the house pays on close) and its `swap` beside it.
   */
  figures(userId: number, cash?: Micros, creditNow?: Micros) {
    const acc = this.accounts.get(userId);
    const balance = cash ?? acc?.cash ?? ZERO;
    const credit = creditNow ?? acc?.credit ?? ZERO;
    let floating = 0n;
    const rows: Array<{ order: LiveOrder; price: number; profit: Micros; swap: Micros }> = [];
    for (const o of acc?.orders.values() ?? []) {
      if (o.status !== STATUS_HOLDING) continue;
      const f = this.floating(o);
      floating += f.profit + o.swap;
      rows.push({ order: o, ...f, swap: o.swap });
    }
    const usedMargin = acc?.margin ?? ZERO;
    const terms = acc?.terms ?? DEFAULT_ACCOUNT_TERMS;
    const eq = equity({ balance, usedMargin, floating: micros(floating), credit });
    return {
      balance,
      credit,
      usedMargin,
      floating: micros(floating),
      equity: eq,
      level: marginLevel(eq, usedMargin),
      freeMargin: freeMarginFor(terms.freeMarginMode, { balance, floating: micros(floating), credit }),
      marginCall: isMarginCall({ equity: eq, usedMargin }, terms.marginCallLevel),
      terms,
      rows,
    };
  }

  /**
   * How many real accounts with margin in use are now at or below each proposed level (exact figures at the current
   * quotes): the back office shows it before a margin-call or stop-out level is saved. Demo accounts apart.
   */
  levelImpact(levels: { marginCall?: number | undefined; stopOut?: number | undefined; typeId?: number | undefined }): {
    withPositions: number;
    marginCall: number;
    stopOut: number;
  } {
    let withPositions = 0;
    let marginCall = 0;
    let stopOut = 0;
    for (const acc of this.accounts.values()) {
      if (acc.demo || acc.margin <= 0n) continue;
      // The levels are an account type's (DESIGN §16): only its accounts would feel a change of them.
      if (levels.typeId !== undefined && acc.typeId !== levels.typeId) continue;
      withPositions++;
      const f = this.figures(acc.userId);
      const state = { equity: f.equity, usedMargin: f.usedMargin };
      if (levels.marginCall !== undefined && isMarginCall(state, levels.marginCall)) marginCall++;
      if (levels.stopOut !== undefined && isStopOut(state, levels.stopOut)) stopOut++;
    }
    return { withPositions, marginCall, stopOut };
  }

  /** Floating P/L of an account's holding positions (their swaps included) in USD micros, as a float (risk screen, pre-checks). */
  floatingEstimate(acc: LiveAccount): number {
    let floating = acc.swapF;
    const m = acc.terms.spreadMarkup;
    for (const e of acc.exposure.values()) {
      const q = this.quote(e.inst.row.code);
      if (!q) continue;
      const long = e.longUnits === 0 ? 0 : (e.longUnits * (q.bid - m) - e.longCost) * this.rateF(e.inst, q.bid);
      const short = e.shortUnits === 0 ? 0 : (e.shortCost - e.shortUnits * (q.ask + m)) * this.rateF(e.inst, q.ask);
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

  /** USD per unit of the instrument's quote currency at `px`, as a float (the risk screen's, from the exact rate). */
  rateF(inst: EngineInstrument, px: number): number {
    const r = this.rate(inst, px);
    return r ? Number(r.num) / Number(r.den) : 0;
  }

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
    const [cash, margin, credit, typeId] = await Promise.all([
      this.d.ledger.balance(db, userId, 'cash'),
      this.d.ledger.balance(db, userId, 'margin'),
      this.d.ledger.balance(db, userId, 'credit'),
      this.d.types?.typeOfUser(userId) ?? 0,
    ]);
    // Another caller may have loaded it while this one awaited.
    const again = this.accounts.get(userId);
    if (again) return again;
    const acc: LiveAccount = {
      userId,
      demo,
      cash,
      credit,
      margin,
      orders: new Map(),
      exposure: new Map(),
      single: undefined,
      marginCall: false,
      swap: ZERO,
      swapF: 0,
      stoppingOut: false,
      cashF: Number(cash + credit),
      marginF: Number(margin),
      typeId,
      terms: this.d.types?.type(typeId).terms ?? DEFAULT_ACCOUNT_TERMS,
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
  /** Sets an account's cash to its stored balance (a movement committed on another node; see TradingEngine.refreshCash). */
  cashStored(userId: number, cash: Micros, credit?: Micros): void {
    const acc = this.accounts.get(userId);
    if (!acc) return;
    setCash(acc, cash, credit);
    this.changed.add(acc);
  }

  cashMoved(m: UserMovement): void {
    if (m.kind !== 'cash' && m.kind !== 'credit') return;
    const acc = this.accounts.get(m.userId);
    if (!acc) return;
    if (m.kind === 'cash') setCash(acc, micros(acc.cash + m.delta));
    else setCash(acc, acc.cash, micros(acc.credit + m.delta));
    this.changed.add(acc);
  }

  remember(acc: LiveAccount, o: LiveOrder): void {
    o.unitsF = (Number(o.lots) * Number(o.inst.terms.contractSize)) / 10_000;
    acc.orders.set(o.id, o);
    this.orders.set(o.id, o);
    if (o.copyOf > 0) {
      let set = this.copies.get(o.copyOf);
      if (!set) this.copies.set(o.copyOf, (set = new Set()));
      set.add(o);
    }
    if (o.status === STATUS_PENDING && o.expireAt > 0) this.expiring.add(o);
    this.arm(o);
    if (o.status === STATUS_HOLDING) this.hold(acc, o, 1);
    this.changed.add(acc);
  }

  forget(o: LiveOrder): void {
    this.disarm(o);
    this.orders.delete(o.id);
    this.expiring.delete(o);
    if (o.copyOf > 0) {
      const set = this.copies.get(o.copyOf);
      if (set?.delete(o) && set.size === 0) this.copies.delete(o.copyOf);
    }
    const acc = this.accounts.get(o.userId);
    if (!acc || !acc.orders.delete(o.id)) return;
    if (o.status === STATUS_HOLDING) this.hold(acc, o, -1);
    this.changed.add(acc);
  }

  /** Adds (+1) or removes (−1) a holding position from its account's exposure and the instrument index. */
  hold(acc: LiveAccount, o: LiveOrder, sign: 1 | -1): void {
    const id = o.inst.row.id;
    let e = acc.exposure.get(id);
    if (!e) {
      e = { inst: o.inst, count: 0, longUnits: 0, longCost: 0, shortUnits: 0, shortCost: 0 };
      acc.exposure.set(id, e);
      for (const dep of this.dependsOn(o.inst)) this.index(dep, acc, 1);
    }
    e.count += sign;
    this.house.add(o, sign);
    if (o.swap !== 0n) {
      acc.swap = micros(acc.swap + (sign === 1 ? o.swap : -o.swap));
      acc.swapF = Number(acc.swap);
    }
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
  exposedList(instrumentId: number): LiveAccount[] | undefined {
    let list = this.exposedLists.get(instrumentId);
    if (!list) {
      const m = this.exposed.get(instrumentId);
      if (!m || m.size === 0) return undefined;
      this.exposedLists.set(instrumentId, (list = [...m.keys()]));
    }
    return list;
  }

  /**
   * Puts an order's triggers in its instrument's book, at the published quote's levels that reach the order's own
   * levels on its account type's quote (account-terms.ts).
   */
  arm(o: LiveOrder): void {
    const book = this.books.get(o.inst.row.id)!;
    this.disarm(o);
    const t = this.termsOf(o.userId);
    if (o.status === STATUS_PENDING && o.kind !== 'market')
      book.add(pendingOrderTrigger(o.id, o.kind, fillingLevel(o.side, o.orderPrice, t)));
    // A copy's stops are its provider's, copied for the record: it closes with the provider, at its price (issue 34).
    if (o.status === STATUS_HOLDING && o.copyOf === 0) {
      if (o.stopLoss > 0) book.add(stopLossTrigger(o.id, o.side, closingLevel(o.side, o.stopLoss, t)));
      if (o.takeProfit > 0) book.add(takeProfitTrigger(o.id, o.side, closingLevel(o.side, o.takeProfit, t)));
      if (o.trailingDistance > 0) {
        const level = trailingTriggerLevel(o.side, o.stopLoss, o.trailingDistance);
        if (level !== undefined) book.add(trailTrigger(o.id, o.side, closingLevel(o.side, level, t)));
      }
    }
  }

  /** The open copies of a provider's position (issue 34); empty for an order nobody copies. */
  copiesOf(providerOrderId: number): readonly LiveOrder[] {
    const set = this.copies.get(providerOrderId);
    return set ? [...set] : NO_COPIES;
  }

  /** The terms of a user's account type (today's default for an account not in memory). */
  termsOf(userId: number): AccountTerms {
    return this.accounts.get(userId)?.terms ?? DEFAULT_ACCOUNT_TERMS;
  }

  /** The quote a user sees and fills at: the published one with their type's markup. */
  ownQuote(userId: number, code: string): Quote | undefined {
    const q = this.quote(code);
    return q && ownQuote(q, this.termsOf(userId));
  }

  /**
   * Re-applies the account types' terms after a change (staff changed a type, or a user's type): each account's terms
   * from memory, its orders' triggers re-armed at the new levels. `userIds` re-reads those users' stored types first.
   */
  async retype(userIds?: readonly number[]): Promise<void> {
    const types = this.d.types;
    if (!types) return;
    if (userIds)
      for (const id of userIds) {
        const acc = this.accounts.get(id);
        if (acc) acc.typeId = await types.typeOfUser(id);
      }
    const accounts = userIds ? userIds.map((id) => this.accounts.get(id)).filter((a) => a !== undefined) : this.accounts.values();
    for (const acc of accounts) {
      acc.terms = types.type(acc.typeId).terms;
      for (const o of acc.orders.values()) if (!o.busy) this.arm(o);
      this.changed.add(acc);
    }
  }

  disarm(o: LiveOrder): void {
    const book = this.books.get(o.inst.row.id)!;
    book.remove(triggerKey(o.id, 'open'));
    book.remove(triggerKey(o.id, 'stop_loss'));
    book.remove(triggerKey(o.id, 'take_profit'));
    book.remove(triggerKey(o.id, 'trail'));
  }

  /**
   * Changes a holding position's size after a partial close: its exposure, the house's, its margin, fee and accrued
   * swap (the account's margin is moved by the caller; its swap follows here).
   */
  resize(o: LiveOrder, size: Lots, margin: Micros, fee: Micros, swap: Micros = o.swap): void {
    const acc = this.accounts.get(o.userId);
    if (acc && o.status === STATUS_HOLDING) this.hold(acc, o, -1);
    o.lots = size;
    o.margin = margin;
    o.fee = fee;
    o.swap = swap;
    o.unitsF = (Number(o.lots) * Number(o.inst.terms.contractSize)) / 10_000;
    if (acc && o.status === STATUS_HOLDING) this.hold(acc, o, 1);
    if (acc) this.changed.add(acc);
  }

  /**
   * A rollover's charge on a holding position, committed (issue 20): its swap and its account's move by `amount`, and
   * the trader is pushed the new figures.
   */
  swapCharged(o: LiveOrder, amount: Micros): void {
    o.swap = micros(o.swap + amount);
    const acc = this.accounts.get(o.userId);
    if (!acc || !this.orders.has(o.id)) return;
    acc.swap = micros(acc.swap + amount);
    acc.swapF = Number(acc.swap);
    this.changed.add(acc);
  }

  /** The instrument itself and the pair that converts its quote currency to USD, if another one. */
  dependsOn(inst: EngineInstrument): number[] {
    const ids = [inst.row.id];
    const { base, quote } = inst.row;
    if (quote === 'USD' || base === 'USD') return ids;
    const pair = this.byCode.get(`${quote}USD`) ?? this.byCode.get(`USD${quote}`);
    if (pair) ids.push(pair.row.id);
    return ids;
  }
}
