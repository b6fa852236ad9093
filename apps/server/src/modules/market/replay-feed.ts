/**
 * The replay feed (`FEED=replay:<dir>`, DESIGN §2): plays M1 bar or tick CSV files, such as those in `../shared/data/`,
 * at a chosen speed, re-stamped to real time so the rest of the server cannot tell it from a live feed.
 *
 * Timeline of one file (each file has its own; files of different years all start together):
 * - data time maps to real time as `start + (dataTime − firstDataTime) / speed`;
 * - a hole with no rows for more than an hour (a weekend, a holiday) takes at most 1 s of real time, so the replay
 *   keeps flowing; shorter holes (a missing minute) play at speed;
 * - after the last row it waits 1 s and loops from the first row, forever. The loop is a price jump, like a weekend.
 * Each M1 bar becomes 4 ticks, 15 s of data time apart: open, the extreme nearer the open, the other extreme, close.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { priceToPoints } from '@tradepad/domain';
import type { Feed, FeedInstrument, Tick } from './feed.ts';

/** One M1 bar as the file has it: bar-open time in unix ms, prices as the file's decimal strings. */
export interface M1Row {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
}

/** One quote of a tick file: unix ms, prices as decimal strings. The ask is read but not replayed (see `Tick.bid`). */
export interface TickRow {
  time: number;
  bid: string;
  ask: string | undefined;
  volume: number;
}

export type ReplayRows = { format: 'm1'; rows: M1Row[] } | { format: 'tick'; rows: TickRow[] };

const DECIMAL = /^-?\d+(\.\d+)?$/;
/** ISO 8601 with an explicit zone: a time without one would be read in the server's local zone. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Parses a replay CSV. The header picks the format: `time,open,high,low,close[,volume]` (M1 bars, `time` the bar-open
 * time) or `time,bid[,ask][,volume]` (ticks); columns are found by name. Times are ISO 8601 with `Z` or an offset.
 * Throws on anything malformed, naming the line: a replay of bad data should fail at start, not mid-session.
 */
export function parseM1Csv(text: string): ReplayRows {
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '')
    .replace(/^\uFEFF/, '')
    .split(',')
    .map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const [iTime, iOpen, iHigh, iLow, iClose, iBid, iAsk, iVol] = [
    col('time'),
    col('open'),
    col('high'),
    col('low'),
    col('close'),
    col('bid'),
    col('ask'),
    col('volume'),
  ];
  const isM1 = iTime >= 0 && iOpen >= 0 && iHigh >= 0 && iLow >= 0 && iClose >= 0;
  const isTick = !isM1 && iTime >= 0 && iBid >= 0;
  if (!isM1 && !isTick) {
    throw new Error(
      `unrecognised header "${lines[0] ?? ''}": expected time,open,high,low,close,volume or time,bid[,ask][,volume]`,
    );
  }

  const bars: M1Row[] = [];
  const ticks: TickRow[] = [];
  let lastTime = -Infinity;
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n]!.trim();
    if (line === '') continue;
    const fields = line.split(',').map((f) => f.trim());
    const fail = (why: string): never => {
      throw new Error(`line ${n + 1}: ${why}`);
    };
    if (fields.length !== header.length) fail(`${fields.length} fields, the header has ${header.length}`);
    const timeText = fields[iTime]!;
    const time = ISO_UTC.test(timeText) ? Date.parse(timeText) : NaN;
    if (!Number.isFinite(time)) fail(`not an ISO 8601 time with a zone: "${timeText}"`);
    const price = (i: number) => {
      const s = fields[i]!;
      if (!DECIMAL.test(s)) fail(`not a decimal price: "${s}"`);
      return s;
    };
    const volText = iVol >= 0 ? fields[iVol]! : '';
    const volume = volText === '' ? 0 : Number(volText);
    if (!(volume >= 0)) fail(`not a volume: "${volText}"`);

    if (isM1) {
      if (time <= lastTime) fail('time is not after the previous row');
      const [open, high, low, close] = [price(iOpen), price(iHigh), price(iLow), price(iClose)];
      const [o, h, l, c] = [Number(open), Number(high), Number(low), Number(close)];
      if (!(l <= Math.min(o, c) && Math.max(o, c) <= h)) fail('open and close must lie within low..high');
      bars.push({ time, open, high, low, close, volume });
    } else {
      if (time < lastTime) fail('time is before the previous row');
      const askText = iAsk >= 0 ? fields[iAsk]! : '';
      ticks.push({ time, bid: price(iBid), ask: askText === '' ? undefined : price(iAsk), volume });
    }
    lastTime = time;
  }
  return isM1 ? { format: 'm1', rows: bars } : { format: 'tick', rows: ticks };
}

