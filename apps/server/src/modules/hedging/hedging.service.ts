import {
  formatQty,
  hedgedPosition,
  hedgeForFill,
  hedgeForNet,
  hedgeStatusOfReport,
  isFinalHedgeStatus,
  lotsTextOfQty,
  parseLots,
  parseQty,
  pointsToText,
  type HedgeMode,
  type HedgePlan,
  type HedgeStatus,
  type Side,
} from '@tradepad/domain';
import type { LiquiditySession } from '@tradepad/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { HedgeOrderRow } from '../../db/schema.ts';
import type { Clock } from '../../ports/clock.ts';
import type { EngineFill } from '../trading/trading.engine.ts';
import type { HedgeOrderChange, HedgeRepository } from './hedge.repository.ts';
import type { HedgeVenue, VenueReport } from './hedge-venue.ts';

/** How long an order may go without a report before it is asked about, and how long an answer may take. */
export interface HedgeTimings {
  reportTimeoutMs: number;
  askTimeoutMs: number;
  sweepEveryMs: number;
}

export const HEDGE_TIMINGS: HedgeTimings = { reportTimeoutMs: 10_000, askTimeoutMs: 5_000, sweepEveryMs: 1_000 };

export interface HedgingDeps {
  repo: HedgeRepository;
  /** The LP's session; undefined when `HEDGE` is not configured (nothing is hedged). */
  venue: HedgeVenue | undefined;
  /** Our instrument code → the LP's symbol; tag 1 when given. */
  symbols: Readonly<Record<string, string>>;
  account?: string | undefined;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The dealer's pause switch (run-time setting `hedging_paused`). */
  paused: () => Promise<boolean>;
  /** The real clients' net lots in an instrument now (LOT_SCALE units), from the engine's live book. */
  clientNetLots: (instrumentId: number) => bigint;
  /** Counts each status an order takes (`tradepad_hedge_orders_total{status}`). */
  counted: (status: HedgeStatus) => void;
  /** A fresh ClOrdID: unique across restarts (the database's unique index refuses a repeat). */
  newClOrdId: () => string;
  timings?: Partial<HedgeTimings> | undefined;
}

/** An order without a final report, as the leader follows it. */
interface Following {
  row: HedgeOrderRow;
  /** When we last heard of it (sent, or a report), unix ms. */
  heardAt: number;
  /** When an OrderStatusRequest was sent about it, if one was. */
  askedAt: number | undefined;
  /** Its question went unanswered: not asked again until the session logs on again. */
  gaveUp?: boolean;
}

const UNSENT = 'not sent: the hedging session was not logged on';
const LOST = 'the hedging session was lost before a final report';
const NO_ANSWER = 'no answer to the order status request';

/**
 * Hedging (DESIGN §14), on the engine leader. The engine tells each committed client fill (`clientFilled`, after the
 * commit, synchronously): real accounts of instruments hedged `all` or `net` and mapped in the hedging file are
 * queued, and the queue does the rest later, one step at a time, so a hedge never delays, changes or refuses the
 * client's fill; a failure is logged and recorded on the order. Each order is stored with its ClOrdID before it is
 * sent, then follows the LP's execution reports; one without a final report is asked about (35=H) when the session
 * logs on again (or when no report came in time), and shown `unknown` until an answer resolves it.
 */
export class HedgingService {
  private queue: Promise<void> = Promise.resolve();
  private readonly following = new Map<string, Following>();
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly t: HedgeTimings;

  constructor(private readonly d: HedgingDeps) {
    this.t = { ...HEDGE_TIMINGS, ...d.timings };
    d.venue?.onReport((r) => this.enqueue(() => this.report(r)));
    d.venue?.onConnected((up) => this.enqueue(() => (up ? this.askAll() : this.sessionLost())));
  }

  get configured(): boolean {
    return this.d.venue !== undefined;
  }

  /** Starts on the engine leader: follows the orders left without a final report, and logs on. */
  async start(): Promise<void> {
    const venue = this.d.venue;
    if (!venue || this.running) return;
    this.running = true;
    const now = this.d.clock.now();
    for (const row of await this.d.repo.unfinished())
      this.following.set(row.cl_ord_id, { row, heardAt: now, askedAt: undefined });
    venue.start();
    this.timer = setInterval(() => this.enqueue(() => this.sweep()), this.t.sweepEveryMs);
    this.timer.unref();
  }

