import {
  CLOSED_BY_STOP_LOSS,
  CLOSED_BY_TAKE_PROFIT,
  CLOSED_BY_USER,
  type FillTrigger,
  STATUS_CANCELLED,
  STATUS_CLOSED,
  STATUS_HOLDING,
  STATUS_PENDING,
} from '@tradepad/contracts';
import {
  ZERO,
  closePrice,
  formatLots,
  formatMoney,
  lots as toLots,
  profitLoss,
  splitProRata,
  trailedStop,
  type Lots,
  deviationCheck,
  freeMargin,
  marginShortfall,
  micros,
  microsToStorage,
  parseMoney,
  pointsToPrice,
  type Micros,
  type Side,
} from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { Tx } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { demoReset, orderCancelled, orderClosed, orderOpened, pendingRepriced, writeOff } from '../ledger/ledger-entries.ts';
import type { JournalEntry, LedgerRepository } from '../ledger/ledger.repository.ts';
import type { AccountPushes } from './account-pushes.ts';
import { liveOrder, setMargin, type LiveBook, type LiveOrder } from './live-book.ts';
import { receiptText } from './receipt.ts';
import type { GroupOutcome, JobGroup, JobOptions, TradeWriter } from './trade-writer.ts';
import type { NewOrderRow, TradingRepository } from './trading.repository.ts';

export interface SettlementDeps {
  repo: TradingRepository;
  ledger: LedgerRepository;
  writer: TradeWriter;
  pushes: AccountPushes;
  clock: Clock;
  /** The start balance a demo reset restores: fixed, or read at each reset (the run-time setting). */
  demoStartBalance: string | (() => Promise<string>);
}

/** What a settlement did, for the caller and the websocket. */
export interface SettledOrder {
  order: LiveOrder;
  exitPrice: number;
  profit: Micros;
  closedType: number;
}

/** What a market fill's receipt is made of besides the fill price: the quote it filled on and the request's start. */
export interface ReceiptSource {
  bid: number;
  ask: number;
  /** The quote's time, unix ms. */
  time: number;
  /** `performance.now()` when the request arrived. */
  receivedAt: number;
}

/** What a partial close did: the closed part's new History row, its exit price and P/L. */
export interface PartClosed {
  partId: number;
  exitPrice: number;
  profit: Micros;
}

/** The price a trader saw and the adverse move they accept, both in points (DESIGN §12 `price_seen`, `deviation`). */
export interface PriceSeen {
  readonly price: number;
  readonly deviation: number;
}

/** Refuses a market fill at `fillPoints` worse than the price seen by more than the deviation, naming both prices. */
function refuseIfMoved(precision: number, side: Side, fillPoints: number, seen: PriceSeen): void {
  if (deviationCheck(side, fillPoints, seen.price, seen.deviation) === 'ok') return;
  const text = (points: number) => pointsToPrice(points, precision).toFixed(precision);
  throw refuse('err.price_moved', {
    price: text(fillPoints),
    seen: text(seen.price),
    deviation: String(seen.deviation),
  });
}

/**
 * Written inside a close's transaction once its compare-and-set succeeded, with the exit price and P/L (the back
 * office's audit record commits with the close, or neither does).
 */
export type CloseHook = (trx: Tx, settled: { exitPrice: number; profit: Micros; at: number }) => Promise<void>;

/** A job that checks everything before it writes (see JobOptions): no savepoint of its own. */
const PLACE_JOB: JobOptions = { checksFirst: true };

/** An order to open or place, as the writer's placement group takes it. */
interface Placing {
  userId: number;
  demo: boolean;
  /** The floating P/L the free-margin check counts (estimated outside the transaction, as the order's margin is). */
  floating: Micros;
  margin: Micros;
  fee: Micros;
  row: NewOrderRow;
  at: number;
  /** Completes the row just before it is written, once accepted (a market fill's receipt: its latency ends here). */
  beforeWrite?: () => void;
}

/**
 * New orders written together (a JobGroup of the TradeWriter): the cash of every trader in the run is read and locked
 * in one statement, each order is checked in arrival order against its trader's cash less what the run's earlier
 * orders took, and the accepted orders and their ledger entries are written with a few multi-row statements. A refused
 * order writes nothing; on PostgreSQL a run of orders costs about five round trips instead of five per order.
 */
