/**
 * The house's exposure (issue 18 point 5, DESIGN §11 `GET exposure`): what one update of the risk page costs the
 * engine with EXPOSURE_POSITIONS (default 10,000) open real positions, plus as many demo ones that must not count,
 * spread over the 24 seeded instruments, in the engine's own live book (no server, no database on the timed path).
 * - per update: a quote moves, then the figures of every instrument (long, short, net lots, net notional in USD, the
 *   house's floating P/L) are computed from the aggregate the live book keeps as positions open and close. Target
 *   p99 ≤ 5 ms.
 * - maintenance: what keeping the aggregate costs an open and a close (the live book's `hold`, timed around one
 *   position leaving and entering).
 * Naive baseline in the same run: the same figures by walking every open order per update. Both are checked, untimed,
 * to agree to the cent. Each case runs in 3 rounds and reports the best round (the machine is shared). Prints figures
 * beside their targets with a pass/fail word; asserts nothing. Env: EXPOSURE_POSITIONS (10000), UPDATES (2000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STATUS_HOLDING } from '@tradepad/contracts';
import { DEFAULT_ACCOUNT_TERMS, lots, micros, priceToPoints, type Side } from '@tradepad/domain';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { CATEGORIES, INSTRUMENTS } from '../apps/server/src/modules/market/instruments.data.ts';
import { MarketRepository } from '../apps/server/src/modules/market/market.repository.ts';
import type { Quote } from '../apps/server/src/modules/market/quote-book.ts';
import { Random } from '../apps/server/src/modules/market/random.ts';
import { usdText, type ExposurePrices } from '../apps/server/src/modules/trading/house-exposure.ts';
import {
  LiveBook,
  type EngineInstrument,
  type LiveAccount,
  type LiveOrder,
} from '../apps/server/src/modules/trading/live-book.ts';
import { termsOf } from '../apps/server/src/modules/trading/trading.service.ts';

const POSITIONS = Number(process.env.EXPOSURE_POSITIONS ?? 10_000);
const UPDATES = Number(process.env.UPDATES ?? 2000);
const ROUNDS = 3;
const TARGET_MS = 5;

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const us = (ns: number) => `${(ns / 1000).toFixed(1)} µs`;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-bench-exposure-'));
  const handle = openDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
  await migrateToLatest(handle);
  const marketRepo = new MarketRepository(handle);
  await marketRepo.seed(CATEGORIES, INSTRUMENTS);
  const instruments = await marketRepo.instruments();

  const quotes = new Map<string, Quote>();
  const seedPrice = new Map(INSTRUMENTS.map((i) => [i.code, i.startPrice]));
  for (const i of instruments) {
    const bid = priceToPoints(seedPrice.get(i.code)!, i.precision);
    quotes.set(i.code, { bid, ask: bid + i.spread_points, time: 0 } as Quote);
  }
  const book = new LiveBook({
    db: handle.db,
    repo: { openOrders: async () => [] } as never,
    ledger: { accountId: async () => 1 } as never,
    market: { quote: (code: string) => quotes.get(code), isOpen: () => true },
    clock: { now: () => 0 },
    log: console as never,
    staleQuoteMs: 10_000,
  });
  await book.load(instruments, termsOf);
  const insts = instruments.map((i) => book.instrument(i.id)!);

  // 10,000 real positions on 2,000 accounts and as many demo ones, random sides and sizes, entries near the market.
  const rnd = new Random(7);
  const accounts: LiveAccount[] = [];
  const account = (userId: number, demo: boolean): LiveAccount => ({
    userId,
    demo,
    typeId: 1,
    terms: DEFAULT_ACCOUNT_TERMS,
    cash: micros(0n),
    credit: micros(0n),
    margin: micros(0n),
    orders: new Map(),
    exposure: new Map(),
    single: undefined,
    marginCall: false,
    stoppingOut: false,
    cashF: 0,
    marginF: 0,
    swap: micros(0n),
    swapF: 0,
  });
  for (let u = 0; u < 4000; u++) accounts.push(account(u + 1, u >= 2000));
  const orders: LiveOrder[] = [];
  let id = 1;
  for (const demo of [false, true])
    for (let n = 0; n < POSITIONS; n++) {
      const inst = insts[Math.floor(rnd.next() * insts.length)]!;
      const acc = accounts[(demo ? 2000 : 0) + Math.floor(rnd.next() * 2000)]!;
      const q = quotes.get(inst.row.code)!;
      const side = (rnd.next() < 0.5 ? 1 : 2) as Side;
      const step = Number(inst.terms.contractSize) >= 100 ? 100n : 1n;
      const o: LiveOrder = {
        id: id++,
        userId: acc.userId,
        demo,
        copyOf: 0,
        inst,
        side,
        status: STATUS_HOLDING,
        kind: 'market',
        lots: lots(step * BigInt(1 + Math.floor(rnd.next() * 50))),
        leverage: 100,
        orderPrice: 0,
        openPrice: Math.round(q.bid * (1 + (rnd.next() - 0.5) * 0.01)),
        stopLoss: 0,
        takeProfit: 0,
        margin: micros(0n),
        fee: micros(0n),
        swap: micros(0n),
        commission: micros(0n),
        createdAt: 0,
        openedAt: 0,
        trailingDistance: 0,
        expireAt: 0,
        stopLimitPrice: 0,
        receipt: null,
        busy: false,
        unitsF: 0,
      };
      book.remember(acc, o);
      orders.push(o);
    }

  const prices = (inst: EngineInstrument): ExposurePrices | undefined => book.exposurePrices(inst);
  const move = (k: number) => {
    const inst = insts[k % insts.length]!;
    const q = quotes.get(inst.row.code)!;
    const bid = q.bid + (k % 2 === 0 ? 1 : -1) * inst.row.spread_points;
    quotes.set(inst.row.code, { ...q, bid, ask: bid + inst.row.spread_points });
  };

  /** The same figures by walking every open order (the baseline), keyed by code. */
  const naive = () => {
    const out = new Map<string, { long: bigint; short: bigint; notional: number; house: number }>();
    for (const o of book.orders.values()) {
      if (o.demo || o.status !== STATUS_HOLDING) continue;
      const p = prices(o.inst)!;
      const code = o.inst.row.code;
      const e = out.get(code) ?? { long: 0n, short: 0n, notional: 0, house: 0 };
      const s = o.inst.scale;
      if (o.side === 1) {
        e.long += o.lots;
        e.notional += ((o.unitsF * p.bid) / s) * p.rateBid;
        e.house -= ((o.unitsF * (p.bid - o.openPrice)) / s) * p.rateBid;
      } else {
        e.short += o.lots;
        e.notional -= ((o.unitsF * p.bid) / s) * p.rateBid;
        e.house -= ((o.unitsF * (o.openPrice - p.ask)) / s) * p.rateAsk;
      }
      out.set(code, e);
    }
    return out;
  };
  const incremental = () => book.house.figures(prices);

  // Check, untimed: both agree to the cent on every instrument.
  for (let k = 0; k < 50; k++) {
    move(k);
    const a = incremental();
    const b = naive();
    if (a.length !== b.size) throw new Error(`instruments differ: ${a.length} vs ${b.size}`);
    for (const f of a) {
      const n = b.get(f.inst.row.code)!;
      const same =
        f.longLots === n.long &&
        f.shortLots === n.short &&
        usdText(f.netNotionalUsd) === usdText(n.notional) &&
        usdText(f.houseUnrealised) === usdText(n.house);
      if (!same) throw new Error(`${f.inst.row.code}: incremental and naive figures differ`);
    }
  }

  const timeUpdates = (compute: () => unknown) => {
    let best: number[] | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const times: number[] = [];
      for (let k = 0; k < UPDATES; k++) {
        const t0 = process.hrtime.bigint();
        move(k);
        compute();
        times.push(Number(process.hrtime.bigint() - t0));
      }
      if (!best || pct(times, 0.99) < pct(best, 0.99)) best = times;
    }
    return best!;
  };
  const inc = timeUpdates(incremental);
  const nai = timeUpdates(naive);

  // Maintenance: one real position leaves and enters the aggregate (what a close and an open add to the engine).
  let bestHold: number[] | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const times: number[] = [];
    for (let k = 0; k < UPDATES; k++) {
      const o = orders[(k * 7) % POSITIONS]!;
      const acc = accounts[o.userId - 1]!;
      const t0 = process.hrtime.bigint();
      book.hold(acc, o, -1);
      book.hold(acc, o, 1);
      times.push(Number(process.hrtime.bigint() - t0) / 2);
    }
    if (!bestHold || pct(times, 0.99) < pct(bestHold, 0.99)) bestHold = times;
  }

  const rows = incremental().length;
  console.log(
    `${POSITIONS} real positions (+${POSITIONS} demo, not counted) on ${rows} instruments, ${UPDATES} updates, best of ${ROUNDS} rounds`,
  );
  const line = (name: string, xs: number[], target?: number) => {
    const p99 = pct(xs, 0.99);
    const verdict =
      target === undefined
        ? ''
        : p99 <= target * 1e6
          ? `  (target p99 ≤ ${target} ms: pass)`
          : `  (target p99 ≤ ${target} ms: FAIL)`;
    console.log(
      `${name.padEnd(40)} p50 ${us(pct(xs, 0.5)).padStart(10)}  p99 ${us(p99).padStart(10)}  max ${us(Math.max(...xs)).padStart(10)}${verdict}`,
    );
  };
  line('update (incremental aggregate)', inc, TARGET_MS);
  line('update (naive: walk every order)', nai);
  line('open or close (aggregate upkeep)', bestHold!);
  console.log(`ratio naive/incremental at p50: ${(pct(nai, 0.5) / pct(inc, 0.5)).toFixed(0)}×`);
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

void main();
