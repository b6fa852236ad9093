import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedInstrument, Tick } from './feed.ts';
import { parseM1Csv, ReplayFeed } from './replay-feed.ts';

/** A clock and timer queue the test moves by hand. */
function fakeTime(start = 1_700_000_000_000) {
  let now = start;
  const timers: { at: number; fn: () => void; live: boolean }[] = [];
  let cancelled = 0;
  const fireDue = (until: number, late: boolean) => {
    for (;;) {
      const due = timers.filter((t) => t.live && t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      due.live = false;
      if (!late) now = due.at;
      due.fn();
    }
  };
  return {
    now: () => now,
    schedule: (fn: () => void, ms: number) => {
      const t = { at: now + ms, fn, live: true };
      timers.push(t);
      return () => {
        if (t.live) cancelled++;
        t.live = false;
      };
    },
    start,
    /** Moves the clock to `t`, running each timer at its own time. */
    advanceTo(t: number) {
      fireDue(t, false);
      now = t;
    },
    /** Jumps the clock to `t` first and only then runs the timers that were due: a stalled event loop. */
    stallUntil(t: number) {
      now = t;
      fireDue(t, true);
    },
    pending: () => timers.filter((t) => t.live).length,
    cancelled: () => cancelled,
  };
}

// Invented figures, a few bars, not taken from any data set.
const EURUSD_M1 = [
  'time,open,high,low,close,volume',
  '2024-01-05T21:56:00Z,1.08345,1.08360,1.08340,1.08350,0', // low nearer the open
  '2024-01-05T21:57:00Z,1.08350,1.08352,1.08330,1.08331,0', // high nearer the open
  // 21:58 missing: a hole of one minute plays at speed
  '2024-01-05T21:59:00Z,1.08331,1.08341,1.08321,1.08340,0', // tie, closes up: low first
  '2024-01-07T22:00:00Z,1.084000,1.084100,1.083900,1.084050,0', // after the weekend, six decimals
].join('\n');

const USDJPY_TICKS = [
  'time,bid,ask,volume',
  '2024-01-05T10:00:00.000Z,150.123,150.135,1',
  '2024-01-05T10:00:00.500Z,150.1245,150.136,2', // rounds half away from zero
  '2024-01-05T10:00:02Z,150.12,,0',
].join('\r\n');

const BTCUSD_M1 = ['time,open,high,low,close,volume', '2024-01-06T00:00:00Z,43210.0,43250.5,43200.0,43240.0,8.5', ''].join('\n');

const INSTRUMENTS: FeedInstrument[] = [
  { code: 'EURUSD', precision: 5 },
  { code: 'USDJPY', precision: 3 },
  { code: 'BTCUSD', precision: 2 },
  { code: 'GBPUSD', precision: 5 },
];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'replay-'));
  writeFileSync(path.join(dir, 'EURUSD_M1.csv'), EURUSD_M1);
  writeFileSync(path.join(dir, 'USDJPY.csv'), USDJPY_TICKS);
  writeFileSync(path.join(dir, 'btcusd-m1.csv'), BTCUSD_M1);
  writeFileSync(path.join(dir, 'GBPUSDX.csv'), BTCUSD_M1); // another code: not GBPUSD's
  writeFileSync(path.join(dir, 'XAUUSD_M1.csv'), BTCUSD_M1); // no such instrument here
  writeFileSync(path.join(dir, 'notes.txt'), 'not a csv');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function play(opts: { codes: string[]; speed: number; until: number; folder?: string }) {
  const time = fakeTime();
  const feed = new ReplayFeed({
    dir: opts.folder ?? dir,
    instruments: INSTRUMENTS.filter((i) => opts.codes.includes(i.code)),
    speed: opts.speed,
    now: time.now,
    schedule: time.schedule,
  });
  const ticks: Tick[] = [];
  feed.start((t) => ticks.push(t));
  time.advanceTo(time.start + opts.until);
  const rel = () => ticks.map((t) => [t.code, t.time - time.start, t.bid] as const);
  return { feed, ticks, time, rel };
}

