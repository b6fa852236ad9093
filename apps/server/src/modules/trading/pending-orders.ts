import { CLOSED_BY_NO_MARGIN, CLOSED_BY_USER, STATUS_CANCELLED, STATUS_HOLDING, STATUS_PENDING } from '@tradepad/contracts';
import {
  ZERO,
  commissionFor,
  freeMargin,
  freeMarginFor,
  isStopLimit,
  micros,
  stopLimitBecomes,
  microsToStorage,
  reservedAtPlacement,
  requiredMargin,
  tradeFee,
  typeFee,
  type Micros,
} from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { Tx } from '../../db/database.ts';
import { commissionCharged, orderCancelled, orderOpened, pendingRepriced } from '../ledger/ledger-entries.ts';
import { fillOf } from './engine-fills.ts';
import { recordFillNotice, recordStopLimitNotice } from './fill-notice.ts';
import { setMargin, type LiveBook, type LiveOrder } from './live-book.ts';
import { receiptText, type ReceiptQuote } from './receipt.ts';
import type { SettlementDeps } from './settlement.ts';
import type { JobOptions } from './trade-writer.ts';
import type { Copying } from './copying.ts';

/** A job that checks everything before it writes (see JobOptions): no savepoint of its own. */
const PLACE_JOB: JobOptions = { checksFirst: true };

/**
 * The life of a pending order after its placement: cancelled (by the trader, its expiry or a stop-out), moved to a
 * new price, or filled when its trigger fires.
 */
export class PendingOrders {
  constructor(
    private readonly book: LiveBook,
    private readonly d: Pick<SettlementDeps, 'repo' | 'ledger' | 'writer' | 'pushes' | 'clock' | 'fills'>,
    private readonly copying: Copying,
  ) {}

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
        if (cost > 0n && freeMargin({ balance: cash, floating, credit: acc.credit }) < cost)
          throw refuse('err.insufficient_margin');
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
   * A stop limit's stop triggered (DESIGN §17, MT5's stop limit): the order becomes a pending limit of its side at its
   * `stopLimitPrice`, with the same id. No money moves: its margin and fee were reckoned at that limit when it was
   * placed (or are taken when it fills, under `on_fill`). The limit is armed at once and fills on a later quote at its
   * price or better.
   */
  async activate(o: LiveOrder): Promise<boolean> {
    if (o.busy || o.status !== STATUS_PENDING || !isStopLimit(o.kind)) return false;
    o.busy = true;
    try {
      const kind = stopLimitBecomes(o.kind);
      const limit = o.stopLimitPrice;
      const stop = o.orderPrice;
      const ok = await this.d.writer.run(async (trx) => {
        const done = await this.d.repo.reprice(trx, o.id, stop, { kind, order_price: limit });
        // Told in the same transaction (issue 33): the notice exists only if the limit is placed.
        if (done) await recordStopLimitNotice(this.d.pushes, trx, o, stop, limit);
        return done;
      });
      if (!ok) return false;
      o.kind = kind;
      o.orderPrice = limit;
      const acc = this.book.account(o.userId);
      if (acc) this.book.changed.add(acc);
      return true;
    } finally {
      o.busy = false;
      if (this.book.orders.has(o.id)) this.book.arm(o);
    }
  }

  /**
   * Fills a triggered pending order at the current market price (a limit's is at its level or better), with its
   * receipt: the triggering quote, the order's level as the price expected, the latency from the quote to the fill.
   * A trailing stop set on the pending order starts from the fill.
   */
  async fill(o: LiveOrder, price: number, quote?: ReceiptQuote): Promise<void> {
    if (o.busy || o.status !== STATUS_PENDING) return;
    o.busy = true;
    try {
      const now = this.d.clock.now();
      const receipt = quote
        ? receiptText({
            bid: quote.bid,
            ask: quote.ask,
            time: quote.time,
            sourceBid: quote.sourceBid,
            sourceAsk: quote.sourceAsk,
            source: quote.source,
            fill: price,
            seen: o.orderPrice,
            latency: Math.max(0, now - quote.time),
          })
        : null;
      // The account type (DESIGN §16): the opening side of its commission now, and under `on_fill` the margin and fee
      // too, at the fill price; a fill the free margin cannot pay is cancelled instead.
      const terms = this.book.termsOf(o.userId);
      const commission = commissionFor(o.lots, terms.commissionPerLot);
      let margin = ZERO;
      let fee = ZERO;
      if (!reservedAtPlacement(terms.pendingMargin) && o.margin === 0n) {
        const rate = this.book.rate(o.inst, price);
        if (!rate) return;
        margin = requiredMargin(o.inst.terms, o.lots, price, o.leverage, rate);
        fee = typeFee(terms, tradeFee(o.inst.terms, o.lots, margin, this.book.settings.feeType));
      }
      const floating = this.book.figures(o.userId).floating;
      // A real provider's followers copy the fill at its price, in its transaction (issue 34).
      const planned = this.copying.plan(
        {
          userId: o.userId,
          inst: o.inst,
          side: o.side,
          lots: o.lots,
          leverage: o.leverage,
          price,
          stopLoss: o.stopLoss,
          takeProfit: o.takeProfit,
          trailingDistance: o.trailingDistance,
        },
        o.demo,
      );
      const copies = planned ? await planned : undefined;
      let refused = false;
      const ok = await this.d.writer.run(async (trx) => {
        refused = false;
        const cost = margin + fee + commission;
        if (cost > 0n) {
          const cash = await this.d.ledger.lockBalance(trx, o.userId, 'cash');
          if (freeMarginFor(terms.freeMarginMode, { balance: cash, floating }) < cost) {
            refused = await this.cancelIn(trx, o, CLOSED_BY_NO_MARGIN, now);
            return false;
          }
        }
        const done = await this.d.repo.transition(trx, o.id, STATUS_PENDING, {
          status: STATUS_HOLDING,
          open_price: price,
          opened_at: now,
          receipt,
          ...(margin + fee > 0n ? { margin: microsToStorage(margin), fee: microsToStorage(fee) } : {}),
        });
        if (!done) return false;
        const who = { orderId: o.id, userId: o.userId, demo: o.demo, at: now };
        await this.d.ledger.postAll(trx, [
          orderOpened({ ...who, margin, fee }),
          commissionCharged({ ...who, amount: commission }),
        ]);
        await this.d.repo.addCommission(trx, o.id, microsToStorage(commission));
        await recordFillNotice(this.d.pushes, trx, o, 'pending', price, undefined);
        if (copies) await this.copying.opensIn(trx, [{ plan: copies, providerOrderId: o.id }], now);
        return true;
      });
      if (refused) {
        this.afterCancel(o);
        this.d.pushes.closed(o.userId, [o.id], CLOSED_BY_NO_MARGIN);
        return;
      }
      if (!ok) return;
      if (margin + fee > 0n) {
        o.margin = margin;
        o.fee = fee;
        const acc = this.book.account(o.userId);
        if (acc) setMargin(acc, micros(acc.margin + margin));
      }
      o.status = STATUS_HOLDING;
      o.openPrice = price;
      o.openedAt = now;
      o.receipt = receipt;
      o.commission = micros(o.commission + commission);
      this.book.expiring.delete(o);
      this.book.arm(o);
      const acc = this.book.account(o.userId);
      if (acc) {
        this.book.hold(acc, o, 1);
        this.book.changed.add(acc);
      }
      this.d.fills?.emit(fillOf(o, 'pending_fill', price));
    } finally {
      o.busy = false;
    }
  }
}
