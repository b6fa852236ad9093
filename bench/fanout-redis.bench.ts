/**
 * Websocket fan-out through Redis (issue 19 point 7): 1,000 clients (FANOUT_CLIENTS) subscribed to DAY_MARKET on an
 * API node that runs no feed, fed through the Redis bus by an engine node running the simulator, against the same
 * clients on one in-process node (the figure of bench/fanout.bench.ts, measured again in the same run). Target: the
 * API node's p99 within 1.5× the single node's.
 *
 * Processes: a throw-away redis-server, the engine node and the API node (bench/support/fanout-redis-node.ts), the
 * single node (bench/support/fanout-server.ts), the clients (bench/support/fanout-clients.ts). On this 2-core machine
 * the measured server's main thread is pinned to core 0; the clients, the engine node and Redis share core 1, so the
 * Redis path pays for two more processes on the clients' core that a machine per node would not.
 *
 * Env: FANOUT_CLIENTS (default "1000"), BENCH_SECONDS (window, default 30), FANOUT_WARMUP, FANOUT_PIN=0, FANOUT_WORKERS.
 * Needs /usr/bin/redis-server. Prints figures; asserts nothing.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { BATCH, child, fdLimit, measureFanout, next, PIN, stats, WORKERS, type Row } from './support/fanout-processes.ts';
import { ALL_OPEN, type ServerReply } from './support/sim-common.ts';
import { hasRedis, startRedis, type TestRedis } from '../apps/server/test/redis-server.ts';

/**
 * The measuring window. At 4 simulator steps a second, 15 s held 60 write passes, so one slow pass (the machine's
 * noise, not the server's) set the p99 on its own; 60 s gives 240.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SIZES = (process.env.FANOUT_CLIENTS ?? '1000').split(',').map(Number);
/** Seconds of full traffic between the last subscription and the window. */
const WARMUP_SECONDS = Number(process.env.FANOUT_WARMUP ?? 2);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let redis: TestRedis | undefined;

/** CPU a node used during the window, as a share of one core (per-node figures). */
interface Cpu {
  server: number;
  engine?: number;
  redis?: number;
}

/** redis-server's CPU time so far (µs), from /proc; the test helper starts it with its port on the command line. */
function redisCpuMicros(): number {
  try {
    const pid = execSync(`pgrep -f '[r]edis-server 127.0.0.1:${redis!.port}'`).toString().trim().split('\n')[0];
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
  } catch {
    return NaN;
  }
}

async function run(kind: 'single' | 'redis', n: number): Promise<Row & { cpu: Cpu }> {
  // Through Redis: the engine node produces the quotes (on the clients' core), the API node serves the clients.
  const engine =
    kind === 'redis'
      ? child('fanout-redis-node.ts', 'clients', { FANOUT_NODE: 'engine', FANOUT_REDIS_URL: redis!.url })
      : undefined;
  if (engine) await next<Extract<ServerReply, { type: 'ready' }>>(engine, 'ready');
  const server =
    kind === 'single'
      ? child('fanout-server.ts', 'server')
      : child('fanout-redis-node.ts', 'server', { FANOUT_NODE: 'api', FANOUT_REDIS_URL: redis!.url });
  const source = engine ?? server;
  try {
    const { row, window, first, last } = await measureFanout({
      server,
      n,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      // The source's ticks and CPU (the engine node through Redis), the serving node's CPU, redis-server's CPU.
      sample: async () => ({ source: await stats(source), server: await stats(server), redis: redisCpuMicros() }),
      ticks: (x) => x.source.ticks,
    });
    const share = (a: number, b: number) => (b - a) / 1e6 / window;
    return {
      server: kind === 'single' ? 'one node, in-process bus' : 'API node fed through Redis',
      ...row,
      cpu: {
        server: share(first.server.cpuMicros, last.server.cpuMicros),
        engine: kind === 'redis' ? share(first.source.cpuMicros, last.source.cpuMicros) : undefined,
        redis: kind === 'redis' ? share(first.redis, last.redis) : undefined,
      },
    };
  } finally {
    server.kill('SIGTERM');
    engine?.kill('SIGTERM');
    await sleep(2000);
  }
}

async function main() {
  if (!hasRedis) {
    console.log('redis-server is absent (/usr/bin/redis-server): nothing to measure');
    return;
  }
  redis = await startRedis();
  try {
    await measure();
  } finally {
    await redis.stop();
  }
}

async function measure() {
  const limit = fdLimit();
  const rows: Array<Row & { cpu: Cpu }> = [];
  for (const n of SIZES) {
    if (Number(limit) < n + 256) console.log(`warning: ulimit -n is ${limit}, below ${n} clients + margin`);
    for (const kind of ['single', 'redis'] as const) {
      const r = await run(kind, n);
      console.log(
        `${r.server} ${n}: connected ${r.connected}, subscribed ${r.subscribed} in ${r.connectSec.toFixed(1)} s, ${r.ticksPerSec.toFixed(1)} ticks/s, ` +
          `${Math.round(r.deliveredPerSec)} msgs/s, p99 ${r.p99} ms`,
      );
      rows.push(r);
    }
  }

  const fmt = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  console.log(
    `\nWebsocket fan-out (${SECONDS} s window, ${os.cpus().length} cores, loopback; clients in ${WORKERS} forked Node ` +
      `processes, connected ${BATCH} at a time, then all subscribed; servers in their own processes; ` +
      `${PIN ? "server's main thread pinned to core 0, its other threads and the clients to the others; " : ''}` +
      `${ALL_OPEN ? 'every instrument open (BENCH_ALL_OPEN)' : 'real market hours'}; ulimit -n ${limit})`,
  );
  console.log(
    '| server | clients | connected / subscribed | instruments open | ticks/s at source | msgs delivered/s | p50 ms | p99 ms | max ms | ' +
      'server KB/conn | min / median msgs per client | starved | closed by server | delivered ÷ one node | p99 ÷ one node | ' +
      'CPU: serving node / engine node / redis-server (share of a core) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const base = rows.find((b) => b.server.startsWith('one node') && b.clients === r.clients);
    const ours = r.server.startsWith('API node') && base;
    console.log(
      `| ${r.server} | ${r.clients} | ${r.connected} / ${r.subscribed} | ${r.open} | ${fmt(r.ticksPerSec, 1)} | ${fmt(r.deliveredPerSec)} | ` +
        `${r.p50} | ${r.p99}${r.overflow ? ' (≥10 s: ' + r.overflow + ')' : ''} | ${r.max} | ${fmt(r.kbPerConn, 1)} | ` +
        `${r.minMsgs} / ${r.medianMsgs} | ${r.starved} | ${r.closed} | ` +
        `${ours ? fmt(r.deliveredPerSec / base.deliveredPerSec, 2) : ''} | ${ours ? fmt(r.p99 / base.p99, 2) : ''} | ` +
        `${fmt(r.cpu.server, 2)}${r.cpu.engine === undefined ? '' : ` / ${fmt(r.cpu.engine, 2)} / ${fmt(r.cpu.redis ?? NaN, 2)}`} |`,
    );
  }
  console.log(
    'Latency is Date.now() on receipt − the tick time in the message (both processes read the same clock). ' +
      'Server KB/conn is (RSS with the clients − RSS before), both after a forced GC, ÷ clients.',
  );
}

void main();
