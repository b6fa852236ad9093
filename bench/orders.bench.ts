/**
 * Market orders through HTTP (issue 4 §7): many demo traders each submitting market orders for BTCUSD (open around
 * the clock) over loopback, against Tradepad in a child process on a fresh database with durable commits (SQLite
 * WAL with every commit flushed before it is acknowledged; PostgreSQL when ORDERS_DATABASE_URL is set, e.g. the CI's throwaway cluster).
 *
 * Two runs per database, after ORDERS_WARMUP seconds (default 3) at the fixed rate: ORDERS_RATE orders/s (default
 * 2,000) evenly paced by an open-loop generator (support/paced-http.ts) to read the latency at that load, then as fast
 * as ORDERS_CONNECTIONS autocannon connections can go for the ceiling. Every order is a real fill: margin and fee
 * through the ledger, a group-committed transaction, the trigger and risk books updated. Prints figures, with the CPU
 * time per order of the server, of PostgreSQL (read from /proc when it runs on this machine) and of the load generator;
 * asserts nothing. ORDERS_ONLY=SQLite or PostgreSQL measures one database. ORDERS_TRACE=1 adds, for the paced run, where
 * the slowest 1 % of the orders spent their time step by step and in which bursts they came (support/order-trace.ts);
 * ORDERS_PROF=<dir> writes a CPU profile of the server, ORDERS_HEAP=<file> a sample of every allocation. Targets: ≥ 2,000 orders/s sustained with
 * p99 ≤ 10 ms on SQLite; on PostgreSQL (fsync and synchronous_commit on: `TEST_PG_FSYNC=on
 * scripts/start-test-postgres.sh` starts such a cluster) ≥ 2,000 orders/s with p99 ≤ 25 ms.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { API, type TradeItem } from '@tradepad/contracts';
import { timeline, type ClientTimes, type ServerTimes } from './support/order-trace.ts';
import { pacedLoad, quantile } from './support/paced-http.ts';

const round = (ms: number) => Math.round(ms * 10) / 10;

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.ORDERS_RATE ?? 2000);
/** Seconds of orders at the fixed rate before measuring, not reported: the server's code is compiled by then. */
const WARMUP = Number(process.env.ORDERS_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.ORDERS_CONNECTIONS ?? 64);
const USERS = CONNECTIONS;

type Stats = {
  type: 'stats';
  batches: number;
  jobs: number;
  open: number;
  kind: string;
  cpuMicros: number;
  gc: { count: number; ms: number; maxMs: number };
  lagP99Ms: number;
  lagMaxMs: number;
  /** Bytes of log written so far (the default level, as `npm start` logs). */
  logBytes: number;
};

/**
 * The number of WAL segment files of the PostgreSQL server at `url` (superuser or pg_monitor), undefined where it cannot
 * be read. It grows when the server makes a new segment instead of reusing one: each is written out (16 MB of zeros)
 * and flushed inside a commit, which then takes tens of milliseconds (bench/RESULTS.md, session 14).
 */
