import { STATUS_HOLDING } from '@tradepad/contracts';
import {
  lastRollover,
  nextRollover,
  microsToStorage,
  parseMoney,
  rolloversBetween,
  swapCharge,
  typeSwap,
  swapNights,
  swapRateFor,
  type Micros,
  type Rollover,
} from '@tradepad/domain';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { swapCharged } from '../ledger/ledger-entries.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { EngineInstrument, LiveBook, LiveOrder } from './live-book.ts';
import type { TradeWriter } from './trade-writer.ts';
import type { TradingRepository } from './trading.repository.ts';

export interface RolloverDeps {
  db: Db;
  repo: TradingRepository;
  ledger: LedgerRepository;
  writer: TradeWriter;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Positions charged per writer job: a few statements each, so orders queued meanwhile are not held up for long. */
const CHUNK = 200;

interface Charge {
  o: LiveOrder;
  nights: number;
  amount: Micros;
}

/**
 * The engine's overnight financing (issue 20 point 3, DESIGN §12; the rules are in the domain's swaps.ts). Only the
 * engine leader runs it: at each 17:00 New York rollover (Monday to Friday), every position open at that instant is
 * charged `lots × rate × nights` (three nights on the instrument's triple day), one ledger entry per position and
 * rollover (`swapCharged`), which accrues on the position (`orders.swap`) and reaches the cash when it closes.
 *
 * Exactly once: each charge first claims the row (order, rollover) of `swap_charges`, whose primary key refuses a
 * second claim, in the same transaction as the order's `swap` and the ledger entry; a restart, a second leader (also
 * fenced) or a retry finds the claim and charges nothing. A rollover is recorded in `swap_rollovers` once all its
 * positions are charged; a leader that starts (or a node that was down at 17:00) charges every rollover after the last
 * one recorded, oldest first, before it takes any order. A new database counts from the last rollover before its first
 * start.
 */
export class SwapRollover {
  private timer: NodeJS.Timeout | undefined;
  /** The instant the next rollover is due (0: check now). */
  private nextAt = 0;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly book: LiveBook,
    private readonly d: RolloverDeps,
  ) {}

