/**
 * A hedge order's round trip (issue 31 point 6, DESIGN §14) against QuickFIX's own `executor` (Debian's
 * libquickfix-doc), which fills every FIX 4.4 limit order: HEDGE_ORDERS (default 500) client fills, one at a time, each
 * timed from the engine's fill listener (`clientFilled`) to the order recorded `filled`: the order stored with its
 * ClOrdID in SQLite, NewOrderSingle over the FIX session (jspurefix, the shared wrapper), the executor's
 * ExecutionReport parsed, and the row and the position updated in one transaction. The wire alone (35=D written to
 * 35=8 read) is reported beside it. 20 orders warm up first. Prints p50/p99; asserts nothing. Skips with the reason
 * when the executor is not installed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseLots, type Side } from '@tradepad/domain';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { FixHedgeVenue } from '../apps/server/src/modules/hedging/fix-hedge-venue.ts';
import { HedgeRepository } from '../apps/server/src/modules/hedging/hedge.repository.ts';
import { HedgingService } from '../apps/server/src/modules/hedging/hedging.service.ts';
import { FixSession } from '../apps/server/src/modules/liquidity/fix-session.ts';
import type { EngineFill } from '../apps/server/src/modules/trading/trading.engine.ts';
import { systemClock } from '../apps/server/src/ports/clock.ts';
import { executorMissing, QuickFixExecutor } from '../apps/server/test/quickfix-executor.ts';

const ORDERS = Number(process.env.HEDGE_ORDERS ?? 500);
const WARM_UP = 20;
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const ms = (v: number) => `${v.toFixed(2)} ms`;
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

async function main() {
  const missing = executorMissing();
  if (missing) {
    console.log(`skipped: ${missing}`);
    return;
  }
  const executor = await QuickFixExecutor.start();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-bench-hedge-'));
  const handle = openDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
  await migrateToLatest(handle);
  const session = new FixSession(
    {
      name: 'bench',
      host: '127.0.0.1',
      port: executor.port,
      senderCompId: 'TRADEPAD',
      targetCompId: 'EXECUTOR',
      heartbeatSeconds: 30,
      resetSeqNumOnLogon: true,
      tls: false,
    },
    { log: quiet },
  );
  const venue = new FixHedgeVenue(session, quiet);
  let filled: (() => void) | undefined;
  const sentAt = new Map<string, number>();
  const wire: number[] = [];
  venue.onReport((r) => {
    const t = sentAt.get(r.clOrdId);
    if (t !== undefined && r.ordStatus === '2') wire.push(performance.now() - t);
  });
  const send = venue.send.bind(venue);
  venue.send = (o) => {
    sentAt.set(o.clOrdId, performance.now());
    return send(o);
  };
  let n = 0;
  const hedging = new HedgingService({
    repo: new HedgeRepository(handle.db),
    venue,
    symbols: { EURUSD: 'EUR/USD' },
    clock: systemClock,
    log: quiet,
    paused: async () => false,
    clientNetLots: () => 0n,
    counted: (s) => {
      if (s === 'filled') filled?.();
    },
    newClOrdId: () => `B${Date.now().toString(36)}-${++n}`,
  });
  const up = new Promise<void>((resolve) => venue.onConnected((u) => u && resolve()));
  await hedging.start();
  await up;

  const inst = {
    row: {
      id: 1,
      code: 'EURUSD',
      precision: 5,
      contract_size: 100_000,
      hedge_mode: 'all',
      hedge_threshold_lots: '0',
      hedge_tolerance: 20,
    },
  } as unknown as EngineFill['inst'];
  const roundTrips: number[] = [];
  for (let i = 0; i < WARM_UP + ORDERS; i++) {
    const done = new Promise<void>((resolve) => (filled = resolve));
    const t0 = performance.now();
    hedging.clientFilled({
      kind: 'open',
      orderId: i + 1,
      userId: 1,
      demo: false,
      inst,
      positionSide: (i % 2 === 0 ? 1 : 2) as Side,
      lots: parseLots('0.1'),
      price: 108_500 + (i % 50),
    });
    await done;
    if (i >= WARM_UP) roundTrips.push(performance.now() - t0);
  }
  const wireTimed = wire.slice(WARM_UP);
  console.log(`hedge orders: ${ORDERS} (after ${WARM_UP} to warm up), one at a time, SQLite, QuickFIX executor on loopback`);
  console.log(
    `round trip (fill heard → order recorded filled): p50 ${ms(pct(roundTrips, 0.5))}, p99 ${ms(pct(roundTrips, 0.99))}, max ${ms(Math.max(...roundTrips))}`,
  );
  console.log(`wire only (35=D written → 35=8 read):          p50 ${ms(pct(wireTimed, 0.5))}, p99 ${ms(pct(wireTimed, 0.99))}`);
  await hedging.stop();
  await handle.close();
  await executor.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