export interface ReplayFeedOptions {
  /** Folder of CSV files, matched to instruments by the code at the start of the name (`EURUSD_M1.csv`, `EURUSD.csv`). */
  dir: string;
  instruments: readonly FeedInstrument[];
  /** Data minutes per real second: 60 plays an hour of data each second; 1/60 is real time. */
  speed: number;
  /** Unix milliseconds. */
  now: () => number;
  /** Runs `fn` once after `ms`; returns a function that cancels it. */
  schedule: (fn: () => void, ms: number) => () => void;
}

/** A hole with no rows longer than this (data time) is a market break, replayed in at most `BREAK_REAL_MS`. */
const BREAK_DATA_MS = 3_600_000;
const BREAK_REAL_MS = 1_000;
/** Data time between the 4 ticks of a bar. */
const BAR_TICK_STEP_MS = 15_000;
const BAR_MS = 60_000;
/**
 * Ticks due more than this long ago (the event loop stalled, a debugger paused) are dropped rather than delivered in a
 * burst with old times; downstream they would be stale anyway.
 */
const MAX_LAG_MS = 1_000;

/** One instrument's ticks for one pass through its file, with real-time offsets from the pass's start. */
interface Track {
  code: string;
  /** Real ms from the start of the pass, non-decreasing. */
  offsets: Float64Array;
  bids: Float64Array;
  volumes: Float64Array;
  /** Real ms of one pass, loop gap included. */
  passMs: number;
  next: number;
  pass: number;
}

export class ReplayFeed implements Feed {
  private tracks: Track[] = [];
  private startReal = 0;
  private running = false;
  private cancelTimer: (() => void) | undefined;
  private onTick: (tick: Tick) => void = () => {};

  constructor(private readonly opts: ReplayFeedOptions) {
    if (!(opts.speed > 0) || !Number.isFinite(opts.speed)) throw new RangeError(`replay speed must be > 0: ${opts.speed}`);
  }

  /** Reads and checks every matching file now, so a bad folder fails at start; then plays from the first rows. */
  start(onTick: (tick: Tick) => void): void {
    if (this.running) throw new Error('replay feed already started');
    this.tracks = loadTracks(this.opts.dir, this.opts.instruments, this.opts.speed * 60);
    this.onTick = onTick;
    this.running = true;
    this.startReal = this.opts.now();
    this.cancelTimer = this.opts.schedule(this.pump, 0);
  }

