/**
 * A node of bench/fanout-redis.bench.ts, as a child process (forked with IPC): Tradepad's own server with REDIS_URL
 * (FANOUT_REDIS_URL) on a fresh temporary SQLite database. FANOUT_NODE=engine runs the built-in simulator (SIM_SEED=1)
 * and serves no clients; FANOUT_NODE=api runs no feed of its own: every quote its clients get came from the engine node
 * through Redis. Sends `{type:'ready', port}`, answers `{type:'stats'}` with its RSS and the ticks its feed produced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMarketOpen } from '@tradepad/domain';
import { loadConfig } from '../../apps/server/src/config.ts';
import { SimulatorFeed } from '../../apps/server/src/modules/market/simulator.ts';
import type { Feed } from '../../apps/server/src/modules/market/feed.ts';
import { createServer } from '../../apps/server/src/server.ts';
import { answerStats, removeOnExit, seeds, type ServerReply } from './sim-common.ts';

async function main() {
  const list = seeds();
  const role = process.env.FANOUT_NODE === 'engine' ? 'engine' : 'api';
  let ticks = 0;
  const start = SimulatorFeed.prototype.start;
  SimulatorFeed.prototype.start = function (onTick) {
    start.call(this, (t) => {
      ticks += 1;
      onTick(t);
    });
  };
  const silent: Feed = { start() {}, stop() {} };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tradepad-bench-fanout-${role}-`));
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
      REDIS_URL: process.env.FANOUT_REDIS_URL,
      NODE_ROLE: role === 'engine' ? 'all' : 'api',
      WS_MAX_PER_ADDRESS: '1000000',
    },
  );
  const app = await createServer({ config, logger: false, feed: role === 'api' ? silent : undefined });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  answerStats(() => ticks);
  removeOnExit(dataDir);
  const open = list.filter((s) => isMarketOpen(s.hours, Date.now())).length;
  const ready: ServerReply = { type: 'ready', port, open };
  process.send?.(ready);
}

void main();
