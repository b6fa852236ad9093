import {
  CLOSED_BY_STOP_LOSS,
  CLOSED_BY_STOP_OUT,
  CLOSED_BY_TAKE_PROFIT,
  STATUS_HOLDING,
  STATUS_PENDING,
} from '@tradepad/contracts';
import {
  ZERO,
  closePrice,
  equity,
  formatLots,
  formatMoney,
  isMarginCall,
  isStopLimit,
  isStopOut,
  marginLevel,
  micros,
  pointsToPrice,
  type Micros,
} from '@tradepad/domain';
import type { StopoutReport } from '@tradepad/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { Quote } from '../market/quote-book.ts';
import type { AccountPushes } from './account-pushes.ts';
import { ownQuote } from './account-terms.ts';
import { fillOf } from './engine-fills.ts';
import type { LiveAccount, LiveBook, LiveOrder } from './live-book.ts';
import type { Settlement } from './settlement.ts';
import type { TradeWriter } from './trade-writer.ts';
import type { Trigger } from './trigger-book.ts';
import type { TradingRepository } from './trading.repository.ts';

export interface RiskDeps {
  ledger: LedgerRepository;
  repo: TradingRepository;
  writer: TradeWriter;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A price alert's level was reached (issue 20 point 7; see AlertLevels.fired). */
  alert?: (t: Trigger, q: Quote) => void;
}

/**
 * The risk monitor (DESIGN §5): on every accepted quote it fires the crossed triggers (pending fills, stop-losses,
 * take-profits) and re-margins the accounts exposed to that instrument, stopping out those at or under the stop-out
 * level and sending the margin-call notice to those that cross the call level. Nothing is polled from the database,
 * and nothing scans every order.
 */
export class RiskMonitor {
  /** Accounts a tick put near the margin-call level, with whether their instrument was tradable (checkSuspects). */
  private readonly suspects = new Map<LiveAccount, boolean>();
  private suspectsScheduled: NodeJS.Immediate | undefined;

  constructor(
    private readonly book: LiveBook,
    private readonly settlement: Settlement,
    private readonly pushes: AccountPushes,
    private readonly d: RiskDeps,
  ) {}

  /** Whether an exact check of flagged accounts is still to come (the engine's idle() runs it at once). */
  get pending(): boolean {
    return this.suspects.size > 0;
  }

  /** Every accepted quote: fire the crossed triggers, then re-margin the accounts exposed to the instrument. */
  onQuote(code: string, q: Quote): void {
    const inst = this.book.byCode.get(code);
    if (!inst) return;
    const now = this.d.clock.now();
    const tradable = this.book.tradable(inst, now);
    if (tradable) {
      const fired = this.book.books.get(inst.row.id)!.crossed(q.bid, q.ask);
      for (const t of fired) this.onTrigger(t, q);
    }
    const exposed = this.book.exposedList(inst.row.id);
    if (!exposed) return;
    this.book.ticked.add(inst.row.id);
    // Most accounts hold one instrument: their level is a few multiplications with this tick's prices and rates.
    const rateBid = this.book.rateF(inst, q.bid);
    const rateAsk = this.book.rateF(inst, q.ask);
    for (let i = 0; i < exposed.length; i++) {
      const acc = exposed[i]!;
      const e = acc.single;
      if (e !== undefined && e.inst === inst && acc.marginF > 0) {
        // The account type's quote: its markup on each side, its margin-call level (DESIGN §16).
        const m = acc.terms.spreadMarkup;
        const floating =
          (((e.longUnits * (q.bid - m) - e.longCost) * rateBid + (e.shortCost - e.shortUnits * (q.ask + m)) * rateAsk) /
            inst.scale) *
            1e6 +
          acc.swapF;
        if (((acc.cashF + acc.marginF + floating) / acc.marginF) * 100 > acc.terms.marginCallLevel + 1) acc.marginCall = false;
        else this.suspect(acc, tradable);
        continue;
      }
      this.screen(acc, tradable);
    }
  }

