import { CLOSED_BY_STOP_LOSS, CLOSED_BY_TAKE_PROFIT, STATUS_CLOSED, STATUS_HOLDING } from '@tradepad/contracts';
import {
  ZERO,
  closePrice,
  commissionFor,
  lots as toLots,
  micros,
  microsToStorage,
  profitLoss,
  splitProRata,
  type Lots,
  type Micros,
} from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { Tx } from '../../db/database.ts';
import { commissionCharged, orderClosed, writeOff } from '../ledger/ledger-entries.ts';
import type { JournalEntry } from '../ledger/ledger.repository.ts';
import { closeFillKind, fillOf } from './engine-fills.ts';
import { recordFillNotice } from './fill-notice.ts';
import { setMargin, type LiveBook, type LiveOrder } from './live-book.ts';
import type { SettlementDeps } from './settlement.ts';
import type { CopyCloser, Copying, PartWritten } from './copying.ts';
import type { NewOrderRow } from './trading.repository.ts';

/** What a settlement did, for the caller and the websocket. */
export interface SettledOrder {
  order: LiveOrder;
  exitPrice: number;
  profit: Micros;
  closedType: number;
}

/** What a partial close did: the closed part's new History row, its exit price and P/L. */
export interface PartClosed {
  partId: number;
  exitPrice: number;
  profit: Micros;
}

/**
 * Written inside a close's transaction once its compare-and-set succeeded, with the exit price and P/L (the back
 * office's audit record commits with the close, or neither does).
 */
export type CloseHook = (
  trx: Tx,
  settled: { exitPrice: number; profit: Micros; at: number; /** A partial close's new History row. */ partId?: number },
) => Promise<void>;

/**
 * Closing a holding order, whole or in part, exactly once, and the house's write-off of a cash the close left below
 * zero (negative balance protection). The stop-out closes several orders in one transaction through `closeIn` and
 * `writeOffIn`.
 */
export class Closing implements CopyCloser {
  constructor(
    private readonly book: LiveBook,
    private readonly d: Pick<SettlementDeps, 'repo' | 'ledger' | 'writer' | 'pushes' | 'clock' | 'fills'>,
    private readonly copying: Copying,
  ) {}

  /** Closes a holding order at the current closing price (a user's close, a trigger, the back office). */
  async close(o: LiveOrder, closedType: number, within?: CloseHook): Promise<SettledOrder | undefined> {
    const q = this.book.ownQuote(o.userId, o.inst.row.code);
    if (!q) throw refuse('err.quote_stale');
    return this.settle(o, closedType, closePrice(o.side, q), within);
  }

  /**
   * Closes `part` lots of a holding position (already checked against its size and step): the position keeps its id
   * with the rest, the part becomes a closed History row with `parent_id`, with its pro-rata share of the margin and
   * fee; the margin share comes back with the part's P/L (orderClosed, referring to the part), and a negative cash is
   * written off. Undefined when another path settled or changed the position first.
   */
  async closePart(o: LiveOrder, part: Lots, closedType: number, within?: CloseHook): Promise<PartClosed | undefined> {
    if (o.busy || o.status !== STATUS_HOLDING) return undefined;
    const q = this.book.ownQuote(o.userId, o.inst.row.code);
    if (!q) throw refuse('err.quote_stale');
    o.busy = true;
    // Its copies close their shares in the same transaction (issue 34), held busy meanwhile.
    const held = this.copying.hold(o);
    try {
      const exitPrice = closePrice(o.side, q);
      const rate = this.book.rate(o.inst, exitPrice);
      if (!rate) throw refuse('err.quote_stale');
      const profit = profitLoss(o.inst.terms, o.side, part, o.openPrice, exitPrice, rate);
      const now = this.d.clock.now();
      const written = await this.d.writer.run(async (trx) => {
        const done = await this.partIn(trx, o, part, closedType, exitPrice, profit, now);
        if (!done) return undefined;
        await this.copying.partsIn(trx, o, part, closedType, exitPrice, now, held);
        if (within) await within(trx, { exitPrice, profit, at: now, partId: done.partId });
        return done;
      });
      if (written === undefined) return undefined;
      this.afterPart(o, part, written);
      this.d.pushes.closed(o.userId, [written.partId], closedType);
      this.d.fills?.emit(fillOf(o, 'partial_close', exitPrice, part, written.partId));
      return { partId: written.partId, exitPrice, profit };
    } finally {
      o.busy = false;
      this.copying.release(held);
    }
  }

