/**
 * The process plumbing both websocket fan-out benchmarks share (bench/fanout.bench.ts, bench/fanout-redis.bench.ts):
 * forking the servers and client processes, pinning them to cores, their IPC, and the latency histogram's percentiles.
 */
import { execSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUCKETS } from './fanout-clients.ts';
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
