/**
 * Liquidity-provider quotes (issue 31 point 6, DESIGN §14). The LP is the test tree's FIX 4.4 acceptor (fix-lp.ts, on
 * jspurefix like Tradepad's sessions) in this process; Tradepad runs in a child process with `FEED=fix:<tmp file>`
 * pointing at it (bench/support/lp-server.ts), pinned to core 0 as the fan-out bench pins its server.
 *
 * 1. A quote from the LP's socket to N websocket clients (LP_CLIENTS, default 1,000, in forked worker processes as in
 *    bench/fanout.bench.ts) subscribed to DAY_MARKET: LP_SYMBOLS (default 4) symbols at LP_RATE (default 20) X
 *    increments a second each, in two arrangements: `spread` (each symbol's quote at its own moment, evenly
 *    interleaved) and `burst` (all symbols' quotes written back to back every 1/LP_RATE s). Each quote's published
 *    bid is unique in the run, and the LP's send time of each is sent to the clients, which match every receipt on
 *    symbol and bid: latency = receipt − the moment the quote was handed to the LP's FIX engine. Also given: receipt
 *    − the tick's time (when Tradepad's feed took the quote: the server's fan-out share), over a window of
 *    BENCH_SECONDS (default 60). Target: p99 ≤ 20 ms at 1,000 clients.
 * 2. Quotes a second one session takes before falling behind: no websocket clients; the LP sends at each rate of
 *    LP_STEPS (X messages a second across the symbols, default 1k, 2k, 5k, 10k, 20k) for LP_STEP_SECONDS (default 10);
 *    the server records each tick as its FIX feed accepted it, matched afterwards to the LP's send time of that quote.
 *    A step is held (`bounded`) when the lag's p99 is ≤ 50 ms, the LP reached its rate, and every quote was accepted.
 *
 * Env: LP_PARTS (default "1,2"), LP_MODES (default "spread,burst"), FANOUT_PIN=0 (no core pinning). Prints figures;
 * asserts nothing.
 */
import { execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INSTRUMENTS } from '../apps/server/src/modules/market/instruments.data.ts';
import { BUCKETS } from './support/fanout-clients.ts';
import {
  child,
  fdLimit,
  measureFanout,
  next,
  OTHER_CORES,
  percentile,
  pinServerThreads,
  PIN,
  stats,
  WORKERS,
} from './support/fanout-processes.ts';
import { BenchLp } from './support/lp-source.ts';
import type { LpServerReply, LpServerRequest } from './support/lp-server.ts';
import type { ServerReply } from './support/sim-common.ts';

const CLIENTS = Number(process.env.LP_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.LP_RATE ?? 20);
const CODES = INSTRUMENTS.filter((i) => i.precision === 5 && i.code.length === 6)
  .slice(0, Number(process.env.LP_SYMBOLS ?? 4))
  .map((i) => i.code);
const MODES = (process.env.LP_MODES ?? 'spread,burst').split(',') as Array<'spread' | 'burst'>;
const PARTS = (process.env.LP_PARTS ?? '1,2').split(',');
const STEPS = (process.env.LP_STEPS ?? '1000,2000,5000,10000,20000').split(',').map(Number);
const STEP_SECONDS = Number(process.env.LP_STEP_SECONDS ?? 10);
const LAG_LIMIT_MS = 50;
/** How long a step's backlog may take to be accepted before the ramp stops. */
const DRAIN_MS = 30_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');
const loopOf = (server: ChildProcess) =>
  next<Extract<LpServerReply, { type: 'loop' }>>(server, 'loop', { type: 'loop' } satisfies LpServerRequest);
const cpuPct = (a: { cpuMicros: number }, b: { cpuMicros: number }, ms: number) =>
  ((b.cpuMicros - a.cpuMicros) / 1000 / ms) * 100;

interface Setup {
  lp: BenchLp;
  server: ChildProcess;
  dir: string;
}

