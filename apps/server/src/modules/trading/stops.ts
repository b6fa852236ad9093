import { STATUS_HOLDING } from '@tradepad/contracts';
import { trailedStop } from '@tradepad/domain';
import type { Tx } from '../../db/database.ts';
import type { LiveBook, LiveOrder } from './live-book.ts';
import type { SettlementDeps } from './settlement.ts';
import type { Copying } from './copying.ts';

/** Written inside a stop change's transaction once it succeeded (the back office's audit record and the notice). */
export type StopsHook = (trx: Tx, at: number) => Promise<void>;

/** Moving a holding order's stops: the trader's stop-loss, take-profit and trailing distance, and a trailing stop's steps. */
export class Stops {
  constructor(
    private readonly book: LiveBook,
    private readonly d: Pick<SettlementDeps, 'repo' | 'writer' | 'clock'>,
    private readonly copying: Copying,
  ) {}

  /**
   * Changes stop-loss, take-profit and the trailing distance (already validated against sides by the caller; the
   * stop-loss of a trailing stop already set behind the market).
   */
  async setStops(
    o: LiveOrder,
    stopLoss: number,
    takeProfit: number,
    trailing = o.trailingDistance,
    within?: StopsHook,
  ): Promise<boolean> {
    if (o.busy) return false;
    const ok = await this.d.writer.run(async (trx) => {
      const set = await this.d.repo.setStops(trx, o.id, stopLoss, takeProfit, trailing);
      if (!set) return false;
      const now = this.d.clock.now();
      // The copies take the same levels in the same transaction (issue 34).
      if (o.copyOf === 0) await this.copying.stopsIn(trx, o, stopLoss, takeProfit, trailing, now);
      if (within) await within(trx, now);
      return true;
    });
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
      .run(async (trx) => {
        const { stopLoss, takeProfit, trailingDistance } = o;
        await this.d.repo.setStops(trx, o.id, stopLoss, takeProfit, trailingDistance);
        // A trailed step moves the copies' stops too (their record), without an event per step.
        await this.copying.stopsIn(trx, o, stopLoss, takeProfit, trailingDistance, this.d.clock.now(), false);
      })
      .catch(() => undefined)
      .finally(() => {
        this.trailWrites.delete(o);
        if (this.trailAgain.delete(o) && this.book.orders.has(o.id)) this.writeTrail(o);
      });
  }
}
