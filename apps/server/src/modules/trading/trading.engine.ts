import {
  expired,
  type AccountTerms,
  fillPrice,
  type Lots,
  type Micros,
  type QuoteLookup,
  type Rate,
  type Side,
  type TradingTerms,
} from '@tradepad/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Tally } from '../../core/metrics.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Bus } from '../../ports/bus.ts';
import type { Clock } from '../../ports/clock.ts';
import type { NoticeBoard } from '../../ports/notices.ts';
import type { Notifier } from '../../ports/notifier.ts';
import type { LedgerRepository, UserMovement } from '../ledger/ledger.repository.ts';
import type { Instrument } from '../market/instrument.ts';
import type { MarketService } from '../market/market.service.ts';
import type { Quote } from '../market/quote-book.ts';
import type { AccountTypeSource } from '../account-types/account-types.service.ts';
import { AccountPushes } from './account-pushes.ts';
import { AlertLevels, type AlertLevel, type EngineAlerts } from './alert-levels.ts';
import {
  LiveBook,
  type EngineInstrument,
  type EngineSettings,
  type LiveAccount,
  type LiveOrder,
  type TradingRefusal,
} from './live-book.ts';
import { FillListeners } from './engine-fills.ts';
import { RiskMonitor } from './risk-monitor.ts';
import { SwapRollover } from './rollover.ts';
import { CLOSED_BY_EXPIRY } from '@tradepad/contracts';
import { type CloseHook, type PartClosed, type SettledOrder } from './closing.ts';
import type { StopsHook } from './stops.ts';
import type { CopyAccountHook, CopyNotices, CopyRoster } from './copying-types.ts';
import { CopyingRepository } from './copying.repository.ts';
import { Settlement } from './settlement.ts';
import type { ReceiptQuote } from './receipt.ts';
import type { TradeWriter } from './trade-writer.ts';
import type { TradingRepository } from './trading.repository.ts';

export type { EngineInstrument, EngineSettings, LiveAccount, LiveOrder } from './live-book.ts';
export type { CloseHook, SettledOrder } from './closing.ts';
export type { AlertLevel, EngineAlerts } from './alert-levels.ts';
export type { EngineFill } from './engine-fills.ts';

export interface EngineDeps {
  db: Db;
  repo: TradingRepository;
  ledger: LedgerRepository;
  writer: TradeWriter;
  market: Pick<MarketService, 'quote' | 'isOpen' | 'onQuote' | 'onInstrumentsChanged'>;
  /** Account pushes go out here (the realtime gateway subscribes). */
  bus: Bus;
  clock: Clock;
  log: FastifyBaseLogger;
  staleQuoteMs: number;
  demoStartBalance: string | (() => Promise<string>);
  /** Tells real traders of a margin call and a stop-out by mail/SMS (the notifications module). */
  notifier?: Notifier | undefined;
  /** In-app notices (issue 21): trigger fills, margin calls and stop-outs, written with the event. */
  notices?: NoticeBoard | undefined;
  /** The account types in memory (DESIGN §16); everyone on today's default terms without. */
  types?: AccountTypeSource | undefined;
  /** Counts each trader's figures pushed (`tradepad_account_pushes_total`). */
  figuresPushed?: Tally | undefined;
}

/** Everything an order's checks need of the engine, read at one instant. */
export type PreTrade =
  | { refusal: TradingRefusal }
  | {
      refusal: null;
      /** The current published bid and ask, in points, the quote's time (unix ms) and its source's own quote. */
      quote: ReceiptQuote;
      /** The price the order enters at: the ask or bid for a market order, else its own price. */
      entry: number;
      /** USD per unit of the quote currency at `entry`; undefined without the quotes to convert. */
      rate: Rate | undefined;
      /** The account is in margin call: orders that add margin are refused. */
      marginCall: boolean;
    };

/**
 * The execution and risk engine (DESIGN §5), made of four parts: the live book (orders, accounts and exposure in
 * memory, and their figures), settlement (the ledger legs of open, close, cancel and write-off, each one committed
 * job), the risk monitor (triggers, margin call, stop-out, on every quote) and the account pushes (through the bus).
 * This class wires them and is what the rest of the server calls.
 */
export class TradingEngine {
  // Rebuilt from scratch each time this node becomes the engine leader (issue 19 point 2).
  private book!: LiveBook;
  private settlement!: Settlement;
  private risk!: RiskMonitor;
  private pushes!: AccountPushes;
  private rollover!: SwapRollover;
  private alerts!: AlertLevels;
  /** The alerts module's side of price alerts (issue 20 point 7), set once at wiring time (`useAlerts`). */
  private alertHooks: EngineAlerts | undefined;
  lookup!: QuoteLookup;
  /** This node runs the engine now: quotes fire triggers and risk only then. */
  private active = false;
  private listening = false;

