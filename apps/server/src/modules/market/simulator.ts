import { isMarketOpen, priceToPoints, type Candle, type MarketHours } from '@tradepad/domain';
import type { Feed, Tick } from './feed.ts';
import { Random, hashSeed } from './random.ts';

/** What the simulator needs per instrument; the figures come from the calibration (docs/calibration.md). */
export interface SimInstrument {
  code: string;
  precision: number;
  hours: MarketHours;
  /** Where the walk starts, in points. */
  startPoints: number;
  /** The raw spread quoted (ask = bid + spread), in points: the instrument's spread. */
  spreadPoints: number;
  params: SimParams;
}

export interface SimParams {
  /** Per-minute log-return standard deviation (a fraction of price, e.g. 0.00012). */
  minuteVol: number;
  /**
   * Multiplier of minuteVol for each UTC hour 0..23, with a root mean square of 1 over the 24 hours, so minuteVol stays
   * the overall figure (a plain mean of 1 would add the profile's own spread to the variance).
   */
  hourProfile: readonly number[];
  /** Mean quote updates per minute in an average hour. */
  ticksPerMinute: number;
  /**
   * Standard deviation of the jump at a weekend reopening, as a fraction of price (√(π/2) × the mean absolute gap,
   * which is the standard deviation for normal jumps but less at the mercy of one event weekend); 0 for what trades
   * through the weekend.
   */
  weekendGap: number;
  /**
   * Degrees of freedom of the unit-variance Student t that matches the fat tails of 1-minute returns once the hour
   * profile is taken out. Apply it per minute (to the minute's return or volatility), not per tick: a sum of n iid
   * draws has 1/n of their excess kurtosis, so per-tick tails average away within the minute.
   */
  tailDf: number;
}

/**
 * One instrument's stored calibration (`CALIBRATION` in calibration.data.ts): the simulator's figures and where they
 * come from. Computed offline by apps/server/tools/calibration (docs/calibration.md).
 */
export interface InstrumentCalibration extends SimParams {
  /** Where the figures come from. */
  basis: string;
}

export interface Scheduler {
  now(): number;
  /** Calls `fn` after about `ms`; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

/** Simulation steps fall on exact multiples of this, so timer jitter never changes the path. */
export const STEP_MS = 250;

interface Walker {
  inst: SimInstrument;
  random: Random;
  /** Current bid as a float (drawing only; ticks are emitted as integer points). */
  price: number;
  wasOpen: boolean;
  /** When the market last closed, to size the reopening gap by how long it was shut. */
  closedAt: number;
}

/**
 * The built-in price simulator: per instrument a geometric random walk with fat-tailed steps, session-dependent
 * volatility, a calibrated tick rate, no ticks while the market is closed and a jump at reopening. Deterministic for
 * a given seed and start: the same steps produce the same ticks.
 */
export class SimulatorFeed implements Feed {
  private readonly walkers: Walker[];
  private cancel: (() => void) | undefined;
  private lastStep = 0;

  constructor(
    instruments: readonly SimInstrument[],
    private readonly seed: number,
    private readonly scheduler: Scheduler = realScheduler,
  ) {
    this.walkers = instruments.map((inst) => this.walker(inst));
  }

  private walker(inst: SimInstrument): Walker {
    return {
      inst,
      random: new Random(hashSeed(this.seed, inst.code, 'live')),
      price: inst.startPoints,
      wasOpen: true,
      closedAt: 0,
    };
  }

  /** Walks an instrument created while running, from its start, from the next step on (once per code). */
  addInstrument(inst: SimInstrument): void {
    if (this.walkers.some((w) => w.inst.code === inst.code)) return;
    const w = this.walker(inst);
    w.wasOpen = isMarketOpen(inst.hours, this.lastStep || this.scheduler.now());
    this.walkers.push(w);
  }

  start(onTick: (tick: Tick) => void): void {
    this.lastStep = Math.floor(this.scheduler.now() / STEP_MS) * STEP_MS;
    for (const w of this.walkers) w.wasOpen = isMarketOpen(w.inst.hours, this.lastStep);
    const loop = () => {
      const now = this.scheduler.now();
      // Catch up every step due, so a late timer yields the same path as a punctual one.
      while (this.lastStep + STEP_MS <= now) {
        this.lastStep += STEP_MS;
        this.step(this.lastStep, onTick);
      }
      this.cancel = this.scheduler.after(STEP_MS - (now - this.lastStep), loop);
    };
    this.cancel = this.scheduler.after(STEP_MS, loop);
  }

  stop(): void {
    this.cancel?.();
    this.cancel = undefined;
  }

  /** Advances every instrument by one step at time `t`; exposed for deterministic tests. */
  step(t: number, onTick: (tick: Tick) => void): void {
    const hour = new Date(t).getUTCHours();
    for (const w of this.walkers) {
      const open = isMarketOpen(w.inst.hours, t);
      if (!open) {
        if (w.wasOpen) w.closedAt = t;
        w.wasOpen = false;
        continue;
      }
      const p = w.inst.params;
      if (!w.wasOpen) {
        // Reopening: the price jumps by what happened while the market was shut.
        w.price *= Math.exp(gapScale(p, t - w.closedAt) * w.random.normal());
        w.wasOpen = true;
        onTick(this.tick(w, t));
        continue;
      }
      const stepsPerMinute = 60_000 / STEP_MS;
      if (w.random.next() >= Math.min(1, p.ticksPerMinute / stepsPerMinute)) continue;
      const vol = (p.minuteVol * (p.hourProfile[hour] ?? 1)) / Math.sqrt(Math.max(1, p.ticksPerMinute));
      w.price *= Math.exp(vol * w.random.studentT(p.tailDf));
      onTick(this.tick(w, t));
    }
  }