async function setUp(keyed: boolean, env: Record<string, string> = {}): Promise<Setup> {
  const lp = await BenchLp.start(CODES, keyed);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-bench-lpfeed-'));
  const server = child('lp-server.ts', 'server', { LP_FEED_FILE: lp.writeFeedFile(dir), LP_CODES: CODES.join(','), ...env });
  return { lp, server, dir };
}

async function tearDown(s: Setup): Promise<void> {
  s.server.kill('SIGTERM');
  s.lp.stop();
  fs.rmSync(s.dir, { recursive: true, force: true });
  await sleep(2000);
}

interface ClientsRow {
  mode: string;
  clients: number;
  connected: number;
  subscribed: number;
  sentPerSec: number;
  deliveredPerSec: number;
  p50: number;
  p99: number;
  max: number;
  tickP50: number;
  tickP99: number;
  unmatched: number;
  starved: number;
  cpu: number;
  loopMaxMs: number;
  lpGapMs: number;
}

/** Part 1: LP → 1,000 websocket clients. */
async function toClients(mode: 'spread' | 'burst', n: number): Promise<ClientsRow> {
  const s = await setUp(true);
  let stop = false;
  let rr = 0;
  const streaming =
    mode === 'spread'
      ? s.lp.pace(
          RATE * CODES.length,
          () => stop,
          () => s.lp.quoteNext(rr++ % CODES.length),
        )
      : s.lp.pace(
          RATE,
          () => stop,
          () => CODES.forEach((_, i) => s.lp.quoteNext(i)),
        );
  let workers: readonly ChildProcess[] = [];
  const flush = () => {
    const entries = s.lp.takeKeys();
    if (entries.length > 0) for (const w of workers) w.send({ type: 'sent', entries });
  };
  const broadcast = setInterval(flush, 100);
  try {
    const { row, window, first, last, results } = await measureFanout({
      server: s.server,
      n,
      seconds: SECONDS,
      warmupSeconds: 2,
      sample: async () => {
        const st = await stats(s.server);
        s.lp.maxGapMs = 0;
        return { ...st, loop: await loopOf(s.server) };
      },
      ticks: (st) => st.ticks,
      keyed: true,
      onWorkers: (w) => (workers = w),
      beforeStop: flush,
    });
    const tick = new Uint32Array(BUCKETS + 1);
    for (const r of results) for (const [ms, k] of r.tickHist ?? []) tick[ms]! += k;
    const tickTotal = tick.reduce((a, b) => a + b, 0);
    return {
      mode,
      clients: n,
      connected: row.connected,
      subscribed: row.subscribed,
      sentPerSec: row.ticksPerSec,
      deliveredPerSec: row.deliveredPerSec,
      p50: row.p50,
      p99: row.p99,
      max: row.max,
      tickP50: percentile(tick, tickTotal, 0.5),
      tickP99: percentile(tick, tickTotal, 0.99),
      unmatched: results.reduce((a, r) => a + (r.unmatched ?? 0), 0),
      starved: row.starved,
      cpu: cpuPct(first, last, window * 1000),
      loopMaxMs: last.loop.maxMs,
      lpGapMs: s.lp.maxGapMs,
    };
  } finally {
    stop = true;
    clearInterval(broadcast);
    await streaming;
    await tearDown(s);
  }
}

interface StepRow {
  rate: number;
  lpRate: number;
  acceptedRate: number;
  p50: number;
  p99: number;
  max: number;
  behindAtEnd: number;
  maxQueuedKb: number;
  cpu: number;
  loopMaxMs: number;
  lpGapMs: number;
  drainedMs: number;
  bounded: boolean;
}

const pct = (xs: number[], q: number) => (xs.length === 0 ? NaN : xs[Math.min(xs.length - 1, Math.floor(xs.length * q))]!);

