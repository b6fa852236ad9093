/**
 * The server under test for bench/orders.bench.ts (forked with IPC): Tradepad on a fresh database (SQLite with durable
 * commits, or PostgreSQL when ORDERS_DATABASE_URL is set: a fresh database is created in it) with the simulator and
 * every instrument open. Sends `{type:'ready', port}`; answers `{type:'stats'}` with the engine's group-commit counts,
 * its CPU time, its garbage collections so far, and how late its event loop ran since the previous `stats`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { freshDatabase } from '../../apps/server/test/fresh-database.ts';
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
  // As main.ts writes them (asynchronously), to a file rather than the bench's own output; its size is reported.
  const logFile = process.env.BENCH_LOG_TO ?? path.join(dataDir, 'server.log');
  const logStream = pino.destination({ dest: logFile, sync: false });
  const app = await createServer({ config, logStream });
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
  process.on('message', (m: { type: string }) => {
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
  process.on('disconnect', () => process.exit(0));
  process.send?.({ type: 'ready', port: (app.server.address() as { port: number }).port });
}

void main();