class Placement implements JobGroup<Placing, number> {
  constructor(private readonly d: Pick<SettlementDeps, 'repo' | 'ledger'>) {}

  async run(trx: Tx, items: readonly Placing[]): Promise<Array<GroupOutcome<number>>> {
    const cash = await this.d.ledger.lockBalances(
      trx,
      items.map((p) => p.userId),
      'cash',
    );
    const accepted: Placing[] = [];
    const refused = new Map<Placing, GroupOutcome<number>>();
    for (const p of items) {
      const balance = cash.get(p.userId) ?? ZERO;
      // Margin and fee come out of the cash, and a floating loss already spends part of it (free margin).
      if (marginShortfall(freeMargin({ balance, floating: p.floating }), p.margin, p.fee) > 0n) {
        refused.set(p, { ok: false, err: refuse('err.insufficient_margin') });
        continue;
      }
      // What this order's entry takes from the cash, for the run's next orders of the same trader.
      cash.set(p.userId, micros(balance + cashMoved(opened(p, 0), p.userId)));
      accepted.push(p);
    }
    // Writes only from here on, and no refusal after them.
    for (const p of accepted) p.beforeWrite?.();
    const ids = await this.d.repo.insertOrders(
      trx,
      accepted.map((p) => p.row),
    );
    await this.d.ledger.postAll(
      trx,
      accepted.map((p, i) => opened(p, ids[i]!)),
    );
    const id = new Map(accepted.map((p, i) => [p, ids[i]!]));
    return items.map((p) => refused.get(p) ?? { ok: true, value: id.get(p)! });
  }
}

const opened = (p: Placing, orderId: number) =>
  orderOpened({ orderId, userId: p.userId, demo: p.demo, margin: p.margin, fee: p.fee, at: p.at });

/** The sum an entry moves on a user's cash account. */
const cashMoved = (entry: JournalEntry, userId: number): bigint =>
  entry.postings.reduce(
    (sum, p) => ('user' in p.account && p.account.user === userId && p.account.kind === 'cash' ? sum + p.amount : sum),
    0n,
  );

/**
 * Settlement (DESIGN §5, §6): every change of an order is one job of the TradeWriter, a compare-and-set on the
 * order's status and its ledger entry (ledger-entries.ts) in the same transaction. The book changes only after the
 * commit, so a user close, a trigger and a stop-out racing for the same order settle it exactly once: the first
 * commit wins, the others find the status changed. The cash in memory follows the committed entries through the
 * ledger's movement listener (LiveBook.cashMoved); the margin, held only by orders, is moved here.
 *
 * The `…In` methods write inside a caller's transaction (the stop-out runs several in one); the `after…` methods
 * apply a committed change to the book.
 */
export class Settlement {
  private readonly placement: Placement;