  /** Every committed client fill, told after its commit (hedging listens; see engine-fills.ts). */
  readonly fills: FillListeners;
  /** The engine's copy-trading SQL (issue 34). */
  private readonly copies: CopyingRepository;

  constructor(private readonly d: EngineDeps) {
    this.fills = new FillListeners(d.log);
    this.copies = new CopyingRepository(d.db, d.repo.kind);
    this.build();
  }

  private build(): void {
    const d = this.d;
    this.book = new LiveBook(d);
    this.pushes = new AccountPushes(this.book, d.bus, d.notifier, d.notices, d.figuresPushed);
    this.pushes.useCopyNotices(this.copyNotices);
    this.settlement = new Settlement(this.book, {
      ...d,
      pushes: this.pushes,
      fills: this.fills,
      copies: this.copies,
      roster: () => this.roster,
    });
    const alerts = new AlertLevels(this.book, d.log, () => this.alertHooks);
    this.alerts = alerts;
    this.risk = new RiskMonitor(this.book, this.settlement, this.pushes, { ...d, alert: (t, q) => alerts.fired(t, q) });
    this.rollover = new SwapRollover(this.book, d);
    this.lookup = this.book.lookup;
  }

  // Start and stop

  /**
   * Loads the instruments and rebuilds the book from the database (start, or engine failover: a node that led before
   * starts from an empty book again), then listens.
   */
  async start(instruments: readonly Instrument[], terms: (i: Instrument) => TradingTerms): Promise<void> {
    if (this.listening) this.build();
    await this.book.load(instruments, terms);
    await this.settlement.copying.load();
    await this.alerts.load();
    if (!this.listening) {
      this.listening = true;
      this.d.market.onQuote((code, q) => {
        if (this.active) this.onQuote(code, q);
      });
      this.d.market.onInstrumentsChanged((added) => {
        this.book.addInstruments(added, terms);
        this.book.refreshTerms(terms);
      });
    }
    this.pushes.start();
    // Overnight financing (issue 20): the rollovers missed while no node led are charged before any order is taken.
    await this.rollover.start();
    // Pending orders' expiry (issue 20): checked every second against the engine's clock.
    this.expiryTimer = setInterval(() => void this.expireDue(), 1000);
    this.expiryTimer.unref();
    this.active = true;
  }

  private expiryTimer: NodeJS.Timeout | undefined;

  /**
   * Cancels the pending orders whose expiry has passed (ClosedType 6), margin and fee back to the cash. Runs every
   * second; tests call it after moving their clock. Resolves with the ids cancelled.
   */
  async expireDue(now = this.d.clock.now()): Promise<number[]> {
    const due = [...this.book.expiring].filter((o) => !o.busy && expired(o.expireAt, now));
    const done = await Promise.all(
      due.map((o) =>
        this.settlement.cancel(o, CLOSED_BY_EXPIRY).catch((err: unknown) => {
          this.d.log.error({ err, orderId: o.id }, 'pending expiry failed');
          return false;
        }),
      ),
    );
    return due.filter((_, i) => done[i]).map((o) => o.id);
  }

  /**
   * Charges the swaps of every 17:00 New York rollover due at `now` not charged yet (see SwapRollover); resolves with
   * the positions charged. Runs by itself every second; tests call it after moving their clock.
   */
  rolloverDue(now = this.d.clock.now()): Promise<number> {
    return this.rollover.due(now);
  }

  async stop(): Promise<void> {
    this.active = false;
    this.rollover.stop();
    if (this.expiryTimer) clearInterval(this.expiryTimer);
    this.pushes.stop();
    await this.d.writer.idle();
  }

  /** Whether this node runs the engine now (its book is loaded and quotes fire its triggers). */
  get running(): boolean {
    return this.active;
  }

  /** Resolves once every queued order change is committed (tests, shutdown). */
  idle(): Promise<void> {
    if (this.risk.pending) this.risk.checkSuspects();
    return this.d.writer.idle();
  }

  /** Group-commit figures: transactions committed and jobs in them. */
  writerStats(): { batches: number; jobs: number; retries: number } {
    return { ...this.d.writer.stats };
  }

  /** Re-reads settings (fee type, margin-call and stop-out levels); called by the service before each order. */
  refreshSettings(s: EngineSettings): void {
    this.book.settings = s;
  }

  // The book and its figures

  instrument(id: number): EngineInstrument | undefined {
    return this.book.instrument(id);
  }

  order(id: number): LiveOrder | undefined {
    return this.book.order(id);
  }

  account(userId: number): LiveAccount | undefined {
    return this.book.account(userId);
  }

  get openOrderCount(): number {
    return this.book.openOrderCount;
  }

