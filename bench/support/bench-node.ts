/**
 * What the fan-out benchmarks' server processes share (fanout-server.ts, fanout-redis-node.ts): counting the
 * simulator's ticks at the source, and Tradepad's own server started on a fresh temporary SQLite database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMarketOpen } from '@tradepad/domain';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Feed } from '../../apps/server/src/modules/market/feed.ts';
import { SimulatorFeed } from '../../apps/server/src/modules/market/simulator.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { answerStats, removeOnExit, seeds, type ServerReply } from './sim-common.ts';

/** Counts the ticks the built-in simulator produces in this process (wraps its callback): the count so far. */
export function countSimulatorTicks(): () => number {
  let ticks = 0;
  const start = SimulatorFeed.prototype.start;
  SimulatorFeed.prototype.start = function (onTick) {
    start.call(this, (t) => {
      ticks += 1;
      onTick(t);
    });
  };
  return () => ticks;
}

/**
 * Starts the server in this process on a fresh temporary database (short history, SIM_SEED=1, `env` on top), sends
 * the parent `{type:'ready', port, open}` and answers its `{type:'stats'}` with the RSS and `ticks()`.
 */
export async function serveForBench(opts: {
  dirPrefix: string;
  env?: Record<string, string | undefined>;
  feed?: Feed;
  ticks: () => number;
}): Promise<void> {
  const list = seeds();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), opts.dirPrefix));
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
      ...opts.env,
    },
  );
  const app = await createServer({ config, logger: false, feed: opts.feed });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  answerStats(opts.ticks);
  removeOnExit(dataDir);
  const open = list.filter((s) => isMarketOpen(s.hours, Date.now())).length;
  const ready: ServerReply = { type: 'ready', port, open };
  process.send?.(ready);
}