  /** Stops (the node no longer leads, or shuts down): logs out once the queued work is done. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.timer);
    await this.idle();
    await this.d.venue?.stop();
    this.following.clear();
  }

  /** Resolves once the queued work is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** The session's state for the back office, or null when hedging is not configured. */
  session() {
    return this.d.venue?.status() ?? null;
  }

  /** The Liquidity page's row of the session (role `hedge`), where it runs (the leader); none elsewhere. */
  liquiditySessions(): LiquiditySession[] {
    const s = this.running ? this.session() : null;
    return s
      ? [{ name: s.name, role: 'hedge', state: s.state, since: s.since, last_message_at: s.lastMessageAt, error: s.error }]
      : [];
  }

  /**
   * A committed client fill (the engine's fill listener): takes note and returns at once. Demo accounts, instruments
   * not hedged or not mapped in the file, and a node that does not lead are never hedged.
   */
  clientFilled(f: EngineFill): void {
    if (!this.running || f.demo) return;
    const mode = f.inst.row.hedge_mode as HedgeMode;
    if (mode !== 'all' && mode !== 'net') return;
    if (this.d.symbols[f.inst.row.code] === undefined) return;
    this.enqueue(() => this.hedge(f, mode));
  }

  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue.then(step).catch((err: unknown) => this.d.log.error({ err }, 'hedging step failed'));
  }

  private async hedge(f: EngineFill, mode: 'all' | 'net'): Promise<void> {
    if (await this.d.paused()) {
      this.d.log.info({ orderId: f.orderId, symbol: f.inst.row.code }, 'hedging paused: client fill not hedged');
      return;
    }
    const row = f.inst.row;
    const terms = {
      contractSize: row.contract_size,
      tolerance: row.hedge_tolerance,
      thresholdLots: parseLots(row.hedge_threshold_lots),
    };
    let plan: HedgePlan | null;
    if (mode === 'all') plan = hedgeForFill({ kind: f.kind, positionSide: f.positionSide, lots: f.lots, price: f.price }, terms);
    else {
      const filled = (await this.d.repo.positions()).get(row.id)?.qty ?? 0n;
      const open = hedgedPosition(
        [...this.following.values()]
          .filter((o) => o.row.instrument_id === row.id)
          .map((o) => ({
            side: o.row.side as Side,
            qty: parseQty(o.row.qty),
            filledQty: parseQty(o.row.filled_qty),
            status: o.row.status as HedgeStatus,
          })),
      );
      plan = hedgeForNet({
        clientNetLots: this.d.clientNetLots(row.id),
        hedgedQty: filled + open.committed - open.filled,
        fillPrice: f.price,
        terms,
      });
    }
    if (plan) await this.place(f, mode, plan);
  }

  /** Stores the order (its ClOrdID first), then sends it; an order that could not be sent is recorded as such. */
  private async place(f: EngineFill, mode: 'all' | 'net', plan: HedgePlan): Promise<void> {
    const row = f.inst.row;
    const now = this.d.clock.now();
    const lpSymbol = this.d.symbols[row.code]!;
    const order = {
      cl_ord_id: this.d.newClOrdId(),
      instrument_id: row.id,
      symbol: row.code,
      lp_symbol: lpSymbol,
      mode,
      side: plan.side,
      qty: formatQty(plan.qty),
      limit_price: pointsToText(plan.limit, row.precision),
      status: 'pending',
      last_qty: null,
      last_price: null,
      lp_order_id: null,
      reason: null,
      client_order_id: f.orderId,
      client_fill: f.kind,
      client_price: pointsToText(f.price, row.precision),
      created_at: now,
      updated_at: now,
    } as const;
    const id = await this.d.repo.insert(order);
    this.d.counted('pending');
    const stored: HedgeOrderRow = { ...order, id, filled_qty: '0', avg_price: '0' };
    let sent = false;
    try {
      sent = this.d.venue!.send({
        clOrdId: order.cl_ord_id,
        lpSymbol,
        side: plan.side,
        qty: order.qty,
        limit: order.limit_price,
        account: this.d.account,
        transactTime: new Date(now),
      });
    } catch (err) {
      this.d.log.error({ err, clOrdId: order.cl_ord_id }, 'hedge order could not be sent');
    }
    if (!sent) {
      await this.change(stored, { status: 'rejected', reason: UNSENT });
      return;
    }
    this.following.set(order.cl_ord_id, { row: stored, heardAt: this.d.clock.now(), askedAt: undefined });
  }

  /** An execution report: the order takes its status and fill figures (a report for an order already final is ignored). */
  private async report(r: VenueReport): Promise<void> {
    const known = this.following.get(r.clOrdId)?.row ?? (await this.d.repo.byClOrdId(r.clOrdId));
    if (!known) {
      this.d.log.warn({ clOrdId: r.clOrdId }, 'execution report for an order we did not send');
      return;
    }
    const status = hedgeStatusOfReport(r.ordStatus) ?? (known.status as HedgeStatus);
    const ends = status === 'rejected' || status === 'cancelled';
    await this.change(known, {
      status,
      filledQty: r.cumQty,
      avgPrice: r.avgPx,
      lastQty: r.lastQty,
      lastPrice: r.lastPx,
      lpOrderId: r.orderId,
      reason: ends ? (r.text ?? null) : status === 'unknown' ? undefined : null,
    });
  }

  /** Applies a change, counts a new status, and follows the order on or stops following it once final. */
  private async change(row: HedgeOrderRow, change: HedgeOrderChange): Promise<void> {
    let after: HedgeOrderRow | undefined;
    try {
      after = await this.d.repo.apply(row.cl_ord_id, change, this.d.clock.now());
    } catch (err) {
      this.d.log.error({ err, clOrdId: row.cl_ord_id }, 'hedge order change not recorded');
      return;
    }
    if (!after) return;
    if (after.status !== row.status) this.d.counted(after.status as HedgeStatus);
    if (isFinalHedgeStatus(after.status as HedgeStatus)) this.following.delete(row.cl_ord_id);
    else {
      const was = this.following.get(row.cl_ord_id);
      this.following.set(row.cl_ord_id, {
        row: after,
        heardAt: this.d.clock.now(),
        askedAt: change.status === 'unknown' ? was?.askedAt : undefined,
      });
    }
  }

  /** Logged on (again): every order without a final report is asked about. */
  private async askAll(): Promise<void> {
    const now = this.d.clock.now();
    for (const [clOrdId, o] of this.following) {
      const asked = this.d.venue?.askStatus({ clOrdId, lpSymbol: o.row.lp_symbol, side: o.row.side as Side }) ?? false;
      o.askedAt = asked ? now : undefined;
      o.heardAt = now;
      o.gaveUp = false;
    }
  }

  /** The session was lost: what was on its way has no known outcome until an answer comes after the next logon. */
  private async sessionLost(): Promise<void> {
    for (const o of [...this.following.values()])
      if (o.row.status !== 'unknown') await this.change(o.row, { status: 'unknown', reason: LOST });
  }

  /** Every second: an order silent too long is asked about; one whose question went unanswered becomes unknown. */
  private async sweep(): Promise<void> {
    const now = this.d.clock.now();
    for (const [clOrdId, o] of [...this.following]) {
      if (o.gaveUp) continue;
      if (o.askedAt === undefined && now - o.heardAt >= this.t.reportTimeoutMs) {
        if (this.d.venue?.askStatus({ clOrdId, lpSymbol: o.row.lp_symbol, side: o.row.side as Side })) o.askedAt = now;
        else o.heardAt = now;
      } else if (o.askedAt !== undefined && now - o.askedAt >= this.t.askTimeoutMs) {
        await this.change(o.row, { status: 'unknown', reason: NO_ANSWER });
        const still = this.following.get(clOrdId);
        if (still) still.gaveUp = true;
      }
    }
  }

  /** The house's filled position at the LP per instrument code, in lots as signed text (exposure's `hedged_lots`). */
  async hedgedLots(contractSize: (instrumentId: number) => number | undefined): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const [id, p] of await this.d.repo.positions()) {
      const size = contractSize(id);
      if (size && p.qty !== 0n) out.set(p.symbol, lotsTextOfQty(p.qty, size));
    }
    return out;
  }
}