  private onTrigger(t: Trigger, q: Quote): void {
    // A price alert's trigger carries the alert's id, not an order's.
    if (t.kind === 'alert') {
      this.d.alert?.(t, q);
      return;
    }
    const o = this.book.orders.get(t.orderId);
    if (!o || o.busy) return;
    const done = (p: Promise<unknown>) =>
      void p.catch((err: unknown) => {
        this.d.log.error({ err, orderId: o.id }, 'trigger settlement failed');
        if (this.book.orders.has(o.id)) this.book.arm(o);
      });
    // The order's own account type's quote (the published one without a markup): fills and stops are at its prices.
    const own = ownQuote(q, this.book.termsOf(o.userId));
    if (!own) return;
    switch (t.kind) {
      case 'open':
        // A stop limit's stop becomes its limit (DESIGN §17); any other pending order fills.
        if (o.status === STATUS_PENDING && isStopLimit(o.kind)) done(this.settlement.activate(o));
        else if (o.status === STATUS_PENDING) done(this.settlement.fill(o, o.side === 1 ? own.ask : own.bid, own));
        return;
      case 'trail':
        if (o.status === STATUS_HOLDING) this.settlement.trail(o, own);
        return;
      case 'stop_loss':
        if (o.status === STATUS_HOLDING) done(this.settlement.settle(o, CLOSED_BY_STOP_LOSS, closePrice(o.side, own)));
        return;
      case 'take_profit':
        if (o.status === STATUS_HOLDING) done(this.settlement.settle(o, CLOSED_BY_TAKE_PROFIT, closePrice(o.side, own)));
        return;
    }
  }

