/**
 * The server under test for bench/lp-quotes.bench.ts, as a child process (forked with IPC): Tradepad's own server on a
 * fresh temporary database with `FEED=fix:<LP_FEED_FILE>` (the bench's liquidity provider). Counts the ticks the FIX
 * feed hands the market module (`{type:'stats'}`, as the fan-out servers answer). With LP_RECORD=1 it also records
 * every tick as the feed accepted it (which of LP_CODES, the source bid in points, Unix ms) and hands over what it
 * recorded since the last ask on `{type:'accepted'}`: the bench matches them to the LP's send times.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FixFeed } from '../../apps/server/src/modules/liquidity/fix-feed.ts';
import { serveForBench } from './bench-node.ts';

export type LpServerRequest = { type: 'accepted' } | { type: 'loop' };
export type LpServerReply =
  { type: 'accepted'; symbol: number[]; bid: number[]; time: number[] } | { type: 'loop'; p99Ms: number; maxMs: number };

const RECORD = process.env.LP_RECORD === '1';
const CODES = (process.env.LP_CODES ?? '').split(',');

let ticks = 0;
let recorded: Omit<Extract<LpServerReply, { type: 'accepted' }>, 'type'> = { symbol: [], bid: [], time: [] };

function countFeedTicks(): () => number {
  const start = FixFeed.prototype.start;
  FixFeed.prototype.start = function (onTick) {
    start.call(this, (t) => {
      ticks += 1;
      if (RECORD) {
        recorded.symbol.push(CODES.indexOf(t.code));
        recorded.bid.push(t.bid);
        recorded.time.push(Date.now());
      }
      onTick(t);
    });
  };
  return () => ticks;
}

async function main() {
  const file = process.env.LP_FEED_FILE;
  if (!file) throw new Error('LP_FEED_FILE is not set');
  // The event loop's delay since the last ask: how long a quote could wait before the feed read it.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  process.on('message', (m: LpServerRequest) => {
    if (m.type === 'loop') {
      const reply: LpServerReply = { type: 'loop', p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6 };
      loop.reset();
      process.send?.(reply);
    } else if (m.type === 'accepted') {
      const reply: LpServerReply = { type: 'accepted', ...recorded };
      recorded = { symbol: [], bid: [], time: [] };
      process.send?.(reply);
    }
  });
  await serveForBench({ dirPrefix: 'tradepad-bench-lp-', ticks: countFeedTicks(), env: { FEED: `fix:${file}` } });
}

void main();
