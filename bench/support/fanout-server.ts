/**
 * The server under test for bench/fanout.bench.ts, as a child process (forked with IPC): Tradepad's own server on a
 * fresh temporary database with a short history and the built-in simulator (SIM_SEED=1). Sends `{type:'ready', port}`
 * and answers `{type:'stats'}` with its RSS and the number of ticks the simulator produced so far.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMarketOpen } from '@tradepad/domain';
import { loadConfig } from '../../apps/server/src/config.ts';
import { SimulatorFeed, STEP_MS } from '../../apps/server/src/modules/market/simulator.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { answerStats, removeOnExit, seeds, type ServerReply } from './sim-common.ts';

async function main() {
  const list = seeds();
  // Count ticks at the source: wrap the feed's callback (this process only).
  let ticks = 0;
  const start = SimulatorFeed.prototype.start;
  SimulatorFeed.prototype.start = function (onTick) {
    start.call(this, (t) => {
      ticks += 1;
      onTick(t);
    });
  };
  if (process.env.FANOUT_PROBE === '1') await probeWritePasses();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-bench-fanout-'));
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      HISTORY_DAYS: '1',
      HISTORY_LONG_DAYS: '2',
      LOG_LEVEL: 'silent',
      SIM_SEED: '1',
      HOST: '127.0.0.1',
      PORT: '0',
      // Every bench client comes from 127.0.0.1: lift the per-address limit (5,000 by default) above the largest run.
      WS_MAX_PER_ADDRESS: '1000000',
    },
  );
  const app = await createServer({ config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  answerStats(() => ticks);
  removeOnExit(dataDir);
  const open = list.filter((s) => isMarketOpen(s.hours, Date.now())).length;
  const ready: ServerReply = { type: 'ready', port, open };
  process.send?.(ready);
}

/**
 * FANOUT_PROBE=1: prints, every 5 s, how long after the simulator's step each write pass starts and how long the pass
 * over all clients takes (the server's share of the tick-to-client latency).
 */
async function probeWritePasses() {
  const { RealtimeGateway } = await import('../../apps/server/src/modules/realtime/realtime.gateway.ts');
  const flush = RealtimeGateway.prototype.flushOutbox;
  const starts: number[] = [];
  const passes: number[] = [];
  RealtimeGateway.prototype.flushOutbox = function (this: InstanceType<typeof RealtimeGateway>) {
    const t0 = performance.now();
    starts.push(Date.now() % STEP_MS);
    flush.call(this);
    passes.push(performance.now() - t0);
  };
  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]?.toFixed(1) ?? '–';
  setInterval(() => {
    console.log(
      `write passes: ${passes.length}, start after the step p50 ${q(starts, 0.5)} / p99 ${q(starts, 0.99)} ms, ` +
        `pass p50 ${q(passes, 0.5)} / p99 ${q(passes, 0.99)} ms`,
    );
    starts.length = 0;
    passes.length = 0;
  }, 5000).unref();
}

void main();