/** Part 2: one session's ceiling, the LP's rate raised step by step. */
async function ceiling(): Promise<StepRow[]> {
  const s = await setUp(false, { LP_RECORD: '1' });
  const rows: StepRow[] = [];
  try {
    await next<Extract<ServerReply, { type: 'ready' }>>(s.server, 'ready');
    pinServerThreads(s.server);
    await s.lp.lp.until(() => s.lp.subscribed(), 30_000);
    await sleep(2000);
    // Per symbol, the last quote (k) matched to an accepted tick; quote 0 is the subscription's snapshot.
    const matched = CODES.map(() => 0);
    const accept = async (onMatch: (lag: number, sentAt: number, time: number) => void) => {
      const got = await next<Extract<LpServerReply, { type: 'accepted' }>>(s.server, 'accepted', {
        type: 'accepted',
      } satisfies LpServerRequest);
      let unmatched = 0;
      for (let j = 0; j < got.symbol.length; j++) {
        const i = got.symbol[j]!;
        const sym = s.lp.symbols[i]!;
        if (s.lp.bidOf(sym, matched[i]!) === got.bid[j]) continue; // the same quote again (a change of route)
        let k = matched[i]! + 1;
        while (k <= sym.k && s.lp.bidOf(sym, k) !== got.bid[j]) k++;
        if (k > sym.k) {
          unmatched++;
          continue;
        }
        matched[i] = k;
        onMatch(got.time[j]! - sym.sentAt[k]!, sym.sentAt[k]!, got.time[j]!);
      }
      return unmatched;
    };
    await accept(() => undefined);
    for (const rate of STEPS) {
      let rr = 0;
      s.lp.maxQueued = 0;
      s.lp.maxGapMs = 0;
      await loopOf(s.server);
      const a = await stats(s.server);
      const t0 = Date.now();
      const paced = await s.lp.pace(
        rate,
        () => Date.now() - t0 >= STEP_SECONDS * 1000,
        () => s.lp.quoteNext(rr++ % CODES.length),
      );
      const tEnd = Date.now();
      const b = await stats(s.server);
      const loop = await loopOf(s.server);
      const lags: number[] = [];
      let behindAtEnd = 0;
      let acceptedInStep = 0;
      const onMatch = (lag: number, sentAt: number, time: number) => {
        if (sentAt < t0) return;
        lags.push(lag);
        if (time <= tEnd) acceptedInStep++;
        else behindAtEnd++;
      };
      const drainStart = Date.now();
      const caughtUp = () => CODES.every((_, i) => matched[i] === s.lp.symbols[i]!.k);
      await accept(onMatch);
      while (!caughtUp() && Date.now() - drainStart < DRAIN_MS) {
        await sleep(250);
        await accept(onMatch);
      }
      const drained = caughtUp();
      lags.sort((x, y) => x - y);
      const seconds = (tEnd - t0) / 1000;
      const lpRate = paced.events / (paced.ms / 1000);
      const row: StepRow = {
        rate,
        lpRate,
        acceptedRate: acceptedInStep / seconds,
        p50: pct(lags, 0.5),
        p99: pct(lags, 0.99),
        max: lags.at(-1) ?? NaN,
        behindAtEnd,
        maxQueuedKb: s.lp.maxQueued / 1024,
        cpu: cpuPct(a, b, tEnd - t0),
        loopMaxMs: loop.maxMs,
        lpGapMs: s.lp.maxGapMs,
        drainedMs: drained ? Math.max(0, Date.now() - drainStart) : NaN,
        bounded: drained && pct(lags, 0.99) <= LAG_LIMIT_MS && lpRate >= 0.95 * rate,
      };
      rows.push(row);
      console.log(
        `step ${rate}/s: LP sent ${fmt(lpRate)}/s, accepted ${fmt(row.acceptedRate)}/s in the step, lag p50 ${row.p50} / p99 ${row.p99} / ` +
          `max ${row.max} ms, ${behindAtEnd} behind at the end, server CPU ${fmt(row.cpu)} %, server loop delay max ${fmt(row.loopMaxMs)} ms, LP loop gap max ${fmt(row.lpGapMs)} ms${drained ? '' : ', NOT drained'}`,
      );
      if (!drained) break;
      await sleep(1000);
    }
    return rows;
  } finally {
    await tearDown(s);
  }
}

