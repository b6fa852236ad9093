import { CLOSED_BY_USER, STATUS_PENDING } from '@tradepad/contracts';
import { ZERO, closePrice, micros, parseMoney, type Lots, type Micros } from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { Tx } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { demoReset } from '../ledger/ledger-entries.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { AccountPushes } from './account-pushes.ts';
import { Closing, type CloseHook, type PartClosed, type SettledOrder } from './closing.ts';
import { setMargin, type LiveBook, type LiveOrder } from './live-book.ts';
import { Opening, type NewOrder } from './opening.ts';
import type { ReceiptQuote } from './receipt.ts';
import { PendingOrders } from './pending-orders.ts';
import { Stops, type StopsHook } from './stops.ts';
import type { FillListeners } from './engine-fills.ts';
import type { TradeWriter } from './trade-writer.ts';
import type { FastifyBaseLogger } from 'fastify';
import { Copying } from './copying.ts';
import type { CopyRoster } from './copying-types.ts';
import type { CopyingRepository } from './copying.repository.ts';
import type { TradingRepository } from './trading.repository.ts';

export interface SettlementDeps {
  repo: TradingRepository;
  ledger: LedgerRepository;
  writer: TradeWriter;
  pushes: AccountPushes;
  clock: Clock;
  /** The start balance a demo reset restores: fixed, or read at each reset (the run-time setting). */
  demoStartBalance: string | (() => Promise<string>);
  /** Told of every committed client fill (hedging); none in the engine's unit tests. */
  fills?: FillListeners | undefined;
  /** Copy trading (issue 34): the engine's copy SQL and the copy module's roster, once plugged in. */
  copies: CopyingRepository;
  roster: () => CopyRoster | undefined;
  log?: Pick<FastifyBaseLogger, 'error'> | undefined;
}

/**
 * Settlement (DESIGN §5, §6): every change of an order is one job of the TradeWriter, a compare-and-set on the
 * order's status and its ledger entry (ledger-entries.ts) in the same transaction. The book changes only after the
 * commit, so a user close, a trigger and a stop-out racing for the same order settle it exactly once: the first
 * commit wins, the others find the status changed. The cash in memory follows the committed entries through the
 * ledger's movement listener (LiveBook.cashMoved); the margin, held only by orders, is moved here.
 *
 * The `…In` methods write inside a caller's transaction (the stop-out runs several in one); the `after…` methods
 * apply a committed change to the book.
 *
 * The jobs sit in their own rooms: opening and placing (opening.ts), closing and the write-off (closing.ts), a pending
 * order's cancel, move and fill (pending-orders.ts), and the stops (stops.ts); this class composes them and resets a
 * demo account, which cancels and closes through them in one transaction.
 */
export class Settlement {
  private readonly opening: Opening;
  private readonly closing: Closing;
  private readonly pending: PendingOrders;
  private readonly stops: Stops;
  /** Copy trading (issue 34): a provider's fills copied to its followers in the same transaction. */
  readonly copying: Copying;

  /** Told of every committed client fill (see SettlementDeps.fills). */
  readonly fills: FillListeners | undefined;

  constructor(
    private readonly book: LiveBook,
    private readonly d: SettlementDeps,
  ) {
    this.fills = d.fills;
    this.copying = new Copying(book, d, () => this.closing);
    this.opening = new Opening(book, d, this.copying);
    this.closing = new Closing(book, d, this.copying);
    this.pending = new PendingOrders(book, d, this.copying);
    this.stops = new Stops(book, d, this.copying);
  }

  /** Opens a market order or places a pending one (see Opening.place). */
  place(input: NewOrder): Promise<LiveOrder> {
    return this.opening.place(input);
  }

  /** Closes a holding order at the current closing price (a user's close, a trigger, the back office). */
  close(o: LiveOrder, closedType: number, within?: CloseHook): Promise<SettledOrder | undefined> {
    return this.closing.close(o, closedType, within);
  }

  /** Settles a holding order at `exitPrice` exactly once (see Closing.settle). */
  settle(o: LiveOrder, closedType: number, exitPrice: number, within?: CloseHook): Promise<SettledOrder | undefined> {
    return this.closing.settle(o, closedType, exitPrice, within);
  }

