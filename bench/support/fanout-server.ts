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
