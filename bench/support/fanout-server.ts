/**
 * The server under test for bench/fanout.bench.ts, as a child process (forked with IPC): Tradepad's own server on a
 * fresh temporary database with a short history and the built-in simulator (SIM_SEED=1). Sends `{type:'ready', port}`
 * and answers `{type:'stats'}` with its RSS and the number of ticks the simulator produced so far.
 */
import { STEP_MS } from '../../apps/server/src/modules/market/simulator.ts';
import { countSimulatorTicks, serveForBench } from './bench-node.ts';

async function main() {
  const ticks = countSimulatorTicks();
  if (process.env.FANOUT_PROBE === '1') await probeWritePasses();
  await serveForBench({ dirPrefix: 'tradepad-bench-fanout-', ticks });
}

/**
 * FANOUT_PROBE=1: prints, every 5 s, how long after the simulator's step each write pass starts and how long the pass
 * over all clients takes (the server's share of the tick-to-client latency). A pass runs in slices between event-loop
 * turns (fanout.ts): it starts with its first slice and ends with the slice that leaves nothing to write.
 */
async function probeWritePasses() {
  const { Fanout } = await import('../../apps/server/src/modules/realtime/fanout.ts');
  type Work = (this: unknown, deadline: number) => boolean;
  const proto = Fanout.prototype as unknown as { work: Work };
  const work = proto.work;
  const starts: number[] = [];
  const passes: number[] = [];
  let began: number | undefined;
  proto.work = function (deadline) {
    if (began === undefined) {
      began = performance.now();
      starts.push(Date.now() % STEP_MS);
    }
    const done = work.call(this, deadline);
    if (done) {
      passes.push(performance.now() - began);
      began = undefined;
    }
    return done;
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