  /** Closes a holding order inside the caller's transaction (see Closing.closeIn). */
  closeIn(...args: Parameters<Closing['closeIn']>): ReturnType<Closing['closeIn']> {
    return this.closing.closeIn(...args);
  }

  afterClose(o: LiveOrder): void {
    this.closing.afterClose(o);
  }

  /** Closes `part` lots of a holding position (see Closing.closePart). */
  closePart(o: LiveOrder, part: Lots, closedType: number, within?: CloseHook): Promise<PartClosed | undefined> {
    return this.closing.closePart(o, part, closedType, within);
  }

  writeOffIn(trx: Tx, userId: number, demo: boolean, now: number, orderId: number): Promise<Micros> {
    return this.closing.writeOffIn(trx, userId, demo, now, orderId);
  }

  /** Cancels a pending order: margin and fee go back to the cash. False when it was no longer pending. */
  cancel(o: LiveOrder, closedType = CLOSED_BY_USER): Promise<boolean> {
    return this.pending.cancel(o, closedType);
  }

  cancelIn(trx: Tx, o: LiveOrder, closedType: number, now: number): Promise<boolean> {
    return this.pending.cancelIn(trx, o, closedType, now);
  }

  afterCancel(o: LiveOrder): void {
    this.pending.afterCancel(o);
  }

  /** Moves a pending order to a new price with its margin and fee (see PendingOrders.reprice). */
  reprice(o: LiveOrder, next: Parameters<PendingOrders['reprice']>[1]): Promise<boolean> {
    return this.pending.reprice(o, next);
  }

  /** Turns a stop limit whose stop triggered into its pending limit (see PendingOrders.activate). */
  activate(o: LiveOrder): Promise<boolean> {
    return this.pending.activate(o);
  }

  /** Fills a triggered pending order at the market (see PendingOrders.fill). */
  fill(o: LiveOrder, price: number, quote?: ReceiptQuote): Promise<void> {
    return this.pending.fill(o, price, quote);
  }

  /** Changes stop-loss, take-profit and the trailing distance (see Stops.setStops). */
  setStops(
    o: LiveOrder,
    stopLoss: number,
    takeProfit: number,
    trailing = o.trailingDistance,
    within?: StopsHook,
  ): Promise<boolean> {
    return this.stops.setStops(o, stopLoss, takeProfit, trailing, within);
  }

  /** A trailing stop's trigger fired: the stop follows the market (see Stops.trail). */
  trail(o: LiveOrder, quote: { bid: number; ask: number }): void {
    this.stops.trail(o, quote);
  }

  /** Resets a demo account: cancels and closes everything (at the last price), then restores the start balance. */
  async resetDemo(userId: number): Promise<void> {
    // Read first: nothing may wait between the busy check below and marking the orders busy.
    const startText = typeof this.d.demoStartBalance === 'string' ? this.d.demoStartBalance : await this.d.demoStartBalance();
    const acc = await this.book.accountFor(userId, true);
    const now = this.d.clock.now();
    const open = [...acc.orders.values()];
    if (open.some((o) => o.busy)) throw refuse('err.order_busy');
    for (const o of open) o.busy = true;
    try {
      await this.d.writer.run(async (trx) => {
        for (const o of open) {
          if (o.status === STATUS_PENDING) {
            await this.pending.cancelIn(trx, o, CLOSED_BY_USER, now);
            continue;
          }
          const q = this.book.ownQuote(o.userId, o.inst.row.code);
          const exit = q ? closePrice(o.side, q) : o.openPrice;
          const profit = this.book.profitAt(o, exit) ?? ZERO;
          await this.closing.closeIn(trx, o, CLOSED_BY_USER, exit, profit, now);
        }
        const start = parseMoney(startText);
        const cash = await this.d.ledger.balance(trx, userId, 'cash');
        const delta = micros(start - cash);
        await this.d.ledger.post(trx, demoReset({ userId, delta, at: now }));
      });
      for (const o of open) this.book.forget(o);
      // The cash has followed the committed entries (cashMoved) to the start balance.
      setMargin(acc, ZERO);
      acc.marginCall = false;
      if (open.length)
        this.d.pushes.closed(
          userId,
          open.map((o) => o.id),
          CLOSED_BY_USER,
        );
    } finally {
      for (const o of open) o.busy = false;
    }
  }
}
