/**
 * A node of bench/fanout-redis.bench.ts, as a child process (forked with IPC): Tradepad's own server with REDIS_URL
 * (FANOUT_REDIS_URL) on a fresh temporary SQLite database. FANOUT_NODE=engine runs the built-in simulator (SIM_SEED=1)
 * and serves no clients; FANOUT_NODE=api runs no feed of its own: every quote its clients get came from the engine node
 * through Redis. Sends `{type:'ready', port}`, answers `{type:'stats'}` with its RSS and the ticks its feed produced.
 */
import type { Feed } from '../../apps/server/src/modules/market/feed.ts';
import { countSimulatorTicks, serveForBench } from './bench-node.ts';

async function main() {
  const role = process.env.FANOUT_NODE === 'engine' ? 'engine' : 'api';
  const ticks = countSimulatorTicks();
  const silent: Feed = { start() {}, stop() {} };
  await serveForBench({
    dirPrefix: `tradepad-bench-fanout-${role}-`,
    env: { REDIS_URL: process.env.FANOUT_REDIS_URL, NODE_ROLE: role === 'engine' ? 'all' : 'api' },
    feed: role === 'api' ? silent : undefined,
    ticks,
  });
}

void main();