  stop(): void {
    this.running = false;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  private stamp(t: Track): number {
    return Math.round(this.startReal + t.pass * t.passMs + t.offsets[t.next]!);
  }

  private advance(t: Track): void {
    if (++t.next === t.offsets.length) {
      t.next = 0;
      t.pass++;
    }
  }

  /** Delivers every tick that is due, oldest first across instruments, then sleeps until the next one. */
  private readonly pump = (): void => {
    this.cancelTimer = undefined;
    if (!this.running) return;
    const now = this.opts.now();
    for (const t of this.tracks) while (this.stamp(t) < now - MAX_LAG_MS) this.advance(t);
    for (;;) {
      let due: Track | undefined;
      let dueAt = Infinity;
      for (const t of this.tracks) {
        const at = this.stamp(t);
        if (at < dueAt) [due, dueAt] = [t, at];
      }
      if (!due) return;
      if (dueAt > now) {
        this.cancelTimer = this.opts.schedule(this.pump, dueAt - now);
        return;
      }
      const i = due.next;
      this.advance(due);
      const bid = due.bids[i]!;
      this.onTick({ code: due.code, bid, ask: bid, time: dueAt, volume: due.volumes[i]!, source: 'replay' });
      if (!this.running) return;
    }
  };
}

/** The file for each instrument: the code at the start of the name, then `.`, `_`, `-` or a space. */
function matchFiles(names: readonly string[], instruments: readonly FeedInstrument[]): Map<FeedInstrument, string> {
  const found = new Map<FeedInstrument, string>();
  for (const inst of instruments) {
    const code = inst.code.toUpperCase();
    const mine = names.filter((n) => {
      const u = n.toUpperCase();
      return u.endsWith('.CSV') && u.startsWith(code) && /^[._\- ]/.test(u.slice(code.length));
    });
    if (mine.length > 1) throw new Error(`replay: more than one file for ${inst.code}: ${mine.join(', ')}`);
    if (mine[0] !== undefined) found.set(inst, mine[0]);
  }
  return found;
}

function loadTracks(dir: string, instruments: readonly FeedInstrument[], dataMsPerRealMs: number): Track[] {
  const tracks: Track[] = [];
  for (const [inst, name] of matchFiles(readdirSync(dir).sort(), instruments)) {
    let parsed: ReplayRows;
    try {
      parsed = parseM1Csv(readFileSync(path.join(dir, name), 'utf8'));
    } catch (e) {
      throw new Error(`replay: ${name}: ${(e as Error).message}`, { cause: e });
    }
    const track = buildTrack(inst, parsed, dataMsPerRealMs);
    if (track) tracks.push(track);
  }
  return tracks;
}

/** The open, the extreme nearer the open, the other extreme, the close. A tie goes to the side the bar closes away from. */
function barPath(bar: M1Row, precision: number): [number, number, number, number] {
  const [o, h, l, c] = [bar.open, bar.high, bar.low, bar.close].map((p) => priceToPoints(p, precision)) as [
    number,
    number,
    number,
    number,
  ];
  const highFirst = h - o < o - l || (h - o === o - l && c <= o);
  return highFirst ? [o, h, l, c] : [o, l, h, c];
}

/** Lays one pass of a file out in real time. Undefined for a file with no rows. */
function buildTrack(inst: FeedInstrument, parsed: ReplayRows, dataMsPerRealMs: number): Track | undefined {
  const rows = parsed.rows;
  if (rows.length === 0) return undefined;
  const perRow = parsed.format === 'm1' ? 4 : 1;
  const span = parsed.format === 'm1' ? BAR_MS : 0;
  const offsets = new Float64Array(rows.length * perRow);
  const bids = new Float64Array(rows.length * perRow);
  const volumes = new Float64Array(rows.length * perRow);
  let rowStart = 0;
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) {
      const hole = rows[i]!.time - (rows[i - 1]!.time + span);
      const holeReal = hole > BREAK_DATA_MS ? Math.min(hole / dataMsPerRealMs, BREAK_REAL_MS) : hole / dataMsPerRealMs;
      rowStart += span / dataMsPerRealMs + holeReal;
    }
    if (parsed.format === 'm1') {
      const bar = parsed.rows[i]!;
      const path4 = barPath(bar, inst.precision);
      for (let k = 0; k < 4; k++) {
        offsets[i * 4 + k] = rowStart + (k * BAR_TICK_STEP_MS) / dataMsPerRealMs;
        bids[i * 4 + k] = path4[k]!;
        volumes[i * 4 + k] = bar.volume / 4;
      }
    } else {
      const tick = parsed.rows[i]!;
      offsets[i] = rowStart;
      bids[i] = priceToPoints(tick.bid, inst.precision);
      volumes[i] = tick.volume;
    }
  }
  const passMs = rowStart + span / dataMsPerRealMs + BREAK_REAL_MS;
  return { code: inst.code, offsets, bids, volumes, passMs, next: 0, pass: 0 };
}