  private tick(w: Walker, t: number): Tick {
    // The walk is on the bid (candles are bid bars); the ask is the instrument's spread above it.
    const bid = Math.max(1, Math.round(w.price));
    const ask = bid + Math.max(0, w.inst.spreadPoints);
    return { code: w.inst.code, bid, ask, time: t, volume: 1 + Math.floor(w.random.next() * 5), source: 'sim' };
  }
}

/**
 * History for the chart on a fresh start: one-minute bars for the `minuteDays` before `endMs` and hourly bars for
 * the `hourDays` before those, walked backwards from `endPoints` so the last close meets the live price with no
 * jump. Only open minutes/hours get bars. Deterministic for a seed.
 */
export function backfillHistory(opts: {
  inst: SimInstrument;
  seed: number;
  endMs: number;
  endPoints: number;
  minuteDays: number;
  hourDays: number;
}): { minutes: Candle[]; hours: Candle[] } {
  const { inst, endMs } = opts;
  const p = inst.params;
  const random = new Random(hashSeed(opts.seed, inst.code, 'history', Math.floor(endMs / 60_000)));
  const minutes: Candle[] = [];
  let price = opts.endPoints;
  const lastMinute = Math.floor(endMs / 60_000) * 60_000 - 60_000;
  // Minutes start on a whole hour, and hours end just before it, so no hour is built twice.
  const minuteStart = Math.floor((lastMinute - opts.minuteDays * 86_400_000) / 3_600_000) * 3_600_000;
  let closedMinutes = 0;
  for (let t = lastMinute; t >= minuteStart; t -= 60_000) {
    if (!isMarketOpen(inst.hours, t)) {
      closedMinutes += 1;
      continue;
    }
    if (closedMinutes > 0) price /= Math.exp(gapScale(p, closedMinutes * 60_000) * random.normal());
    closedMinutes = 0;
    const vol = p.minuteVol * (p.hourProfile[new Date(t).getUTCHours()] ?? 1);
    minutes.push(barBackwards(random, t / 1000, price, vol, p.tailDf));
    price = minutes[minutes.length - 1]!.open;
  }
  minutes.reverse();

  return { minutes, hours: hoursBackwards(inst, random, minuteStart - 3_600_000, price, opts.hourDays) };
}

/**
 * `hourDays` of hourly bars before the hour that starts at `endMs`, walked backwards from `endPoints` (the open of
 * the stored bar they lead into), oldest first: the history's older part, made after the minutes.
 */
export function backfillHours(opts: {
  inst: SimInstrument;
  seed: number;
  endMs: number;
  endPoints: number;
  hourDays: number;
}): Candle[] {
  const random = new Random(hashSeed(opts.seed, opts.inst.code, 'history-hours', Math.floor(opts.endMs / 60_000)));
  return hoursBackwards(opts.inst, random, opts.endMs - 3_600_000, opts.endPoints, opts.hourDays);
}

function hoursBackwards(inst: SimInstrument, random: Random, lastHour: number, from: number, days: number): Candle[] {
  const p = inst.params;
  const hours: Candle[] = [];
  let price = from;
  for (let t = lastHour; t > lastHour - days * 86_400_000; t -= 3_600_000) {
    if (!isMarketOpen(inst.hours, t)) continue;
    const vol = p.minuteVol * Math.sqrt(60) * (p.hourProfile[new Date(t).getUTCHours()] ?? 1);
    hours.push(barBackwards(random, t / 1000, price, vol, p.tailDf));
    price = hours[hours.length - 1]!.open;
  }
  return hours.reverse();
}

/**
 * The jump's standard deviation after a closure of `closedMs`: the calibrated weekend gap after a weekend (about 49
 * hours), less after a short break (scaled by the square root of time, as variance grows with time).
 */
function gapScale(p: SimParams, closedMs: number): number {
  const WEEKEND_MS = 49 * 3_600_000;
  return p.weekendGap * Math.sqrt(Math.min(1, Math.max(0, closedMs) / WEEKEND_MS));
}

/** One bar ending at `close` (points), its path walked backwards in a few sub-steps to find open, high and low. */
function barBackwards(random: Random, time: number, close: number, vol: number, tailDf: number): Candle {
  const steps = 6;
  let price = close;
  let high = close;
  let low = close;
  for (let i = 0; i < steps; i++) {
    price /= Math.exp((vol / Math.sqrt(steps)) * random.studentT(tailDf));
    if (price > high) high = price;
    if (price < low) low = price;
  }
  const r = (x: number) => Math.max(1, Math.round(x));
  return { time, open: r(price), high: r(high), low: r(low), close: r(close), volume: 20 + Math.floor(random.next() * 200) };
}

/** Points of a decimal start price. */
export const startPoints = (text: string, precision: number) => priceToPoints(text, precision);
