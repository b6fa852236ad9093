/**
 * The process plumbing both websocket fan-out benchmarks share (bench/fanout.bench.ts, bench/fanout-redis.bench.ts):
 * forking the servers and client processes, pinning them to cores, their IPC, and the latency histogram's percentiles.
 */
import { execSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUCKETS, type ClientsReply, type ClientsRequest } from './fanout-clients.ts';
import type { ServerReply, ServerRequest } from './sim-common.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const IPC_TIMEOUT_MS = 120_000;

/**
 * Pins each server's main thread to the first core and the clients to the rest (FANOUT_PIN=0 turns it off), so the
 * load generator cannot take the server's CPU: what is measured is the server's own fan-out, on one core.
 */
export const PIN = process.env.FANOUT_PIN !== '0' && os.cpus().length >= 2 && hasTaskset();

function hasTaskset(): boolean {
  try {
    execSync('taskset -V', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Client processes: one per core left to the clients when pinned. */
export const WORKERS = Number(process.env.FANOUT_WORKERS ?? 0) || (PIN ? Math.max(1, os.cpus().length - 1) : 2);

export const OTHER_CORES = `1-${os.cpus().length - 1}`;

export function child(file: string, role: 'server' | 'clients', env: Record<string, string> = {}): ChildProcess {
  const c = fork(path.join(here, file), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  if (PIN && c.pid) execSync(`taskset -a -p -c ${role === 'server' ? '0' : OTHER_CORES} ${c.pid}`, { stdio: 'ignore' });
  return c;
}

/**
 * Gives the server's main thread core 0 to itself and moves its other threads (V8's compiler and GC helpers, the
 * database's workers, libuv's pool) to the clients' cores, as they would run on a machine with cores to spare.
 * Pinned together, a TurboFan compile job took the main thread's core for a whole 4-ms scheduler tick in the middle
 * of a write pass. Applied once the server is ready and again before the window, for threads started in between.
 */
export function pinServerThreads(server: ChildProcess): void {
  if (!PIN || !server.pid) return;
  for (const tid of fs.readdirSync(`/proc/${server.pid}/task`)) {
    const cores = Number(tid) === server.pid ? '0' : OTHER_CORES;
    try {
      execSync(`taskset -p -c ${cores} ${tid}`, { stdio: 'ignore' });
    } catch {
      // The thread ended between the listing and here.
    }
  }
}

/** The next IPC message of `type` from `c` (after sending `send`, if given). */
export function next<T extends { type: string }>(c: ChildProcess, type: T['type'], send?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      c.off('message', on);
      reject(new Error(`no ${type} from child within ${IPC_TIMEOUT_MS} ms`));
    }, IPC_TIMEOUT_MS);
    const on = (m: T) => {
      if (m.type !== type) return;
      clearTimeout(timer);
      c.off('message', on);
      resolve(m);
    };
    c.on('message', on);
    if (send) c.send(send);
  });
}

export const stats = (server: ChildProcess, gc = false) =>
  next<Extract<ServerReply, { type: 'stats' }>>(server, 'stats', { type: 'stats', gc } satisfies ServerRequest);

export function percentile(hist: Uint32Array, total: number, q: number): number {
  const want = Math.ceil(total * q);
  let seen = 0;
  for (let ms = 0; ms <= BUCKETS; ms++) {
    seen += hist[ms]!;
    if (seen >= want && want > 0) return ms;
  }
  return NaN;
}

export interface Row {
  server: string;
  clients: number;
  connected: number;
  subscribed: number;
  open: number;
  ticksPerSec: number;
  deliveredPerSec: number;
  p50: number;
  p99: number;
  max: number;
  overflow: number;
  kbPerConn: number;
  minMsgs: number;
  medianMsgs: number;
  starved: number;
  closed: number;
  connectSec: number;
}

/** How many clients each worker connects at a time. */
export const BATCH = 500;

/** The soft limit of open files of this shell (`?` where it cannot be read). */
export function fdLimit(): string {
  try {
    return execSync('ulimit -n', { shell: '/bin/bash' }).toString().trim();
  } catch {
    return '?';
  }
}

/**
 * Forks the WORKERS client processes (pushed onto `workers`, for the caller to kill) and has them open `n` clients to
 * `url`, BATCH at a time, then subscribe them all: how many connected and subscribed, and how long it took.
 */
