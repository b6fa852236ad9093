import { mergeCandles } from '@tradepad/domain';
import { simInstrument } from './feed-factory.ts';
import { aggregate } from './history-fill.ts';
import type { LiveCandles } from './live-candles.ts';
import type { CandleRow, Instrument } from './market.repository.ts';
import type { MarketDeps } from './market.service.ts';
import { backfillHistory, backfillHours } from './simulator.ts';

/** One step of minutes per instrument: about 1,900 rows of all periods, a short write and a short stretch of CPU. */
const MINUTE_STEP_DAYS = 1;
/** One step of hours per instrument (with its days). */
const HOUR_STEP_DAYS = 60;

/** Where an instrument's history continues backwards: the oldest stored bar's time and open (ms, points). */
interface Cursor {
  endMs: number;
  endPoints: number;
}

/**
 * The older history, generated after the server listens (history-fill.ts writes only the most recent minutes before):
 * minutes back to HISTORY_DAYS, then hours (and days) back to HISTORY_LONG_DAYS, each walked backwards from the
 * oldest stored bar's open, so it leads into the stored history without a gap. It runs where the feed runs (the
 * engine's leader), one step per instrument in turn, yielding to requests and ticks between steps. Every step starts
 * from what is stored, so a restart or a new leader carries on where the last one stopped, and a finished history is
 * left alone (its oldest bars are older than the targets). The bars of a step that share a bucket with the oldest
 * stored one (a day, or an hour that began before the stored minutes) are merged into it, so no bar is written twice.
 */
export class HistoryDeepening {
  private stopped = false;
  private running: Promise<void> = Promise.resolve();
  /** Resolves once the history reaches its targets (or the run stops). */
  done: Promise<void> = Promise.resolve();

  constructor(
    private readonly d: Pick<MarketDeps, 'repo' | 'clock' | 'config' | 'log'>,
    private readonly live: Pick<LiveCandles, 'mergeOlder'>,
  ) {}

  start(instruments: readonly Instrument[]): void {
    this.stopped = false;
    this.running = this.run(instruments).catch((err: unknown) => this.d.log.error({ err }, 'history generation failed'));
    this.done = this.running;
  }

  /** Stops after the step in progress (whose write completes), and waits for it. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async run(instruments: readonly Instrument[]): Promise<void> {
    const now = this.d.clock.now();
    const minuteTarget = now - this.d.config.HISTORY_DAYS * 86_400_000;
    const hourTarget = now - this.d.config.HISTORY_LONG_DAYS * 86_400_000;
    // In memory between steps: a step over a closed market writes nothing, yet the next one must start before it.
    const minutes = new Map<number, Cursor | null>();
    const hours = new Map<number, Cursor | null>();
    let pending = [...instruments];
    const started = performance.now();
    while (pending.length > 0 && !this.stopped) {
      const next: Instrument[] = [];
      for (const inst of pending) {
        if (this.stopped) return;
        if (await this.step(inst, minutes, hours, minuteTarget, hourTarget)) next.push(inst);
        // Between steps the event loop serves requests and ticks first.
        await new Promise((r) => setImmediate(r));
      }
      pending = next;
    }
    if (!this.stopped) this.d.log.info({ ms: Math.round(performance.now() - started) }, 'history complete');
  }

  /** One step for one instrument; false once its history reaches both targets. */
  private async step(
    inst: Instrument,
    minutes: Map<number, Cursor | null>,
    hours: Map<number, Cursor | null>,
    minuteTarget: number,
    hourTarget: number,
  ): Promise<boolean> {
    const oldest = await this.d.repo.oldestCandles(inst.id);
    const seed = this.d.config.SIM_SEED ?? 7;
    if (!minutes.has(inst.id)) minutes.set(inst.id, cursorOf(oldest, '1min'));
    const m = minutes.get(inst.id);
    if (m && m.endMs > minuteTarget) {
      const days = Math.min(MINUTE_STEP_DAYS, (m.endMs - minuteTarget) / 86_400_000);
      const made = backfillHistory({ inst: simInstrument(inst), seed, ...m, minuteDays: days, hourDays: 0 }).minutes;
      // The minutes start on a whole hour (see backfillHistory), so the next step ends where this one began.
      const began = Math.floor((m.endMs - 60_000 - days * 86_400_000) / 3_600_000) * 3_600_000;
      minutes.set(inst.id, { endMs: began, endPoints: made[0]?.open ?? m.endPoints });
      await this.write(inst, aggregate(inst, made, []), oldest);
      return true;
    }
    if (!hours.has(inst.id)) hours.set(inst.id, cursorOf(oldest, '60min'));
    const h = hours.get(inst.id);
    if (!h || h.endMs <= hourTarget) return false;
    const days = Math.min(HOUR_STEP_DAYS, (h.endMs - hourTarget) / 86_400_000);
    const made = backfillHours({ inst: simInstrument(inst), seed, ...h, hourDays: days });
    hours.set(inst.id, { endMs: h.endMs - Math.ceil(days * 24) * 3_600_000, endPoints: made[0]?.open ?? h.endPoints });
    await this.write(inst, aggregate(inst, [], made), oldest);
    return true;
  }

  /** Writes a step's bars, merged into the oldest stored (or the live) bar of any bucket they share. */
  private async write(inst: Instrument, rows: CandleRow[], oldest: readonly CandleRow[]): Promise<void> {
    const stored = new Map(oldest.map((o) => [`${o.period}|${o.time}`, o]));
    const out: CandleRow[] = [];
    for (const r of rows) {
      const s = stored.get(`${r.period}|${r.time}`);
      if (!s) out.push(r);
      else if (!this.live.mergeOlder(inst.id, r.period, r)) out.push({ ...r, ...mergeCandles(r.time, [r, s])! });
    }
    await this.d.repo.upsertCandles(out);
  }
}

/** Where history continues before the oldest stored bar of `period`; null when there is none (nothing to lead into). */
function cursorOf(oldest: readonly CandleRow[], period: '1min' | '60min'): Cursor | null {
  const bar = oldest.find((o) => o.period === period);
  return bar ? { endMs: bar.time * 1000, endPoints: bar.open } : null;
}