  /**
   * Writes a partial close inside the caller's transaction: compare-and-set on the position's status and size, the
   * part's History row with its pro-rata margin, fee and stored swap, the margin share back with the part's P/L, the
   * commission on the part, a write-off if the cash may have gone below zero. Undefined when another path settled or
   * changed the position first.
   */
  async partIn(
    trx: Tx,
    o: LiveOrder,
    part: Lots,
    closedType: number,
    exitPrice: number,
    profit: Micros,
    now: number,
  ): Promise<PartWritten | undefined> {
    const margin = splitProRata(o.margin, part, o.lots);
    const fee = splitProRata(o.fee, part, o.lots);
    const rest = toLots(o.lots - part);
    const acc = this.book.account(o.userId);
    // The account type's commission on the part closed (DESIGN §16), charged with the close.
    const commission = commissionFor(part, this.book.termsOf(o.userId).commissionPerLot);
    const partRow: NewOrderRow = {
      user_id: o.userId,
      is_demo: o.demo ? 1 : 0,
      instrument_id: o.inst.row.id,
      side: o.side,
      status: STATUS_CLOSED,
      kind: o.kind,
      lots: Number(part),
      leverage: o.leverage,
      order_price: o.orderPrice,
      open_price: o.openPrice,
      close_price: exitPrice,
      stop_loss: o.stopLoss,
      take_profit: o.takeProfit,
      margin: microsToStorage(margin.part),
      fee: microsToStorage(fee.part),
      profit: microsToStorage(profit),
      closed_type: closedType,
      created_at: o.createdAt,
      opened_at: o.openedAt,
      closed_at: now,
      trailing_distance: 0,
      expire_at: 0,
      swap: 0,
      parent_id: o.id,
      receipt: o.receipt,
      commission: microsToStorage(commission),
      stop_limit_price: o.stopLimitPrice,
      copy_of: o.copyOf,
    };
    // Compare-and-set on the status and the size: a close or another partial close racing this one wins or loses whole.
    const shrunk = await this.d.repo.shrink(trx, o.id, Number(o.lots), {
      lots: Number(rest),
      margin: microsToStorage(margin.rest),
      fee: microsToStorage(fee.rest),
    });
    if (!shrunk) return undefined;
    // The accrued swap as stored, split like the margin: the part settles its share, the rest keeps the remainder.
    const stored = micros(shrunk.swap);
    const swap = stored === 0n ? { part: ZERO, rest: ZERO } : splitProRata(stored, part, o.lots);
    if (stored !== 0n) await this.d.repo.setSwap(trx, o.id, microsToStorage(swap.rest));
    const partId = await this.d.repo.insertOrder(trx, { ...partRow, swap: microsToStorage(swap.part) });
    const who = { orderId: partId, userId: o.userId, demo: o.demo, at: now };
    await this.d.ledger.postAll(trx, [
      orderClosed({ ...who, margin: margin.part, profit, swap: swap.part }),
      commissionCharged({ ...who, amount: commission }),
    ]);
    // The part's share of the accrued swap is known once the stored swap is read; a charge is ≤ 0 mostly.
    if (!acc || acc.cash + margin.part + profit + swap.part - commission < 0n)
      await this.writeOffIn(trx, o.userId, o.demo, now, partId);
    return { partId, rest, margin, fee, swap, commission };
  }

  /** A committed partial close in the book: the position's size, margin, fee and swap, and its account's margin. */
  afterPart(o: LiveOrder, _part: Lots, w: PartWritten): void {
    this.book.resize(o, w.rest, w.margin.rest, w.fee.rest, w.swap.rest);
    const after = this.book.account(o.userId);
    if (after) setMargin(after, micros(after.margin - w.margin.part));
  }