async function walSegments(url: string): Promise<number | undefined> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    const { rows } = await c.query<{ n: string }>(`select count(*) as n from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$'`);
    return Number(rows[0]!.n);
  } catch {
    return undefined;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * CPU time (µs) used so far by the PostgreSQL server holding `url` (the postmaster and every backend), read from /proc:
 * the server must run on this machine. Undefined where it cannot be read.
 */
async function postgresCpu(url: string): Promise<(() => number) | undefined> {
  try {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
    // A backend's parent is the postmaster (read before the backend ends with the connection).
    const postmaster = Number(fs.readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
    await c.end();
    const ticks = (pid: string) => {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return { ppid: Number(f[1]), cpu: Number(f[11]) + Number(f[12]) };
    };
    const hz = 100; // USER_HZ on Linux
    return () => {
      let sum = 0;
      for (const pid of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        try {
          const t = ticks(pid);
          if (t.ppid === postmaster || Number(pid) === postmaster) sum += t.cpu;
        } catch {
          // Ended in between.
        }
      }
      return (sum * 1e6) / hz;
    };
  } catch (err) {
    console.log(`(PostgreSQL's CPU time is not readable here: ${String(err)})`);
    return undefined;
  }
}

function next<T>(c: ChildProcess, type: string, send?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} from the server`)), 180_000);
    const on = (m: { type: string }) => {
      if (m.type !== type) return;
      clearTimeout(timer);
      c.off('message', on);
      resolve(m as T);
    };
    c.on('message', on);
    if (send) c.send(send);
  });
}

async function json<T>(url: string, init?: RequestInit): Promise<{ code: number; msg: string; data: T }> {
  return (await (await fetch(url, init)).json()) as { code: number; msg: string; data: T };
}

async function demoTokens(base: string, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const uuid = `bench${String(i).padStart(4, '0')}-9b7d-4c1e-8a2b-6d5e4f3a2b1c`;
    // One address per simulated device, as behind a proxy (the bench's server trusts loopback's x-forwarded-for).
    const headers = { 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` };
    const demo = await json<{ demo_id: string }>(`${base}${API.createDemo}?uuid=${uuid}`, { headers });
    if (demo.code !== 1) throw new Error(`demo account refused: ${demo.msg}`);
    const login = await json<{ token: string }>(`${base}${API.login}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: demo.data.demo_id, password: uuid, login_type: '3' }).toString(),
    });
    tokens.push(login.data.token);
  }
  return tokens;
}

interface Row {
  db: string;
  mode: string;
  orders: number;
  perSec: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  refused: number;
  jobsPerCommit: number;
  /** CPU per order filled, µs: the server process, PostgreSQL's processes, the load generator (this process). */
  cpu: { server: number; postgres: number | undefined; generator: number };
  /** The server's collections during the run: how many, their total and the longest, ms. */
  gc: { count: number; ms: number; maxMs: number };
  /** How late the server's event loop ran during the run (p99 and max, ms). */
  lag: { p99: number; max: number };
  /** Log bytes the server wrote per order during the run. */
  logPerOrder: number;
  /** WAL segments PostgreSQL made during the run (not reused ones); undefined on SQLite or where unreadable. */
  newWalSegments: number | undefined;
}

async function run(db: 'SQLite' | 'PostgreSQL'): Promise<Row[]> {
  const server = fork(path.join(here, 'support', 'orders-server.ts'), [], {
    // ORDERS_PROF=<dir>: a CPU profile of the server, for finding where an order's time goes.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.ORDERS_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.ORDERS_PROF}`] : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ORDERS_DATABASE_URL: db === 'PostgreSQL' ? process.env.ORDERS_DATABASE_URL : '' },
  });
  // ORDERS_SERVER_CPUS=0: the server on core 0 only (Linux `taskset`), e.g. with the generator started on core 1
  // (`taskset -c 1 npm run bench -- orders`) and PostgreSQL on core 0 (TEST_PG_CPUS=0), so the generator has a core
  // of its own.
  if (process.env.ORDERS_SERVER_CPUS) execFileSync('taskset', ['-apc', process.env.ORDERS_SERVER_CPUS, String(server.pid)]);
  try {
    const { port } = await next<{ port: number }>(server, 'ready');
    const base = `http://127.0.0.1:${port}`;
    const btc = (await json<TradeItem[]>(`${base}${API.tradeList}`)).data.find((i) => i.Code === 'BTCUSD')!;
    const tokens = await demoTokens(base, USERS);
    const body = new URLSearchParams({
      type: '1',
      cont: '0.01',
      forex_id: String(btc.Id),
      status: '1',
      multiple: '20',
    }).toString();
    const rows: Row[] = [];
    const pgCpu = db === 'PostgreSQL' ? await postgresCpu(process.env.ORDERS_DATABASE_URL!) : undefined;
    const submitRequest = (token: string) =>
      Buffer.from(
        `POST ${API.submit} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/x-www-form-urlencoded\r\n` +
          `authorization: ${token}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    for (const [mode, rate, seconds] of [
      ['warm-up', RATE, WARMUP],
      [`paced ${RATE}/s`, RATE, SECONDS],
      // ORDERS_CEILING=0: the paced run only (for A/B comparisons of the latency).
      ['as fast as possible', 0, process.env.ORDERS_CEILING === '0' ? 0 : SECONDS],
    ] as const) {
      if (seconds <= 0) continue;
      const before = await next<Stats>(server, 'stats', { type: 'stats' });
      const pgBefore = pgCpu?.();
      const walBefore = db === 'PostgreSQL' ? await walSegments(process.env.ORDERS_DATABASE_URL!) : undefined;
      const genBefore = process.cpuUsage();
      let latency: { p50: number; p99: number; max: number };
      let requests: number;
      let errors: number;
      const traced: ClientTimes[] = [];
      if (rate > 0) {
        // Evenly spaced requests, latency from when each fell due (see paced-http.ts).
        const r = await pacedLoad({
          host: '127.0.0.1',
          port,
          rate,
          seconds,
          requests: tokens.map(submitRequest),
          // ORDERS_TRACE=1: where the slowest orders' time went, step by step (support/order-trace.ts).
          onAnswer: process.env.ORDERS_TRACE
            ? (t, body) =>
                traced.push({
                  ...t,
                  orderId: (JSON.parse(body.toString()) as { data?: { order?: { Id?: number } } }).data?.order?.Id,
                })
            : undefined,
        });
        const l = r.latencies;
        latency = { p50: quantile(l, 0.5), p99: quantile(l, 0.99), max: l[l.length - 1] ?? NaN };
        requests = r.completed;
        errors = r.errors;
      } else {
        let client = 0;
        const r = await autocannon({
          url: `${base}${API.submit}`,
          method: 'POST',
          connections: CONNECTIONS,
          duration: seconds,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          setupClient: (c) => {
            c.setHeaders({
              'content-type': 'application/x-www-form-urlencoded',
              authorization: tokens[client++ % tokens.length]!,
            });
          },
        });
        latency = r.latency;
        requests = r.requests.total;
        errors = r.errors + r.non2xx + r.timeouts;
      }
      const genAfter = process.cpuUsage(genBefore);
      const pgAfter = pgCpu?.();
      const after = await next<Stats>(server, 'stats', { type: 'stats' });
      // Asked after the stats: handing 20,000 orders' times over stalls the server's loop, which must not count in them.
      if (traced.length && mode !== 'warm-up') {
        const { times } = await next<{ times: Record<number, ServerTimes> }>(server, 'trace', { type: 'trace' });
        console.log(`\nWhere the time of the ${db} orders went (${mode}):`);
        for (const line of timeline(traced, times)) console.log(line);
      }
      const walAfter = walBefore === undefined ? undefined : await walSegments(process.env.ORDERS_DATABASE_URL!);
      const orders = after.jobs - before.jobs;
      const perOrder = (micros: number) => Math.round(micros / Math.max(1, orders));
      const batches = after.batches - before.batches;
      if (mode === 'warm-up') continue;
      rows.push({
        db,
        mode,
        orders,
        perSec: orders / seconds,
        p50: round(latency.p50),
        p99: round(latency.p99),
        max: round(latency.max),
        errors,
        refused: Math.max(0, requests - orders),
        jobsPerCommit: batches ? orders / batches : 0,
        cpu: {
          server: perOrder(after.cpuMicros - before.cpuMicros),
          postgres: pgBefore === undefined || pgAfter === undefined ? undefined : perOrder(pgAfter - pgBefore),
          generator: perOrder(genAfter.user + genAfter.system),
        },
        gc: {
          count: after.gc.count - before.gc.count,
          ms: Math.round(after.gc.ms - before.gc.ms),
          maxMs: round(after.gc.maxMs),
        },
        lag: { p99: round(after.lagP99Ms), max: round(after.lagMaxMs) },
        logPerOrder: Math.round((after.logBytes - before.logBytes) / Math.max(1, orders)),
        newWalSegments: walAfter === undefined || walBefore === undefined ? undefined : walAfter - walBefore,
      });
      console.log(`${db} ${mode}: ${Math.round(orders / seconds)} orders/s, p99 ${round(latency.p99)} ms`);
    }
    return rows;
  } finally {
    if (process.env.ORDERS_PROF || process.env.ORDERS_HEAP) {
      // Let the profile be written: a clean exit, not a kill.
      server.disconnect();
      await new Promise((r) => server.once('exit', r));
    } else server.kill('SIGTERM');
  }
}

/**
 * The disk's own flush latency where the bench's databases live (the system's temporary folder): 8 KB written and
 * fdatasync'd 500 times. A durable commit waits for one such flush, so its p99 is a floor under the orders' p99.
 */
function diskFlush(): { p50: number; p99: number; max: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-bench-disk-'));
  const fd = fs.openSync(path.join(dir, 'flush'), 'w');
  const block = Buffer.alloc(8192, 1);
  const ms: number[] = [];
  try {
    for (let i = 0; i < 500; i++) {
      fs.writeSync(fd, block);
      const t = performance.now();
      fs.fdatasyncSync(fd);
      ms.push(performance.now() - t);
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  ms.sort((a, b) => a - b);
  return { p50: round(quantile(ms, 0.5)), p99: round(quantile(ms, 0.99)), max: round(ms[ms.length - 1]!) };
}

async function main() {
  // ORDERS_ONLY=SQLite or PostgreSQL: one database only.
  const only = process.env.ORDERS_ONLY?.toLowerCase();
  const disk = diskFlush();
  console.log(
    `Disk flush (8 KB + fdatasync, 500 times): p50 ${disk.p50} ms, p99 ${disk.p99} ms, max ${disk.max} ms; ` +
      `load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  const rows = only === 'postgresql' ? [] : await run('SQLite');
  if (process.env.ORDERS_DATABASE_URL && only !== 'sqlite') rows.push(...(await run('PostgreSQL')));
  else if (!process.env.ORDERS_DATABASE_URL) console.log('(set ORDERS_DATABASE_URL=postgres://… to measure PostgreSQL too)');
  console.log(
    `\nMarket orders over HTTP (${SECONDS} s per run, ${CONNECTIONS} connections, ${USERS} demo traders, BTCUSD 0.01 lot, ` +
      `${os.cpus().length} cores, server and load generator on the same machine)`,
  );
  console.log(
    '| database | load | orders filled | orders/s | p50 ms | p99 ms | max ms | HTTP errors | not filled | orders per commit | CPU µs per order: server / PostgreSQL / load generator |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.db} | ${r.mode} | ${r.orders} | ${Math.round(r.perSec)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ${r.refused} | ${r.jobsPerCommit.toFixed(1)} | ${r.cpu.server} / ${r.cpu.postgres ?? '–'} / ${r.cpu.generator} |`,
    );
  }
  console.log('\nWhere a latency tail comes from, during the same runs');
  console.log(
    '| database | load | server collections: count / total ms / longest ms | server event-loop lag p99 / max ms | log bytes per order | WAL segments made (not reused) |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.db} | ${r.mode} | ${r.gc.count} / ${r.gc.ms} / ${r.gc.maxMs} | ${r.lag.p99} / ${r.lag.max} | ${r.logPerOrder} | ${r.newWalSegments ?? '–'} |`,
    );
  }
  console.log(
    'Targets (durable commits): ≥ 2,000 orders/s sustained with p99 ≤ 10 ms on SQLite, p99 ≤ 25 ms on PostgreSQL (fsync on).',
  );
}

void main();