async function main() {
  // The LP shares the clients' cores: the server's core stays its own.
  if (PIN) execSync(`taskset -a -p -c ${OTHER_CORES} ${process.pid}`, { stdio: 'ignore' });
  const load = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ');
  console.log(`LP quotes: symbols ${CODES.join(', ')}; load average ${load()} at the start`);
  const clientRows: ClientsRow[] = [];
  if (PARTS.includes('1')) {
    for (const mode of MODES) {
      const r = await toClients(mode, CLIENTS);
      console.log(
        `${mode}: p50 ${r.p50} / p99 ${r.p99} / max ${r.max} ms, ${fmt(r.deliveredPerSec)} msgs/s, server loop delay max ` +
          `${fmt(r.loopMaxMs)} ms, LP loop gap max ${fmt(r.lpGapMs)} ms`,
      );
      clientRows.push(r);
    }
  }
  const steps = PARTS.includes('2') ? await ceiling() : [];

  if (clientRows.length > 0) {
    console.log(
      `\nLP → websocket clients (${SECONDS} s window, ${os.cpus().length} cores, loopback; ${CODES.length} symbols × ${RATE} X/s; ` +
        `clients in ${WORKERS} forked processes${PIN ? "; server's main thread on core 0, the LP and the clients on the others" : ''}; ` +
        `ulimit -n ${fdLimit()})`,
    );
    console.log(
      '| arrangement | clients | connected / subscribed | quotes/s at the feed | msgs delivered/s | p50 ms | p99 ms | max ms | ' +
        'feed → client p50 / p99 ms | unmatched | starved | server CPU % | server loop delay max ms | LP loop gap max ms |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of clientRows)
      console.log(
        `| ${r.mode} | ${r.clients} | ${r.connected} / ${r.subscribed} | ${fmt(r.sentPerSec, 1)} | ${fmt(r.deliveredPerSec)} | ${r.p50} | ` +
          `${r.p99} | ${r.max} | ${r.tickP50} / ${r.tickP99} | ${r.unmatched} | ${r.starved} | ${fmt(r.cpu)} | ${fmt(r.loopMaxMs)} | ${fmt(r.lpGapMs)} |`,
      );
    console.log(
      "Latency: receipt (Date.now() in the client) − when the quote's bytes were written to the LP's socket (Date.now() in the LP's write; the hand-over to its FIX engine when never seen there).",
    );
  }
  if (steps.length > 0) {
    console.log(
      `\nOne FIX session's intake (${STEP_SECONDS} s a step, ${CODES.length} symbols round robin, no websocket clients)`,
    );
    console.log(
      '| X/s asked | X/s the LP sent | accepted/s | lag p50 ms | lag p99 ms | lag max ms | behind at the end | LP socket queue max KB | ' +
        'server CPU % | server loop delay max ms | LP loop gap max ms | held |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of steps)
      console.log(
        `| ${r.rate} | ${fmt(r.lpRate)} | ${fmt(r.acceptedRate)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.behindAtEnd} | ${fmt(r.maxQueuedKb, 1)} | ` +
          `${fmt(r.cpu)} | ${fmt(r.loopMaxMs)} | ${fmt(r.lpGapMs)} | ${r.bounded ? 'yes' : 'no'} |`,
      );
    const best = steps.filter((r) => r.bounded).at(-1);
    console.log(
      `Highest rate held (lag p99 ≤ ${LAG_LIMIT_MS} ms, the LP at its rate, all accepted): ${best ? `${best.rate} X/s` : 'none'}. ` +
        'Lag: when the feed handed the tick on (Date.now() in the server) − when the LP was handed the quote.',
    );
  }
  console.log(`load average ${load()} at the end`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