  /**
   * Settles a holding order at `exitPrice` exactly once: CAS holding → closed, then the ledger entry (margin back,
   * P/L from or to the house), in one transaction. When the close leaves the cash negative, the house writes the
   * difference off at once, even if other positions stay open: the cash never stays below zero (negative balance
   * protection). Undefined when another path settled it first.
   */
  async settle(o: LiveOrder, closedType: number, exitPrice: number, within?: CloseHook): Promise<SettledOrder | undefined> {
    if (o.busy) return undefined;
    o.busy = true;
    try {
      const profit = this.book.profitAt(o, exitPrice);
      if (profit === undefined) throw refuse('err.quote_stale');
      const now = this.d.clock.now();
      const acc = this.book.account(o.userId);
      const result = await this.d.writer.run(async (trx) => {
        const closed = await this.closeIn(trx, o, closedType, exitPrice, profit, now);
        if (!closed) return undefined;
        // Negative balance protection: a close that would leave the cash below zero is followed by a write-off.
        if (!acc || acc.cash + o.margin + profit + closed.swap - closed.commission < 0n)
          await this.writeOffIn(trx, o.userId, o.demo, now, o.id);
        // A stop-loss, trailing stop or take-profit: the trader is told, in the same transaction (issue 21).
        if (closedType === CLOSED_BY_STOP_LOSS || closedType === CLOSED_BY_TAKE_PROFIT) {
          const trigger =
            closedType === CLOSED_BY_TAKE_PROFIT ? 'take_profit' : o.trailingDistance > 0 ? 'trailing' : 'stop_loss';
          await recordFillNotice(this.d.pushes, trx, o, trigger, exitPrice, profit);
        }
        if (within) await within(trx, { exitPrice, profit, at: now });
        return true;
      });
      if (!result) return undefined;
      this.afterClose(o);
      this.d.pushes.closed(o.userId, [o.id], closedType);
      this.d.fills?.emit(fillOf(o, closeFillKind(closedType), exitPrice));
      return { order: o, exitPrice, profit, closedType };
    } finally {
      o.busy = false;
      // Still open (the close was refused or lost a race it should not have): its stops fire again on the next tick.
      if (this.book.orders.has(o.id)) this.book.arm(o);
    }
  }

  /**
   * Closes a holding order inside the caller's transaction: its margin and P/L back to the cash with the swap accrued
   * on it as stored (read in the closing statement itself). Answers that swap, or undefined when it was no longer
   * holding.
   */
  async closeIn(
    trx: Tx,
    o: LiveOrder,
    closedType: number,
    exitPrice: number,
    profit: Micros,
    now: number,
  ): Promise<{ swap: Micros; commission: Micros } | undefined> {
    const [closed] = await this.closeManyIn(trx, [{ o, exitPrice, profit }], closedType, now);
    if (!closed) return undefined;
    // Its copies close with it, in this transaction, at its price (issue 34): whatever closed it.
    if (o.copyOf === 0) await this.copying.closesIn(trx, o, closedType, exitPrice, now);
    return closed;
  }

  /**
   * Closes holding orders inside the caller's transaction, each by its own compare-and-set, their ledger entries
   * written together (a provider's close takes all its copies: a few statements for a thousand entries). Answers those
   * it closed, each with the swap it settled and its closing commission; an order no longer holding is left out.
   */
  async closeManyIn(
    trx: Tx,
    items: ReadonlyArray<{ o: LiveOrder; exitPrice: number; profit: Micros }>,
    closedType: number,
    now: number,
  ): Promise<Array<{ o: LiveOrder; swap: Micros; commission: Micros }>> {
    const done: Array<{ o: LiveOrder; swap: Micros; commission: Micros }> = [];
    const entries: JournalEntry[] = [];
    // The closing side of the account type's commission (DESIGN §16): its own entry, in this transaction.
    const commissions = items.map(({ o }) => commissionFor(o.lots, this.book.termsOf(o.userId).commissionPerLot));
    const swaps = await this.d.repo.closeHoldings(
      trx,
      items.map(({ o, exitPrice, profit }, i) => ({
        id: o.id,
        close_price: exitPrice,
        profit: microsToStorage(profit),
        commission: microsToStorage(commissions[i]!),
      })),
      { status: STATUS_CLOSED, closed_type: closedType, closed_at: now },
    );
    items.forEach(({ o, profit }, i) => {
      const stored = swaps.get(o.id);
      if (stored === undefined) return;
      const swap = micros(stored);
      const commission = commissions[i]!;
      const who = { orderId: o.id, userId: o.userId, demo: o.demo, at: now };
      entries.push(orderClosed({ ...who, margin: o.margin, profit, swap }), commissionCharged({ ...who, amount: commission }));
      done.push({ o, swap, commission });
    });
    if (entries.length > 0) await this.d.ledger.postAll(trx, entries);
    return done;
  }

  /** If the cash is below zero, the house writes it off to zero (the entry refers to the order whose close did it). */
  async writeOffIn(trx: Tx, userId: number, demo: boolean, now: number, orderId: number): Promise<Micros> {
    const cash = await this.d.ledger.balance(trx, userId, 'cash');
    if (cash >= 0n) return ZERO;
    await this.d.ledger.post(trx, writeOff({ orderId, userId, demo, amount: micros(-cash), at: now }));
    return micros(-cash);
  }

  afterClose(o: LiveOrder): void {
    const acc = this.book.account(o.userId);
    if (acc) setMargin(acc, micros(acc.margin - o.margin));
    this.book.forget(o);
  }
}