describe('parseM1Csv', () => {
  it('reads M1 bars, keeping the price strings exactly as written', () => {
    const parsed = parseM1Csv(EURUSD_M1);
    expect(parsed.format).toBe('m1');
    expect(parsed.rows).toHaveLength(4);
    expect(parsed.rows[0]).toEqual({
      time: Date.parse('2024-01-05T21:56:00Z'),
      open: '1.08345',
      high: '1.08360',
      low: '1.08340',
      close: '1.08350',
      volume: 0,
    });
    expect(parsed.rows[3]).toMatchObject({ open: '1.084000', close: '1.084050' });
  });

  it('recognises ticks from the header, with CRLF lines, milliseconds and an empty ask', () => {
    const parsed = parseM1Csv(USDJPY_TICKS);
    expect(parsed).toEqual({
      format: 'tick',
      rows: [
        { time: Date.parse('2024-01-05T10:00:00Z'), bid: '150.123', ask: '150.135', volume: 1 },
        { time: Date.parse('2024-01-05T10:00:00.500Z'), bid: '150.1245', ask: '150.136', volume: 2 },
        { time: Date.parse('2024-01-05T10:00:02Z'), bid: '150.12', ask: undefined, volume: 0 },
      ],
    });
    expect(parseM1Csv('time,bid\n2024-01-05T10:00:00+01:00,1.5\n')).toEqual({
      format: 'tick',
      rows: [{ time: Date.parse('2024-01-05T09:00:00Z'), bid: '1.5', ask: undefined, volume: 0 }],
    });
  });

  it.each([
    ['an unknown header', 'date,price\n2024-01-05,1', /unrecognised header/],
    ['a time without a zone', 'time,bid\n2024-01-05T10:00:00,1.5', /line 2: not an ISO 8601 time/],
    ['unix seconds', 'time,bid\n1704448800,1.5', /line 2: not an ISO 8601 time/],
    ['a price in exponent form', 'time,bid\n2024-01-05T10:00:00Z,1e-5', /line 2: not a decimal price/],
    ['a missing field', 'time,open,high,low,close,volume\n2024-01-05T10:00:00Z,1,1,1,1', /line 2: 5 fields/],
    [
      'a high below the close',
      'time,open,high,low,close,volume\n2024-01-05T10:00:00Z,1.1,1.2,1.0,1.3,0',
      /line 2: open and close/,
    ],
    [
      'bars out of order',
      'time,open,high,low,close,volume\n2024-01-05T10:01:00Z,1,1,1,1,0\n2024-01-05T10:00:00Z,1,1,1,1,0',
      /line 3: time is not after/,
    ],
    ['a negative volume', 'time,bid,volume\n2024-01-05T10:00:00Z,1.5,-1', /line 2: not a volume/],
  ])('refuses %s, naming the line', (_what, text, error) => {
    expect(() => parseM1Csv(text)).toThrow(error);
  });
});

