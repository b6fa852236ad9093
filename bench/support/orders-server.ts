/**
 * The server under test for bench/orders.bench.ts (forked with IPC): Tradepad on a fresh database (SQLite with durable
 * commits, or PostgreSQL when ORDERS_DATABASE_URL is set: a fresh database is created in it) with the simulator and
 * every instrument open. Sends `{type:'ready', port}`; answers `{type:'stats'}` with the engine's group-commit counts,
 * its CPU time, its garbage collections so far, and how late its event loop ran since the previous `stats`.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { loadConfig } from '../../apps/server/src/config.ts';
import { logDestination } from '../../apps/server/src/core/log-destination.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { freshDatabase } from '../../apps/server/test/fresh-database.ts';
import { traceServer } from './order-trace.ts';
import { removeOnExit, seeds } from './sim-common.ts';

async function main() {
  seeds();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-bench-orders-'));
  const admin = process.env.ORDERS_DATABASE_URL;
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      DATABASE_URL: (await freshDatabase(admin, 'tradepad_bench')).url ?? '',
      HISTORY_DAYS: '1',
      HISTORY_LONG_DAYS: '2',
      // The level a user gets from `npm start` unless BENCH_LOG names another (DESIGN §15: logging never costs latency).
      ...(process.env.BENCH_LOG ? { LOG_LEVEL: process.env.BENCH_LOG } : {}),
      SIM_SEED: '1',
      HOST: '127.0.0.1',
      PORT: '0',
      // The bench signs in hundreds of demo users, each from its own address, forwarded as a proxy in front would.
      TRUST_PROXY: 'loopback',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ADMIN_DIST: path.join(dataDir, 'no-admin'),
    },
  );
  // As main.ts writes them (core/log-destination.ts), to a file rather than the bench's own output; its size is reported.
  const logFile = process.env.BENCH_LOG_TO ?? path.join(dataDir, 'server.log');
  const logStream = logDestination(logFile);
  // ORDERS_TRACE: each order's times inside the server, answered to `{type:'trace'}` (order-trace.ts).
  const trace = process.env.ORDERS_TRACE ? traceServer() : undefined;
  const app = await createServer({ config, logStream });
  trace?.watch(app.server, '/v1/api/forex/submit');
  await app.listen({ port: 0, host: '127.0.0.1' });
  removeOnExit(dataDir);
  // Where a latency tail can come from inside the server: collections (each stops the event loop) and the loop's lag.
  const gc = { count: 0, ms: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count += 1;
      gc.ms += e.duration;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const lag = monitorEventLoopDelay({ resolution: 1 });
  lag.enable();
  // ORDERS_HEAP=<file>: every allocation sampled (garbage included) from now until the process ends, for finding
  // what an order allocates; written as a .heapprofile (Chrome DevTools reads it).
  const heap = process.env.ORDERS_HEAP ? new inspector.Session() : undefined;
  if (heap) {
    heap.connect();
    heap.post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    process.on('disconnect', () =>
      heap.post('HeapProfiler.stopSampling', (err, r) => {
        if (!err) fs.writeFileSync(process.env.ORDERS_HEAP!, JSON.stringify(r.profile));
        process.exit(0);
      }),
    );
  }
  process.on('message', (m: { type: string }) => {
    if (m.type === 'trace') process.send?.({ type: 'trace', times: trace?.times() ?? {} });
    if (m.type !== 'stats') return;
    const engine = app.tradepad.engine;
    const cpu = process.cpuUsage();
    process.send?.({
      type: 'stats',
      ...engine.writerStats(),
      open: engine.openOrderCount,
      kind: app.tradepad.database.kind,
      cpuMicros: cpu.user + cpu.system,
      gc: { ...gc },
      // Since the previous stats (nanoseconds to ms); the longest collection too, then both start again.
      lagP99Ms: lag.percentile(99) / 1e6,
      lagMaxMs: lag.max / 1e6,
      logBytes: fs.existsSync(logFile) ? fs.statSync(logFile).size : 0,
    });
    lag.reset();
    gc.maxMs = 0;
  });
  if (!heap) process.on('disconnect', () => process.exit(0));
  process.send?.({ type: 'ready', port: (app.server.address() as { port: number }).port });
}

void main();
