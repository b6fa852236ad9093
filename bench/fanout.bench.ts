/**
 * Websocket fan-out (issue 3 §7): N clients on loopback subscribed to DAY_MARKET at the simulator's full tick rate,
 * for Tradepad's server and, in the same run, a naive baseline (a plain `ws` server that stringifies every quote for
 * every client, no conflation). Both servers run in child processes with the same SimulatorFeed, instruments and seed;
 * the clients run in FANOUT_WORKERS (default: one per core left to them) further child processes, so neither side's
 * CPU is counted as the other's, though all share the machine's cores.
 *
 * Measures tick-to-client latency (`Date.now() - quotation.time` on receipt), messages delivered per second, server
 * memory per connection ((RSS with N clients − RSS before, both after a forced GC) / N), and per-client message counts.
 * Targets: 10,000 clients p99 ≤ 250 ms, ≤ 30 KB per connection, no client starved; 1,000 clients p99 ≤ 20 ms.
 *
 * Env: FANOUT_PROBE=1 (the server prints its write-pass timings, the clients the last receipt per tick), FANOUT_PIN=0
 * (no core pinning), FANOUT_CLIENTS (comma-separated, default "1000,10000"), BENCH_SECONDS (window, default 60),
 * FANOUT_WARMUP (seconds of traffic before the window, default 2), FANOUT_WORKERS,
 * BENCH_ALL_OPEN (default 1: every instrument trades around the clock, so the rate does not depend on the day).
 * Prints figures; asserts nothing.
 */
import os from 'node:os';
import { BATCH, child, fdLimit, measureFanout, PIN, stats, WORKERS, type Row } from './support/fanout-processes.ts';
import { ALL_OPEN } from './support/sim-common.ts';

/**
 * The measuring window. At 4 simulator steps a second, 15 s held 60 write passes, so one slow pass (the machine's
 * noise, not the server's) set the p99 on its own; 60 s gives 240.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SIZES = (process.env.FANOUT_CLIENTS ?? '1000,10000').split(',').map(Number);
/** Seconds of full traffic between the last subscription and the window. */
const WARMUP_SECONDS = Number(process.env.FANOUT_WARMUP ?? 2);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(kind: 'tradepad' | 'naive', n: number): Promise<Row> {
  const server = child(kind === 'tradepad' ? 'fanout-server.ts' : 'naive-server.ts', 'server');
  try {
    const { row } = await measureFanout({
      server,
      n,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      sample: () => stats(server),
      ticks: (s) => s.ticks,
    });
    return { server: kind === 'tradepad' ? 'Tradepad' : 'naive ws', ...row };
  } finally {
    server.kill('SIGTERM');
    await sleep(2000);
  }
}

async function main() {
  const limit = fdLimit();
  const rows: Row[] = [];
  for (const n of SIZES) {
    if (Number(limit) < n + 256) console.log(`warning: ulimit -n is ${limit}, below ${n} clients + margin`);
    for (const kind of ['tradepad', 'naive'] as const) {
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
      'server KB/conn | min / median msgs per client | starved | closed by server | delivered ÷ baseline | p99 ÷ baseline |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const base = rows.find((b) => b.server === 'naive ws' && b.clients === r.clients);
    const ours = r.server === 'Tradepad' && base;
    console.log(
      `| ${r.server} | ${r.clients} | ${r.connected} / ${r.subscribed} | ${r.open} | ${fmt(r.ticksPerSec, 1)} | ${fmt(r.deliveredPerSec)} | ` +
        `${r.p50} | ${r.p99}${r.overflow ? ' (≥10 s: ' + r.overflow + ')' : ''} | ${r.max} | ${fmt(r.kbPerConn, 1)} | ` +
        `${r.minMsgs} / ${r.medianMsgs} | ${r.starved} | ${r.closed} | ` +
        `${ours ? fmt(r.deliveredPerSec / base.deliveredPerSec, 2) : ''} | ${ours ? fmt(r.p99 / base.p99, 2) : ''} |`,
    );
  }
  console.log(
    'Latency is Date.now() on receipt − the tick time in the message (both processes read the same clock). ' +
      'Server KB/conn is (RSS with the clients − RSS before), both after a forced GC, ÷ clients.',
  );
}

void main();