  constructor(
    private readonly book: LiveBook,
    private readonly d: SettlementDeps,
  ) {
    this.placement = new Placement(d);
  }

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
      | 'trailingDistance'
      | 'expireAt'
    > & { seen?: PriceSeen | undefined; receipt?: ReceiptSource | undefined },
  ): Promise<LiveOrder> {
    const holding = input.kind === 'market';
    // The fill price is the open price: a market order never fills worse than the trader saw, beyond the deviation.
    if (holding && input.seen) refuseIfMoved(input.inst.row.precision, input.side, input.openPrice, input.seen);
    const acc = await this.book.accountFor(input.userId, input.demo);
    const now = this.d.clock.now();
    // The free-margin check needs the floating P/L exactly only when a loss could make the difference.
    const estimate = this.book.floatingEstimate(acc);
    const cost0 = Number(input.margin + input.fee);
    const floating =
      estimate >= 0 || Number(acc.cash) + estimate - cost0 > Math.abs(estimate) * 0.01 + 1e6
        ? ZERO
        : this.book.figures(input.userId).floating;
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
      trailing_distance: input.trailingDistance,
      expire_at: holding ? 0 : input.expireAt,
      swap: 0,
      parent_id: 0,
      receipt: null,
    };
    // The receipt of a market fill: its latency runs to the transaction where the fill is written.
    const r = input.receipt;
    const beforeWrite =
      holding && r
        ? () => {
            row.receipt = receiptText({
              bid: r.bid,
              ask: r.ask,
              time: r.time,
              fill: input.openPrice,
              seen: input.seen?.price ?? 0,
              latency: Math.round(performance.now() - r.receivedAt),
            });
          }
        : undefined;
    // Checked against the cash and written with the orders queued beside it (Placement).
    const id = await this.d.writer.runIn(this.placement, {
      userId: input.userId,
      demo: input.demo,
      floating,
      margin: input.margin,
      fee: input.fee,
      row,
      at: now,
      beforeWrite,
    });
    // The cash has followed the commit already (cashMoved).
    setMargin(acc, micros(acc.margin + input.margin));
    const order = liveOrder(input.inst, { id, ...row });
    this.book.remember(acc, order);
    return order;
  }

  /** Closes a holding order at the current closing price (a user's close, a trigger, the back office). */
  async close(o: LiveOrder, closedType: number, within?: CloseHook): Promise<SettledOrder | undefined> {
    const q = this.book.quote(o.inst.row.code);
    if (!q) throw refuse('err.quote_stale');
    return this.settle(o, closedType, closePrice(o.side, q), within);
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
      this.d.pushes.closed(o.userId, [o.id], closedType);
      return true;
    } finally {
      o.busy = false;
    }
  }

  async cancelIn(trx: Tx, o: LiveOrder, closedType: number, now: number): Promise<boolean> {
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

  afterCancel(o: LiveOrder): void {
    const acc = this.book.account(o.userId);
    if (acc) setMargin(acc, micros(acc.margin - o.margin));
    this.book.forget(o);
  }

  /**
   * Changes stop-loss, take-profit and the trailing distance (already validated against sides by the caller; the
   * stop-loss of a trailing stop already set behind the market).
   */
  async setStops(o: LiveOrder, stopLoss: number, takeProfit: number, trailing = o.trailingDistance): Promise<boolean> {
    if (o.busy) return false;
    const ok = await this.d.writer.run((trx) => this.d.repo.setStops(trx, o.id, stopLoss, takeProfit, trailing));
    if (!ok || !this.book.orders.has(o.id)) return false;
    o.stopLoss = stopLoss;
    o.takeProfit = takeProfit;
    o.trailingDistance = trailing;
    this.book.arm(o);
    return true;
  }

  /** Orders whose trailed stop is being written, and those moved again meanwhile (written once more after). */
  private readonly trailWrites = new Set<LiveOrder>();
  private readonly trailAgain = new Set<LiveOrder>();

  /**
   * A trailing stop's trigger fired (the market moved in the trader's favour): the stop follows at once in memory and
   * in the trigger book, and is written to the database, one write in flight per order (a move made meanwhile is
   * written right after), so a restart finds it where it was.
   */
  trail(o: LiveOrder, quote: { bid: number; ask: number }): void {
    if (o.status !== STATUS_HOLDING || o.trailingDistance <= 0) return;
    o.stopLoss = trailedStop(o.side, o.stopLoss, quote, o.trailingDistance);
    this.book.arm(o);
    this.writeTrail(o);
  }

  private writeTrail(o: LiveOrder): void {
    if (this.trailWrites.has(o)) {
      this.trailAgain.add(o);
      return;
    }
    this.trailWrites.add(o);
    void this.d.writer
      .run((trx) => this.d.repo.setStops(trx, o.id, o.stopLoss, o.takeProfit, o.trailingDistance))
      .catch(() => undefined)
      .finally(() => {
        this.trailWrites.delete(o);
        if (this.trailAgain.delete(o) && this.book.orders.has(o.id)) this.writeTrail(o);
      });
  }

  /**
   * Closes `part` lots of a holding position (already checked against its size and step): the position keeps its id
   * with the rest, the part becomes a closed History row with `parent_id`, with its pro-rata share of the margin and
   * fee; the margin share comes back with the part's P/L (orderClosed, referring to the part), and a negative cash is
   * written off. Undefined when another path settled or changed the position first.
   */
  async closePart(o: LiveOrder, part: Lots, closedType: number): Promise<PartClosed | undefined> {
    if (o.busy || o.status !== STATUS_HOLDING) return undefined;
    const q = this.book.quote(o.inst.row.code);
    if (!q) throw refuse('err.quote_stale');
    o.busy = true;
    try {
      const exitPrice = closePrice(o.side, q);
      const rate = this.book.rate(o.inst, exitPrice);
      if (!rate) throw refuse('err.quote_stale');
      const profit = profitLoss(o.inst.terms, o.side, part, o.openPrice, exitPrice, rate);
      const margin = splitProRata(o.margin, part, o.lots);
      const fee = splitProRata(o.fee, part, o.lots);
      const rest = toLots(o.lots - part);
      const now = this.d.clock.now();
      const acc = this.book.account(o.userId);
      // The part's share of the accrued swap is known once the stored swap is read (below); a charge is ≤ 0 mostly.
      const mayGoNegative = (swapPart: Micros) => !acc || acc.cash + margin.part + profit + swapPart < 0n;
      let swapSplit = { part: ZERO, rest: ZERO };
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
      };
      const partId = await this.d.writer.run(async (trx) => {
        // Compare-and-set on the status and the size: a close or another partial close racing this one wins or loses whole.
        const shrunk = await this.d.repo.shrink(trx, o.id, Number(o.lots), {
          lots: Number(rest),
          margin: microsToStorage(margin.rest),
          fee: microsToStorage(fee.rest),
        });
        if (!shrunk) return undefined;
        // The accrued swap as stored, split like the margin: the part settles its share, the rest keeps the remainder.
        const stored = micros(shrunk.swap);
        swapSplit = stored === 0n ? { part: ZERO, rest: ZERO } : splitProRata(stored, part, o.lots);
        if (stored !== 0n) await this.d.repo.setSwap(trx, o.id, microsToStorage(swapSplit.rest));
        const id = await this.d.repo.insertOrder(trx, { ...partRow, swap: microsToStorage(swapSplit.part) });
        await this.d.ledger.post(
          trx,
          orderClosed({
            orderId: id,
            userId: o.userId,
            demo: o.demo,
            margin: margin.part,
            profit,
            swap: swapSplit.part,
            at: now,
          }),
        );
        if (mayGoNegative(swapSplit.part)) await this.writeOffIn(trx, o.userId, o.demo, now, id);
        return id;
      });
      if (partId === undefined) return undefined;
      this.book.resize(o, rest, margin.rest, fee.rest, swapSplit.rest);
      const after = this.book.account(o.userId);
      if (after) setMargin(after, micros(after.margin - margin.part));
      this.d.pushes.closed(o.userId, [partId], closedType);
      return { partId, exitPrice, profit };
    } finally {
      o.busy = false;
    }
  }

  /**
   * Moves a pending order to a new price (validated by the caller, with its kind, stop-loss, margin and fee at that
   * price): the margin and fee differences move between the cash and the margin and fee accounts, refused when the
   * free margin cannot pay an increase. The order keeps its id. False when it was no longer pending at that price.
   */
  async reprice(
    o: LiveOrder,
    next: { price: number; kind: LiveOrder['kind']; stopLoss: number; margin: Micros; fee: Micros },
  ): Promise<boolean> {
    if (o.busy || o.status !== STATUS_PENDING) return false;
    o.busy = true;
    try {
      const acc = await this.book.accountFor(o.userId, o.demo);
      const marginDelta = micros(next.margin - o.margin);
      const feeDelta = micros(next.fee - o.fee);
      const floating = this.book.figures(o.userId).floating;
      const now = this.d.clock.now();
      const ok = await this.d.writer.run(async (trx) => {
        const cash = await this.d.ledger.lockBalance(trx, o.userId, 'cash');
        const cost = marginDelta + feeDelta;
        if (cost > 0n && freeMargin({ balance: cash, floating }) < cost) throw refuse('err.insufficient_margin');
        const moved = await this.d.repo.reprice(trx, o.id, o.orderPrice, {
          order_price: next.price,
          kind: next.kind,
          stop_loss: next.stopLoss,
          margin: microsToStorage(next.margin),
          fee: microsToStorage(next.fee),
        });
        if (!moved) return false;
        if (cost !== 0n || marginDelta !== 0n)
          await this.d.ledger.post(
            trx,
            pendingRepriced({ orderId: o.id, userId: o.userId, demo: o.demo, margin: marginDelta, fee: feeDelta, at: now }),
          );
        return true;
      }, PLACE_JOB);
      if (!ok) return false;
      o.orderPrice = next.price;
      o.kind = next.kind;
      o.stopLoss = next.stopLoss;
      o.margin = next.margin;
      o.fee = next.fee;
      setMargin(acc, micros(acc.margin + marginDelta));
      this.book.changed.add(acc);
      return true;
    } finally {
      o.busy = false;
      if (this.book.orders.has(o.id)) this.book.arm(o);
    }
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
        if (!acc || acc.cash + o.margin + profit + closed.swap < 0n) await this.writeOffIn(trx, o.userId, o.demo, now, o.id);
        // A stop-loss, trailing stop or take-profit: the trader is told, in the same transaction (issue 21).
        if (closedType === CLOSED_BY_STOP_LOSS || closedType === CLOSED_BY_TAKE_PROFIT) {
          const trigger =
            closedType === CLOSED_BY_TAKE_PROFIT ? 'take_profit' : o.trailingDistance > 0 ? 'trailing' : 'stop_loss';
          await this.fillNotice(trx, o, trigger, exitPrice, profit);
        }
        if (within) await within(trx, { exitPrice, profit, at: now });
        return true;
      });
      if (!result) return undefined;
      this.afterClose(o);
      this.d.pushes.closed(o.userId, [o.id], closedType);
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
  ): Promise<{ swap: Micros } | undefined> {
    const closed = await this.d.repo.closeHolding(trx, o.id, {
      status: STATUS_CLOSED,
      close_price: exitPrice,
      profit: microsToStorage(profit),
      closed_type: closedType,
      closed_at: now,
    });
    if (!closed) return undefined;
    const swap = micros(closed.swap);
    await this.d.ledger.post(
      trx,
      orderClosed({ orderId: o.id, userId: o.userId, demo: o.demo, margin: o.margin, profit, swap, at: now }),
    );
    return { swap };
  }

  /** The notice of a fill by a trigger (issue 21), written in the fill's transaction. */
  private fillNotice(trx: Tx, o: LiveOrder, trigger: FillTrigger, price: number, profit: Micros | undefined): Promise<void> {
    const precision = o.inst.row.precision;
    return this.d.pushes.notices.record(trx, o.userId, 'fill', {
      trigger,
      order_id: o.id,
      symbol: o.inst.row.code,
      side: o.side,
      lots: formatLots(o.lots),
      price: pointsToPrice(price, precision).toFixed(precision),
      profit: profit === undefined ? null : formatMoney(profit, 2),
    });
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

  /**
   * Fills a triggered pending order at the current market price (a limit's is at its level or better), with its
   * receipt: the triggering quote, the order's level as the price expected, the latency from the quote to the fill.
   * A trailing stop set on the pending order starts from the fill.
   */
  async fill(o: LiveOrder, price: number, quote?: { bid: number; ask: number; time: number }): Promise<void> {
    if (o.busy || o.status !== STATUS_PENDING) return;
    o.busy = true;
    try {
      const now = this.d.clock.now();
      const receipt = quote
        ? receiptText({
            bid: quote.bid,
            ask: quote.ask,
            time: quote.time,
            fill: price,
            seen: o.orderPrice,
            latency: Math.max(0, now - quote.time),
          })
        : null;
      const ok = await this.d.writer.run(async (trx) => {
        const done = await this.d.repo.transition(trx, o.id, STATUS_PENDING, {
          status: STATUS_HOLDING,
          open_price: price,
          opened_at: now,
          receipt,
        });
        if (done) await this.fillNotice(trx, o, 'pending', price, undefined);
        return done;
      });
      if (!ok) return;
      o.status = STATUS_HOLDING;
      o.openPrice = price;
      o.openedAt = now;
      o.receipt = receipt;
      this.book.expiring.delete(o);
      this.book.arm(o);
      const acc = this.book.account(o.userId);
      if (acc) {
        this.book.hold(acc, o, 1);
        this.book.changed.add(acc);
      }
    } finally {
      o.busy = false;
    }
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
            await this.cancelIn(trx, o, CLOSED_BY_USER, now);
            continue;
          }
          const q = this.book.quote(o.inst.row.code);
          const exit = q ? closePrice(o.side, q) : o.openPrice;
          const profit = this.book.profitAt(o, exit) ?? ZERO;
          await this.closeIn(trx, o, CLOSED_BY_USER, exit, profit, now);
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