  accountFor(userId: number, demo: boolean): Promise<LiveAccount> {
    return this.book.accountFor(userId, demo);
  }

  /** Follows a committed ledger movement (subscribed once in app.ts; see LiveBook.cashMoved). */
  cashMoved(m: UserMovement): void {
    this.book.cashMoved(m);
  }

  /**
   * A user's cash moved in a transaction committed on another node (issue 19: a deposit, withdrawal or adjustment
   * made where the engine does not run): the book re-reads the stored balance, inside the writer's queue so it lands
   * in order with the engine's own movements (a stale sum would skew margin levels and stop-outs). An account not in
   * memory is read from the database when first needed anyway.
   */
  async refreshCash(userId: number): Promise<void> {
    if (!this.book.account(userId)) return;
    const book = this.book;
    await this.d.writer.run(
      async (trx) => {
        const cash = await this.d.ledger.balance(trx, userId, 'cash');
        const credit = await this.d.ledger.balance(trx, userId, 'credit');
        afterCommit(trx, () => book.cashStored(userId, cash, credit));
      },
      { checksFirst: true },
    );
  }

  rate(inst: EngineInstrument, pricePoints: number): Rate | undefined {
    return this.book.rate(inst, pricePoints);
  }

  floatingQuote(inst: EngineInstrument): { bid: number; ask: number } | undefined {
    return this.book.floatingQuote(inst);
  }

  /** The quote a trader sees and fills at: the published one with their account type's markup (DESIGN §16). */
  ownQuote(userId: number, inst: EngineInstrument): { bid: number; ask: number } | undefined {
    return this.book.ownQuote(userId, inst.row.code);
  }

  /** The terms of a trader's account type (today's default for an account not in memory yet). */
  termsOf(userId: number): AccountTerms {
    return this.book.termsOf(userId);
  }

  /** Re-applies account types after a change: all accounts, or those users' (their stored type re-read first). */
  retype(userIds?: readonly number[]): Promise<void> {
    return this.book.retype(userIds);
  }

  marketOpen(inst: EngineInstrument, now = this.d.clock.now()): boolean {
    return this.book.marketOpen(inst, now);
  }

  tradable(inst: EngineInstrument, now = this.d.clock.now()): boolean {
    return this.book.tradable(inst, now);
  }

  /** Why the instrument cannot trade now, or null (see LiveBook.refusal). */
  refusal(inst: EngineInstrument, now = this.d.clock.now()): TradingRefusal | null {
    return this.book.refusal(inst, now);
  }

  floating(o: LiveOrder): { price: number; profit: Micros } {
    return this.book.floating(o);
  }

  /** Real accounts at or below proposed margin-call and stop-out levels now (see LiveBook.levelImpact). */
  levelImpact(levels: { marginCall?: number | undefined; stopOut?: number | undefined; typeId?: number | undefined }) {
    return this.book.levelImpact(levels);
  }

  figures(userId: number, cash?: Micros, credit?: Micros) {
    return this.book.figures(userId, cash, credit);
  }

  /**
   * The pre-trade snapshot: whether the instrument trades, its quote, the entry price and its USD rate, and whether
   * the account is in margin call, read together for one order's checks. `orderPrice` is 0 for a market order.
   */
  preTrade(userId: number, inst: EngineInstrument, side: Side, orderPrice: number, now = this.d.clock.now()): PreTrade {
    const refusal = this.book.refusal(inst, now);
    const q = this.book.ownQuote(userId, inst.row.code);
    if (refusal || !q) return { refusal: refusal ?? 'err.quote_stale' };
    const quote: ReceiptQuote = {
      bid: q.bid,
      ask: q.ask,
      time: q.time,
      sourceBid: q.sourceBid,
      sourceAsk: q.sourceAsk,
      source: q.source,
    };
    const entry = orderPrice > 0 ? orderPrice : fillPrice(side, quote);
    return {
      refusal: null,
      quote,
      entry,
      rate: this.book.rate(inst, entry),
      marginCall: this.risk.inMarginCall(userId),
    };
  }

  // Orders (settlement)

  place(input: Parameters<Settlement['place']>[0]): Promise<LiveOrder> {
    return this.settlement.place(input);
  }

  /** Closes at the market; `within` writes inside the close's own transaction (the back office's audit record). */
  close(o: LiveOrder, closedType: number, within?: CloseHook): Promise<SettledOrder | undefined> {
    return this.settlement.close(o, closedType, within);
  }

  /** The house's exposure per instrument over real accounts, at the current quotes (the risk page). */
  houseExposure() {
    return this.book.house.figures((inst) => this.book.exposurePrices(inst));
  }

  /** The real clients' net lots in an instrument (long − short, LOT_SCALE units), from the live book (hedging). */
  clientNetLots(instrumentId: number): bigint {
    return this.book.house.netLots(instrumentId);
  }