async function openClients(
  url: string,
  n: number,
  workers: ChildProcess[],
  keyed = false,
): Promise<{ connected: number; subscribed: number; connectSec: number }> {
  const t0 = Date.now();
  const opened = await Promise.all(
    Array.from({ length: WORKERS }, (_, w) => {
      const c = child('fanout-clients.ts', 'clients');
      workers.push(c);
      const count = Math.floor(n / WORKERS) + (w < n % WORKERS ? 1 : 0);
      return next<Extract<ClientsReply, { type: 'opened' }>>(c, 'opened', {
        type: 'open',
        url,
        count,
        batch: BATCH,
        keyed,
      } satisfies ClientsRequest);
    }),
  );
  const subscribed = await Promise.all(
    workers.map((c) =>
      next<Extract<ClientsReply, { type: 'subscribed' }>>(c, 'subscribed', { type: 'sub' } satisfies ClientsRequest),
    ),
  );
  return {
    connected: opened.reduce((a, o) => a + o.ok, 0),
    subscribed: subscribed.reduce((a, o) => a + o.ok, 0),
    connectSec: (Date.now() - t0) / 1000,
  };
}

/** Starts every worker's clients counting (the window opens). */
const startWindow = (workers: ChildProcess[]) => {
  for (const c of workers) c.send({ type: 'start' } satisfies ClientsRequest);
};

/** Stops the workers' counting and collects what each received. */
const stopWindow = (workers: ChildProcess[]) =>
  Promise.all(
    workers.map((c) => next<Extract<ClientsReply, { type: 'result' }>>(c, 'result', { type: 'stop' } satisfies ClientsRequest)),
  );

/** The clients' figures over a window of `window` seconds: deliveries, latency percentiles and per-client counts. */
function clientFigures(
  results: Array<Extract<ClientsReply, { type: 'result' }>>,
  window: number,
): Pick<Row, 'deliveredPerSec' | 'p50' | 'p99' | 'max' | 'overflow' | 'minMsgs' | 'medianMsgs' | 'starved' | 'closed'> {
  const hist = new Uint32Array(BUCKETS + 1);
  for (const r of results) for (const [ms, k] of r.hist) hist[ms]! += k;
  const total = hist.reduce((a, b) => a + b, 0);
  const counts = results.flatMap((r) => r.counts).sort((a, b) => a - b);
  return {
    deliveredPerSec: total / window,
    p50: percentile(hist, total, 0.5),
    p99: percentile(hist, total, 0.99),
    max: Math.max(...results.map((r) => r.max)),
    overflow: hist[BUCKETS]!,
    minMsgs: counts[0] ?? 0,
    medianMsgs: counts[Math.floor(counts.length / 2)] ?? 0,
    starved: counts.filter((k) => k === 0).length,
    closed: results.reduce((a, r) => a + r.closed, 0),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One fan-out measurement against `server` (forked, maybe not ready yet): its memory before, `n` clients opened and
 * subscribed, `warmupSeconds` of traffic, then what the clients receive in a window of `seconds`. `sample` is read
 * just before the window opens and just after it closes, `ticks` finds the source's tick count in a sample. The
 * client processes are killed at the end; the server is the caller's to stop. `keyed` puts the clients in keyed mode
 * (fanout-clients.ts: latency from the LP's send); `onWorkers` is handed the client processes once they are subscribed
 * (to send them the LP's send times), `beforeStop` runs just before the window closes.
 */
export async function measureFanout<T>(opts: {
  server: ChildProcess;
  n: number;
  seconds: number;
  warmupSeconds: number;
  sample: () => Promise<T>;
  ticks: (sample: T) => number;
  keyed?: boolean;
  onWorkers?: (workers: readonly ChildProcess[]) => void;
  beforeStop?: () => void;
}): Promise<{
  row: Omit<Row, 'server'>;
  window: number;
  first: T;
  last: T;
  results: Array<Extract<ClientsReply, { type: 'result' }>>;
}> {
  const { server, n } = opts;
  const workers: ChildProcess[] = [];
  try {
    const ready = await next<Extract<ServerReply, { type: 'ready' }>>(server, 'ready');
    const url = `ws://127.0.0.1:${ready.port}/v1/ws`;
    pinServerThreads(server);
    await sleep(2000);
    const before = await stats(server, true);

    const conn = await openClients(url, n, workers, opts.keyed);
    opts.onWorkers?.(workers);
    await sleep(opts.warmupSeconds * 1000);
    pinServerThreads(server);

    const first = await opts.sample();
    const w0 = performance.now();
    startWindow(workers);
    await sleep(opts.seconds * 1000);
    opts.beforeStop?.();
    const results = await stopWindow(workers);
    const window = (performance.now() - w0) / 1000;
    const last = await opts.sample();
    const after = await stats(server, true);
    const row = {
      clients: n,
      ...conn,
      open: ready.open,
      ticksPerSec: (opts.ticks(last) - opts.ticks(first)) / window,
      ...clientFigures(results, window),
      kbPerConn: (after.rss - before.rss) / 1024 / n,
    };
    return { row, window, first, last, results };
  } finally {
    for (const c of workers) c.kill('SIGKILL');
  }
}