  /**
   * The per-tick risk screen: the account's margin level in floating point (a few multiplications per position, no
   * allocation). Only an account near its margin-call or stop-out level is then checked exactly, in integers.
   */
  private screen(acc: LiveAccount, tradable: boolean): void {
    if (acc.marginF <= 0) return;
    const level = this.book.levelEstimate(acc);
    // A percent of slack covers the float error; the exact check, right after the tick, decides.
    if (level > acc.terms.marginCallLevel + 1) {
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
    for (const [acc, tradable] of this.suspects) {
      const s = acc.terms;
      const exact = this.book.figures(acc.userId);
      const state = { equity: exact.equity, usedMargin: exact.usedMargin };
      if (tradable && !acc.stoppingOut && isStopOut(state, s.stopOutLevel)) {
        void this.stopOut(acc).catch((err: unknown) => this.d.log.error({ err, userId: acc.userId }, 'stop-out failed'));
        continue;
      }
      const call = isMarginCall(state, s.marginCallLevel);
      if (call && !acc.marginCall) this.pushes.marginCall(acc, exact.level);
      acc.marginCall = call;
    }
    this.suspects.clear();
  }

  /**
   * Whether new orders that add margin are refused (margin call): decided from the estimate when far from the
   * level, exactly otherwise.
   */
  inMarginCall(userId: number): boolean {
    const acc = this.book.account(userId);
    if (!acc || acc.margin <= 0n) return false;
    if (this.book.levelEstimate(acc) > acc.terms.marginCallLevel + 1) return false;
    return this.book.figures(userId).marginCall;
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
    const level = acc.terms.stopOutLevel;
    const cancelled: LiveOrder[] = [];
    const closed: Array<{ o: LiveOrder; profit: Micros; price: number }> = [];
    const callLevel = acc.terms.marginCallLevel;
    try {
      await this.d.writer.run(async (trx) => {
        // The job may run twice (TradeWriter): start from nothing each time.
        cancelled.length = 0;
        closed.length = 0;
        // Prices moved since the account was flagged: act only if it is under the level now.
        const cashNow = await this.d.ledger.balance(trx, acc.userId, 'cash');
        // Credit counts in the equity the stop-out weighs (issue 32), read as stored like the cash.
        const before = this.book.figures(acc.userId, cashNow, await this.d.ledger.balance(trx, acc.userId, 'credit'));
        if (!isStopOut({ equity: before.equity, usedMargin: before.usedMargin }, level)) return;
        // The report (issue 20): the levels at the trigger, then each step in the order it was taken.
        const steps: StopoutReport['Steps'] = [];
        const step = (o: LiveOrder, action: 'cancel' | 'close', price: number, profit: Micros, eq: Micros, used: Micros) =>
          steps.push({
            OrderId: o.id,
            Code: o.inst.row.code,
            OrderType: o.side,
            Quantity: formatLots(o.lots),
            Action: action,
            Price: pointsToPrice(price, o.inst.row.precision),
            Profit: formatMoney(profit, 2),
            LevelAfter: marginLevel(eq, used),
          });
        let margin = micros(acc.margin);
        for (const o of all) {
          if (o.status === STATUS_PENDING && (await this.settlement.cancelIn(trx, o, CLOSED_BY_STOP_OUT, now))) {
            cancelled.push(o);
            margin = micros(margin - o.margin);
            // The level as the stop-out weighs it (the cash it counts on is the cash before the cancels).
            step(
              o,
              'cancel',
              o.orderPrice,
              ZERO,
              equity({ balance: cashNow, usedMargin: margin, floating: before.floating, credit: before.credit }),
              margin,
            );
          }
        }
        let cash = cashNow;
        // The figures above already hold each position's closing price, P/L and accrued swap; the largest loss (swap
        // included, as the floating P/L counts it) goes first.
        const loss = (r: { profit: Micros; swap: Micros }) => r.profit + r.swap;
        const positions = before.rows
          .filter((r) => all.includes(r.order) && this.book.tradable(r.order.inst, now))
          .sort((a, b) => (loss(a) < loss(b) ? -1 : loss(a) > loss(b) ? 1 : 0));
        let floating: bigint = before.floating;
        for (const { order: o, price, profit, swap } of positions) {
          const eq = equity({ balance: cash, usedMargin: margin, floating: micros(floating), credit: before.credit });
          if (!isStopOut({ equity: eq, usedMargin: margin }, level)) break;
          const settled = await this.settlement.closeIn(trx, o, CLOSED_BY_STOP_OUT, price, profit, now);
          if (!settled) continue;
          closed.push({ o, profit, price });
          cash = micros(cash + o.margin + profit + settled.swap - settled.commission);
          margin = micros(margin - o.margin);
          floating -= profit + swap;
          step(
            o,
            'close',
            price,
            profit,
            equity({ balance: cash, usedMargin: margin, floating: micros(floating), credit: before.credit }),
            margin,
          );
        }
        // A copy account's copies closed by its own stop-out are told to its follower (issue 34).
        if (closed.length > 0 && closed[0]!.o.copyOf > 0) await this.settlement.copying.stoppedOutIn(trx, closed, now);
        // The write-off refers to the last position closed (the one that left the cash below zero).
        let writtenOff = ZERO;
        if (cash < 0n)
          writtenOff = await this.settlement.writeOffIn(trx, acc.userId, acc.demo, now, closed.at(-1)?.o.id ?? acc.userId);
        const report: Omit<StopoutReport, 'Id' | 'CreatedAt'> = {
          MarginLevel: before.level,
          StopOutLevel: level,
          MarginCallLevel: callLevel,
          Balance: formatMoney(cashNow, 2),
          Equity: formatMoney(before.equity, 2),
          UsedMargin: formatMoney(before.usedMargin, 2),
          WrittenOff: formatMoney(writtenOff, 2),
          Steps: steps,
        };
        if (steps.length > 0) {
          await this.d.repo.insertStopoutReport(trx, acc.userId, now, JSON.stringify(report));
          // The trader is told in the same transaction (issue 21): the notice exists only if the stop-out does.
          await this.pushes.notices.record(trx, acc.userId, 'stop_out', {
            closed: closed.length,
            cancelled: cancelled.length,
            level: before.level.toFixed(2),
          });
        }
      });
      for (const o of cancelled) this.settlement.afterCancel(o);
      for (const c of closed) this.settlement.afterClose(c.o);
      for (const c of closed) this.settlement.fills?.emit(fillOf(c.o, 'stop_out', c.price));
      if (cancelled.length || closed.length) {
        const ids = [...cancelled, ...closed.map((c) => c.o)].map((o) => o.id);
        this.pushes.closed(acc.userId, ids, CLOSED_BY_STOP_OUT);
        this.pushes.stoppedOut(acc);
      }
    } finally {
      for (const o of all) o.busy = false;
      acc.stoppingOut = false;
    }
  }
}