describe('ReplayFeed', () => {
  it('turns each bar into open, nearer extreme, other extreme, close, in exact integer points', () => {
    const { rel } = play({ codes: ['EURUSD'], speed: 1, until: 3_999 });
    expect(rel()).toEqual([
      ['EURUSD', 0, 108345],
      ['EURUSD', 250, 108340], // low: 5 points from the open, the high is 15
      ['EURUSD', 500, 108360],
      ['EURUSD', 750, 108350],
      ['EURUSD', 1000, 108350],
      ['EURUSD', 1250, 108352], // high: 2 points from the open, the low is 20
      ['EURUSD', 1500, 108330],
      ['EURUSD', 1750, 108331],
      // the missing 21:58 minute plays at speed: a second of silence at speed 1
      ['EURUSD', 3000, 108331],
      ['EURUSD', 3250, 108321], // a tie, and the bar closes up: low first
      ['EURUSD', 3500, 108341],
      ['EURUSD', 3750, 108340],
    ]);
  });

  it('converts decimal strings without float drift at each precision, rounding half away from zero', () => {
    const { ticks } = play({ codes: ['USDJPY', 'BTCUSD'], speed: 1, until: 999 });
    expect(ticks.filter((t) => t.code === 'USDJPY').map((t) => t.bid)).toEqual([150123, 150125, 150120]);
    expect(ticks.filter((t) => t.code === 'BTCUSD').map((t) => t.bid)).toEqual([4321000, 4320000, 4325050, 4324000]);
    // "1.084000" (six decimals) at precision 5 is checked after the weekend, in its own test.
  });

  it('maps data time to real time at the chosen speed (data minutes per real second)', () => {
    // Speed 60: a data minute takes 1/60 s, ticks 15 s of data apart take 250/60 ms, stamped to the millisecond.
    // The missing minute also takes 1/60 s, so the third bar starts at 3 × 1000/60 = 50 ms.
    const { rel } = play({ codes: ['EURUSD'], speed: 60, until: 60 });
    expect(rel().map((r) => r[1])).toEqual([0, 4, 8, 13, 17, 21, 25, 29, 50, 54, 58]);
  });

  it('compresses a weekend to one real second and keeps playing', () => {
    const { rel } = play({ codes: ['EURUSD'], speed: 1, until: 5_999 });
    // The last bar before the weekend starts at 3000 ms and lasts 1000 ms; the 48-hour hole then takes 1000 ms.
    expect(rel().slice(12)).toEqual([
      ['EURUSD', 5000, 108400], // "1.084000": six decimals, precision 5
      ['EURUSD', 5250, 108390],
      ['EURUSD', 5500, 108410],
      ['EURUSD', 5750, 108405],
    ]);
  });

  it('plays a tick file one quote per row at its own time, with its volume', () => {
    const { ticks, time } = play({ codes: ['USDJPY'], speed: 1 / 60, until: 2_500 });
    expect(ticks.map((t) => [t.time - time.start, t.bid, t.volume])).toEqual([
      [0, 150123, 1],
      [500, 150125, 2],
      [2000, 150120, 0],
    ]);
  });

  it('loops from the start of the file after a second, for ever', () => {
    const { rel } = play({ codes: ['EURUSD'], speed: 1, until: 14_100 });
    const all = rel();
    expect(all).toHaveLength(16 * 2 + 1);
    // One pass: the last bar plays 5000..5750, its minute ends at 6000, then a second before the first bar again.
    expect(all[16]).toEqual(['EURUSD', 7000, 108345]);
    expect(all.slice(16, 32).map((r) => [r[1] - 7000, r[2]])).toEqual(all.slice(0, 16).map((r) => [r[1], r[2]]));
    expect(all[32]).toEqual(['EURUSD', 14000, 108345]);
  });

  it('merges instruments in time order; each file has its own timeline; no file, no ticks', () => {
    const { ticks, time } = play({ codes: ['EURUSD', 'USDJPY', 'BTCUSD', 'GBPUSD'], speed: 1, until: 600 });
    // USDJPY's ticks are 0.5 s and 2 s of data after its first: 8.3 ms and 33.3 ms at speed 1 (60× real time).
    expect(ticks.map((t) => [t.code, t.time - time.start])).toEqual([
      ['EURUSD', 0],
      ['USDJPY', 0],
      ['BTCUSD', 0],
      ['USDJPY', 8],
      ['USDJPY', 33],
      ['EURUSD', 250],
      ['BTCUSD', 250],
      ['EURUSD', 500],
      ['BTCUSD', 500],
    ]);
  });

  it('splits a bar volume evenly over its four ticks', () => {
    const { ticks } = play({ codes: ['BTCUSD'], speed: 1, until: 999 });
    expect(ticks.map((t) => t.volume)).toEqual([2.125, 2.125, 2.125, 2.125]);
  });

  it('delivers nothing after stop(), even from inside onTick', () => {
    const time = fakeTime();
    const feed = new ReplayFeed({ dir, instruments: INSTRUMENTS.slice(0, 1), speed: 1, now: time.now, schedule: time.schedule });
    const ticks: Tick[] = [];
    feed.start((t) => ticks.push(t));
    time.advanceTo(time.start + 600);
    expect(ticks).toHaveLength(3);
    feed.stop();
    expect(time.pending()).toBe(0);
    expect(time.cancelled()).toBe(1);
    time.advanceTo(time.start + 60_000);
    expect(ticks).toHaveLength(3);

    const stopping = fakeTime();
    const again = new ReplayFeed({
      dir,
      instruments: INSTRUMENTS,
      speed: 10_000,
      now: stopping.now,
      schedule: stopping.schedule,
    });
    const seen: Tick[] = [];
    again.start((t) => {
      seen.push(t);
      if (seen.length === 2) again.stop();
    });
    stopping.advanceTo(stopping.start + 60_000);
    expect(seen).toHaveLength(2);
  });

  it('drops ticks more than a second overdue instead of bursting them when the event loop stalls', () => {
    const { ticks, time } = play({ codes: ['EURUSD'], speed: 1, until: 0 });
    expect(ticks).toHaveLength(1);
    time.stallUntil(time.start + 5_600);
    // Ticks stamped before 4600 are skipped; 4600..5600 holds only the 5000, 5250 and 5500 ticks.
    expect(ticks.slice(1).map((t) => [t.time - time.start, t.bid])).toEqual([
      [5000, 108400],
      [5250, 108390],
      [5500, 108410],
    ]);
  });

  it('refuses a bad file at start, naming it, and two files for one instrument', () => {
    writeFileSync(path.join(dir, 'GBPUSD_M1.csv'), 'time,open,high,low,close,volume\n2024-01-05T10:00:00,1,1,1,1,0');
    const time = fakeTime();
    const make = (codes: string[]) =>
      new ReplayFeed({
        dir,
        instruments: INSTRUMENTS.filter((i) => codes.includes(i.code)),
        speed: 1,
        now: time.now,
        schedule: time.schedule,
      });
    expect(() => make(['GBPUSD']).start(() => {})).toThrow(/GBPUSD_M1\.csv: line 2: not an ISO 8601 time/);
    writeFileSync(path.join(dir, 'EURUSD.csv'), EURUSD_M1);
    expect(() => make(['EURUSD']).start(() => {})).toThrow(/more than one file for EURUSD/);
    expect(() => make(['EURUSD']).start(() => {})).toThrow(/EURUSD.csv, EURUSD_M1.csv/);
    expect(() => new ReplayFeed({ dir, instruments: [], speed: 0, now: time.now, schedule: time.schedule })).toThrow(/speed/);
  });
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const dataDir = path.resolve(repoRoot, '../shared/data');

describe.skipIf(!existsSync(path.join(dataDir, 'EURUSD_M1.csv')))('ReplayFeed on ../shared/data', () => {
  it('replays the first 100 bars of EURUSD_M1.csv as 400 ticks, starting at the first open', () => {
    // Read the expectations straight from the text, independently of the parser under test.
    const lines = readFileSync(path.join(dataDir, 'EURUSD_M1.csv'), 'utf8').split('\n');
    const [firstTime, firstOpen] = lines[1]!.split(',') as [string, string];
    const times = lines.slice(1, 102).map((l) => Date.parse(l.split(',')[0]!));
    const bar101 = times[100]!;
    // No weekend among them, so the plain speed mapping applies throughout.
    expect(times.every((t, i) => i === 0 || t - times[i - 1]! <= 3_600_000)).toBe(true);
    const speed = 60; // an hour of data per second: 1 data minute = 1000/60 ms
    const bar101Real = Math.round((bar101 - Date.parse(firstTime)) / (speed * 60));

    const { ticks, time } = play({ codes: ['EURUSD'], speed, until: bar101Real - 1, folder: dataDir });
    expect(ticks).toHaveLength(400);
    expect(ticks[0]).toMatchObject({ code: 'EURUSD', bid: Math.round(Number(firstOpen) * 1e5), time: time.start, volume: 0 });
    expect(ticks.every((t) => Number.isSafeInteger(t.bid) && t.bid > 50_000 && t.bid < 200_000)).toBe(true);
    time.advanceTo(time.start + bar101Real);
    expect(ticks).toHaveLength(401);
  });
});