  /**
   * Charges the rollovers missed, then checks every second whether the next one is due. A failure of the catch-up
   * (the database away for a moment) does not keep the engine from starting: it is tried again within a minute, and the
   * claims already committed keep every charge single.
   */
  async start(): Promise<void> {
    this.stopped = false;
    await this.due().catch((err: unknown) => this.d.log.error({ err }, 'swap rollover catch-up failed: tried again in a minute'));
    this.timer = setInterval(() => {
      if (this.d.clock.now() >= this.nextAt && !this.running)
        this.due().catch((err: unknown) => this.d.log.error({ err }, 'swap rollover failed'));
    }, 1000);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Charges every rollover due at `now` that is not recorded yet, oldest first; resolves with the positions charged.
   * One run at a time (a call during a run waits for it, then runs again). Tests call it after moving their clock.
   */
  due(now = this.d.clock.now()): Promise<number> {
    const run = (this.running ?? Promise.resolve(0)).catch(() => 0).then(() => this.runDue(now));
    this.running = run;
    void run
      .finally(() => {
        if (this.running === run) this.running = undefined;
      })
      .catch(() => undefined);
    return run;
  }

  private async runDue(now: number): Promise<number> {
    try {
      const last = await this.d.repo.lastRolloverDone();
      if (!last) {
        // A new database: counted from the last rollover before now (nothing was open before it).
        const r = lastRollover(now);
        await this.d.writer.run((trx) => this.d.repo.rolloverDone(trx, r, 0, now));
        this.nextAt = nextRollover(now).at;
        return 0;
      }
      let charged = 0;
      for (const r of rolloversBetween(last.at, now)) {
        if (this.stopped) return charged;
        charged += await this.charge(r);
        await this.d.writer.run((trx) => this.d.repo.rolloverDone(trx, r, charged, this.d.clock.now()));
      }
      this.nextAt = nextRollover(Math.max(now, last.at)).at;
      return charged;
    } catch (err) {
      // Tried again in a minute; the claims already committed stay, so nothing is charged twice.
      this.nextAt = now + 60_000;
      throw err;
    }
  }

  /** Charges one rollover to every position open at its instant; answers how many were charged. */
  private async charge(r: Rollover): Promise<number> {
    const rates = new Map<EngineInstrument, { long: Micros; short: Micros; triple: number }>();
    const ratesOf = (inst: EngineInstrument) => {
      let found = rates.get(inst);
      if (!found) {
        found = {
          long: parseMoney(inst.row.swap_long),
          short: parseMoney(inst.row.swap_short),
          triple: inst.row.swap_triple_day,
        };
        rates.set(inst, found);
      }
      return found;
    };
    const charges: Charge[] = [];
    for (const o of this.book.orders.values()) {
      if (o.status !== STATUS_HOLDING || o.openedAt >= r.at) continue;
      let rate: ReturnType<typeof ratesOf>;
      try {
        rate = ratesOf(o.inst);
      } catch (err) {
        this.d.log.error({ err, instrument: o.inst.row.code }, 'swap rates unreadable: not charged');
        continue;
      }
      const nights = swapNights(r.weekday, rate.triple);
      // A swap-free account type is never charged (DESIGN §16).
      const amount = typeSwap(this.book.termsOf(o.userId), swapCharge(o.lots, swapRateFor(o.side, rate), nights));
      if (amount === 0n) continue;
      try {
        microsToStorage(amount);
      } catch {
        this.d.log.error({ orderId: o.id, amount: String(amount) }, 'swap charge beyond the storable range: not charged');
        continue;
      }
      charges.push({ o, nights, amount });
    }
    let charged = 0;
    for (let i = 0; i < charges.length; i += CHUNK) {
      if (this.stopped) break;
      charged += await this.chargeChunk(r, charges.slice(i, i + CHUNK));
    }
    if (charged > 0) this.d.log.info({ rollover: r.day, charged }, 'swaps charged');
    return charged;
  }

  private async chargeChunk(r: Rollover, chunk: Charge[]): Promise<number> {
    // The traders' swap accounts exist (and their ids are cached) before the transaction.
    for (const userId of new Set(chunk.map((c) => c.o.userId)))
      await this.d.ledger.accountId(this.d.db, { user: userId, kind: 'swap' });
    const now = this.d.clock.now();
    return this.d.writer.run(async (trx) => {
      const claimed = new Set(
        await this.d.repo.claimSwaps(
          trx,
          r.day,
          chunk.map((c) => ({ orderId: c.o.id, userId: c.o.userId, nights: c.nights, amount: microsToStorage(c.amount) })),
          now,
        ),
      );
      const fresh = chunk.filter((c) => claimed.has(c.o.id));
      const applied = new Set(
        await this.d.repo.addSwaps(
          trx,
          fresh.map((c) => ({ id: c.o.id, amount: microsToStorage(c.amount) })),
        ),
      );
      // Closed meanwhile (earlier in this batch): not charged, and the claim goes.
      await this.d.repo.unclaimSwaps(
        trx,
        r.day,
        fresh.filter((c) => !applied.has(c.o.id)).map((c) => c.o.id),
      );
      const done = fresh.filter((c) => applied.has(c.o.id));
      await this.d.ledger.postAll(
        trx,
        done.map((c) => swapCharged({ orderId: c.o.id, userId: c.o.userId, demo: c.o.demo, amount: c.amount, at: r.at })),
      );
      // Committed: each position's swap and its account's move, in step with the database, before any later job's
      // continuation (a close in the same batch settles the swap it read back from the database).
      afterCommit(trx, () => {
        for (const c of done) this.book.swapCharged(c.o, c.amount);
      });
      return done.length;
    });
  }
}