  /** Every account the engine holds in memory (the risk page walks the real ones). */
  allAccounts(): IterableIterator<LiveAccount> {
    return this.book.allAccounts();
  }

  cancel(o: LiveOrder, closedType?: number): Promise<boolean> {
    return this.settlement.cancel(o, closedType);
  }

  setStops(o: LiveOrder, stopLoss: number, takeProfit: number, trailing?: number, within?: StopsHook): Promise<boolean> {
    return this.settlement.setStops(o, stopLoss, takeProfit, trailing, within);
  }

  /** Closes `part` lots of a position (see Settlement.closePart). */
  closePart(o: LiveOrder, part: Lots, closedType: number, within?: CloseHook): Promise<PartClosed | undefined> {
    return this.settlement.closePart(o, part, closedType, within);
  }

  /** Moves a pending order's price with its margin and fee (see Settlement.reprice). */
  reprice(o: LiveOrder, next: Parameters<Settlement['reprice']>[1]): Promise<boolean> {
    return this.settlement.reprice(o, next);
  }

  resetDemo(userId: number): Promise<void> {
    return this.settlement.resetDemo(userId);
  }

  // Price alerts (issue 20 point 7)

  /** Plugs in the alerts module (before `start`, which loads the active alerts into the books). */
  useAlerts(hooks: EngineAlerts): void {
    this.alertHooks = hooks;
  }

  /** Watches an alert's level from the next tick on (after its creation committed); false for an unknown instrument. */
  armAlert(alert: AlertLevel): boolean {
    return this.alerts.arm(alert);
  }

  /** Stops watching an alert (after its deletion committed). */
  disarmAlert(id: number): void {
    this.alerts.disarm(id);
  }

  /** Whether an alert's level is in the books (tests). */
  watchesAlert(id: number): boolean {
    return this.alerts.has(id);
  }

  /**
   * Runs a write in the engine's writer (group commit, and on PostgreSQL the leader's fencing check first): a leader
   * that lost its lease writes nothing, so an alert created or fired there cannot be missed by the new leader's
   * rebuild or fired by two leaders. `checksFirst` as TradeWriter.run.
   */
  runFenced<T>(job: (trx: Tx) => Promise<T>): Promise<T> {
    return this.d.writer.run(job, { checksFirst: true });
  }

  // Copy trading (issue 34, DESIGN §18)

  private roster: CopyRoster | undefined;
  /** Kept for the pushes of a book rebuilt at a new leadership. */
  private copyNotices: CopyNotices | undefined;

  /**
   * Plugs in the copy module's roster (before `start`): a provider's fills are copied to its followers from then on,
   * and each copy or skip is handed to `notices` after the commit (the followers' in-app notices).
   */
  useCopying(roster: CopyRoster, notices?: CopyNotices): void {
    this.roster = roster;
    this.copyNotices = notices;
    this.pushes.useCopyNotices(notices);
  }

  /** A copy account's equity now (cash, credit and floating P/L), undefined when the engine does not hold it yet. */
  copyEquity(accountUserId: number): Micros | undefined {
    if (!this.book.account(accountUserId)) return undefined;
    return this.book.figures(accountUserId).equity;
  }

  /**
   * Closes every open copy of a copy account at the market (its own quote) in one transaction of the engine's writer,
   * and runs `within` in that same transaction (an unfollow's fee and the money's way back). Resolves once committed.
   * The copies are marked busy first, so a provider's close racing this one settles each copy exactly once; refused
   * (`refuse`, nothing written) while one of its instruments cannot trade. See Copying.closeAccount.
   */
  closeCopyAccount(accountUserId: number, within: CopyAccountHook): Promise<void> {
    return this.settlement.copying.closeAccount(accountUserId, within);
  }

  /** Whether a provider position's copies are open, and which (tests, the copy module's views). */
  copiesOf(providerOrderId: number): readonly LiveOrder[] {
    return this.book.copiesOf(providerOrderId);
  }

  // Risk and pushes

  /** Every accepted quote: triggers, then the re-margining of the exposed accounts (RiskMonitor). */
  onQuote(code: string, q: Quote): void {
    this.risk.onQuote(code, q);
  }

  checkSuspects(): void {
    this.risk.checkSuspects();
  }

  inMarginCall(userId: number): boolean {
    return this.risk.inMarginCall(userId);
  }

  stopOut(acc: LiveAccount): Promise<void> {
    return this.risk.stopOut(acc);
  }

  floatingEstimate(acc: LiveAccount): number {
    return this.book.floatingEstimate(acc);
  }

  levelEstimate(acc: LiveAccount): number {
    return this.book.levelEstimate(acc);
  }

  pushFigures(): void {
    this.pushes.pushFigures();
  }
}
