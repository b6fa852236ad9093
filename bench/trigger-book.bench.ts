/**
 * The execution engine's trigger book (DESIGN §5): what one quote costs the engine, measured around `crossed()` alone
 * with process.hrtime.bigint, no server. 100,000 triggers (pending orders, stop-losses, take-profits and, since issue
 * 20, trailing stops' move triggers (a third of the stop-losses trail: one more trigger each, ahead of the market on
 * the winning side) and, since issue 20 point 7, price alerts (a tenth of the entries: a level on the bid above or below
 * the market) of a seeded random book) either spread over the 24 seeded instruments or all on BTCUSD (the worst case: one deep book; BTCUSD
 * because its price has the most points, so levels are fine-grained enough for a tick to fire exactly one), at
 * realistic distances from the market: at least max(3 spreads, 0.02 %), then exponential with a mean of 0.5 % of
 * the price (EURUSD: 2.4 pips, then ~54 pips on average).
 * - a tick that fires nothing: the quote wanders inside the band no trigger is in (target p99 ≤ 10 µs);
 * - ticks that fire k ≈ 1, 10, 100, 1000 triggers: a jump down or up past the k nearest levels of one instrument
 *   (target p99 ≤ 10 µs + 5 µs × k, with k the fewest fired by any measured tick). Levels repeat (many orders sit at
 *   the same price), so a tick fires every trigger at the level it reaches and k is only approximately the round
 *   number: the table shows what was fired. Fired triggers are put back, untimed, after each tick.
 * Naive baseline in the same run: the same ticks against a linear scan of every trigger of the instrument (with
 * in-place removal of the fired ones and the same ordering), to show the ratio; the first 200 ticks of each case are
 * checked, untimed, to fire the same triggers in both. Each case runs in 3 rounds and reports the best round, since
 * the machine is shared. Prints figures beside their targets with a pass/fail word; asserts nothing.
 * Env: TRIGGERS (100000), QUIET_TICKS (100000).
 */
import os from 'node:os';
import { priceToPoints } from '@tradepad/domain';
import { INSTRUMENTS } from '../apps/server/src/modules/market/instruments.data.ts';
import { Random } from '../apps/server/src/modules/market/random.ts';
import {
  alertTrigger,
  pendingOrderTrigger,
  stopLossTrigger,
  takeProfitTrigger,
  trailTrigger,
  TriggerBook,
  type Trigger,
} from '../apps/server/src/modules/trading/trigger-book.ts';

const TRIGGERS = Number(process.env.TRIGGERS ?? 100_000);
const QUIET_TICKS = Number(process.env.QUIET_TICKS ?? 100_000);
const KS = [1, 10, 100, 1000];

interface Market {
  code: string;
  bid: number;
  ask: number;
  /** No trigger is within this many points of the market on its side. */
  minGap: number;
}

/** The obvious implementation: every trigger of the instrument in an array, all of them compared on every tick. */
class LinearScan {
  private readonly triggers: Trigger[] = [];
  /** Live triggers are `triggers[0 .. n)`; the array is never shrunk, so the scan allocates only its result. */
  private n = 0;

  add(t: Trigger): void {
    this.triggers[this.n++] = t;
  }

  crossed(bid: number, ask: number): Trigger[] {
    const list = this.triggers;
    const n = this.n;
    const fired: Trigger[] = [];
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const t = list[i]!;
      const price = t.source === 'bid' ? bid : ask;
      if (t.when === 'at_or_below' ? price <= t.level : price >= t.level) fired.push(t);
      else {
        if (kept !== i) list[kept] = t;
        kept++;
      }
    }
    this.n = kept;
    if (fired.length > 1) fired.sort((a, b) => depth(b, bid, ask) - depth(a, bid, ask));
    return fired;
  }
}

/** How far the watched price is past a trigger's level, in points (≥ 0 when it fires). */
function depth(t: Trigger, bid: number, ask: number): number {
  const price = t.source === 'bid' ? bid : ask;
  return t.when === 'at_or_below' ? t.level - price : price - t.level;
}

interface Setup {
  name: string;
  markets: Market[];
  books: TriggerBook[];
  scans: LinearScan[];
  /** Per market, distances in points from the market of the triggers a fall fires, sorted (ditto for a rise). */
  down: number[][];
  up: number[][];
  buildMs: number;
}

function buildSetup(name: string, codes: readonly string[]): Setup {
  const rnd = new Random(20_261_122);
  const markets: Market[] = codes.map((code) => {
    const seed = INSTRUMENTS.find((s) => s.code === code)!;
    const bid = priceToPoints(seed.startPrice, seed.precision);
    return { code, bid, ask: bid + seed.spreadPoints, minGap: Math.max(3 * seed.spreadPoints, Math.round(bid * 0.0002)) };
  });
  const lists: Trigger[][] = markets.map(() => []);
  let orderId = 1;
  let count = 0;
  const distance = (m: Market) => m.minGap + Math.round(m.bid * 0.005 * -Math.log(1 - rnd.next()));
  while (count < TRIGGERS) {
    const mi = Math.floor(rnd.next() * markets.length);
    const m = markets[mi]!;
    const list = lists[mi]!;
    const id = orderId++;
    const buy = rnd.next() < 0.5;
    // A price alert (issue 20 point 7): a level on the bid, above or below the market, one trigger each.
    if (rnd.next() < 0.1) {
      const d = distance(m);
      list.push(buy ? alertTrigger(id, 'above', m.bid + d) : alertTrigger(id, 'below', m.bid - d));
      count++;
      continue;
    }
    if (rnd.next() < 0.35) {
      // A pending order: a limit on the better side of the market, a stop on the worse.
      const limit = rnd.next() < 0.6;
      const d = distance(m);
      list.push(
        buy
          ? pendingOrderTrigger(id, limit ? 'buy_limit' : 'buy_stop', limit ? m.ask - d : m.ask + d)
          : pendingOrderTrigger(id, limit ? 'sell_limit' : 'sell_stop', limit ? m.bid + d : m.bid - d),
      );
      count++;
      continue;
    }
    // An open position closes at the bid (long) or the ask (short); most carry a stop-loss, many a take-profit.
    const close = buy ? m.bid : m.ask;
    if (rnd.next() < 0.8 && count < TRIGGERS) {
      list.push(stopLossTrigger(id, buy ? 1 : 2, buy ? close - distance(m) : close + distance(m)));
      count++;
      // A trailing stop (issue 20): its move trigger waits for the market to go its way past stop + distance.
      if (rnd.next() < 1 / 3 && count < TRIGGERS) {
        list.push(trailTrigger(id, buy ? 1 : 2, buy ? close + distance(m) : close - distance(m)));
        count++;
      }
    }
    if (rnd.next() < 0.6 && count < TRIGGERS) {
      list.push(takeProfitTrigger(id, buy ? 1 : 2, buy ? close + distance(m) : close - distance(m)));
      count++;
    }
  }
  const t0 = performance.now();
  const books = lists.map((list) => {
    const book = new TriggerBook();
    for (const t of list) book.add(t);
    return book;
  });
  const buildMs = performance.now() - t0;
  const scans = lists.map((list) => {
    const scan = new LinearScan();
    for (const t of list) scan.add(t);
    return scan;
  });
  const down = lists.map((list, i) => {
    const m = markets[i]!;
    return list
      .filter((t) => t.when === 'at_or_below')
      .map((t) => (t.source === 'bid' ? m.bid : m.ask) - t.level)
      .sort((a, b) => a - b);
  });
  const up = lists.map((list, i) => {
    const m = markets[i]!;
    return list
      .filter((t) => t.when === 'at_or_above')
      .map((t) => t.level - (t.source === 'bid' ? m.bid : m.ask))
      .sort((a, b) => a - b);
  });
  return { name, markets, books, scans, down, up, buildMs };
}

interface Tick {
  market: number;
  bid: number;
  ask: number;
}

/** Quotes inside each market's quiet band: nothing can fire. */
function quietTicks(s: Setup, n: number): Tick[] {
  const rnd = new Random(7);
  return Array.from({ length: n }, () => {
    const market = Math.floor(rnd.next() * s.markets.length);
    const m = s.markets[market]!;
    const half = Math.floor((m.minGap - 1) / 2);
    const move = Math.floor(rnd.next() * (2 * half + 1)) - half;
    return { market, bid: m.bid + move, ask: m.ask + move };
  });
}

/**
 * Jumps that fire about k triggers: for each market and direction, the move whose fired count (every trigger at or
 * inside the distance reached) is nearest k; then the moves nearest k over all markets, cycled to n ticks.
 */
function firingTicks(s: Setup, k: number, n: number): Tick[] {
  const options: Array<Tick & { error: number }> = [];
  s.markets.forEach((m, market) => {
    for (const [dists, sign] of [
      [s.down[market]!, -1],
      [s.up[market]!, 1],
    ] as const) {
      let best: { move: number; error: number } | undefined;
      for (let i = 0; i < dists.length; i++) {
        if (i + 1 < dists.length && dists[i + 1] === dists[i]) continue; // the last of a run of equal distances
        const error = Math.abs(i + 1 - k);
        if (!best || error < best.error) best = { move: dists[i]!, error };
      }
      if (best) options.push({ market, bid: m.bid + sign * best.move, ask: m.ask + sign * best.move, error: best.error });
    }
  });
  const least = Math.min(...options.map((o) => o.error));
  const chosen = options.filter((o) => o.error <= least + Math.floor(k / 10));
  const rnd = new Random(k);
  return Array.from({ length: n }, () => chosen[Math.floor(rnd.next() * chosen.length)]!);
}

interface Book {
  crossed(bid: number, ask: number): Trigger[];
  add(t: Trigger): void;
}

interface Timing {
  ns: Float64Array;
  fired: Int32Array;
}

/** Times `crossed` on each tick (the timer brackets that call only), putting back what fired after each one. */
function measure(books: readonly Book[], ticks: readonly Tick[], warmup: number): Timing {
  const ns = new Float64Array(ticks.length);
  const fired = new Int32Array(ticks.length);
  for (let pass = 0; pass < 2; pass++) {
    const n = pass === 0 ? Math.min(warmup, ticks.length) : ticks.length;
    for (let i = 0; i < n; i++) {
      const tick = ticks[i]!;
      const book = books[tick.market]!;
      const t0 = process.hrtime.bigint();
      const out = book.crossed(tick.bid, tick.ask);
      const t1 = process.hrtime.bigint();
      for (let j = 0; j < out.length; j++) book.add(out[j]!);
      if (pass === 1) {
        ns[i] = Number(t1 - t0);
        fired[i] = out.length;
      }
    }
  }
  return { ns, fired };
}

const ROUNDS = 3;

interface Summary {
  /** p50 and p99 of the round with the lowest p99, and the highest p99 of any round, in ns. */
  p50: number;
  p99: number;
  worstP99: number;
  fired: Int32Array;
}

/**
 * The ticks split into ROUNDS rounds, each timed on its own; the best round is reported. The machine is shared (two
 * cores, other work running), so one round's tail can be another process's time slice rather than the book's.
 */
function measureRounds(books: readonly Book[], ticks: readonly Tick[], warmup: number): Summary {
  const size = Math.ceil(ticks.length / ROUNDS);
  const fired = new Int32Array(ticks.length);
  let best: { p50: number; p99: number } | undefined;
  let worstP99 = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const t = measure(books, ticks.slice(r * size, (r + 1) * size), r === 0 ? warmup : 0);
    fired.set(t.fired, r * size);
    const p99 = pct(t.ns, 0.99);
    worstP99 = Math.max(worstP99, p99);
    if (!best || p99 < best.p99) best = { p50: pct(t.ns, 0.5), p99 };
  }
  return { ...best!, worstP99, fired };
}

/** Both implementations fire the same triggers on these ticks (checked once each, untimed). */
function sameTriggers(s: Setup, ticks: readonly Tick[]): boolean {
  for (const tick of new Set(ticks.slice(0, 200))) {
    const a = s.books[tick.market]!.crossed(tick.bid, tick.ask);
    const b = s.scans[tick.market]!.crossed(tick.bid, tick.ask);
    for (const t of a) s.books[tick.market]!.add(t);
    for (const t of b) s.scans[tick.market]!.add(t);
    const keys = (ts: Trigger[]) =>
      ts
        .map((t) => t.key)
        .sort()
        .join();
    if (a.length !== b.length || keys(a) !== keys(b)) return false;
    if (a.some((t, i) => depth(t, tick.bid, tick.ask) !== depth(b[i]!, tick.bid, tick.ask))) return false;
  }
  return true;
}

const pct = (xs: Float64Array | Int32Array, q: number): number => {
  const sorted = Array.from(xs).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const us = (ns: number) => ns / 1000;
const fmt = (x: number, d = 2) => x.toFixed(d);

interface Row {
  setup: string;
  perBook: string;
  label: string;
  fired: string;
  p50: number;
  p99: number;
  worstP99: number;
  perOrder: number | undefined;
  target: number;
  naiveP50: number;
  naiveP99: number;
  pass: boolean;
}

function rowsFor(s: Setup): Row[] {
  const rows: Row[] = [];
  const sizes = s.books.map((b) => b.size);
  const perBook = sizes.length === 1 ? `${sizes[0]}` : `${Math.min(...sizes)}–${Math.max(...sizes)}`;
  const cases: Array<{ label: string; ticks: Tick[]; naiveTicks: Tick[] }> = [];
  const quiet = quietTicks(s, QUIET_TICKS);
  // The scan costs ~10 ns per trigger per tick: fewer ticks for it (~0.3 s per case, at least 500), so the run stays short.
  const scanCount = Math.max(500, Math.round(0.3e9 / (10 * Math.max(...sizes))));
  cases.push({ label: 'no trigger fires', ticks: quiet, naiveTicks: quiet.slice(0, scanCount) });
  for (const k of KS) {
    const ticks = firingTicks(s, k, k >= 1000 ? 1000 : 5000);
    cases.push({ label: `fires k ≈ ${k}`, ticks, naiveTicks: ticks.slice(0, scanCount) });
  }
  for (const c of cases) {
    if (!sameTriggers(s, c.ticks)) throw new Error(`${s.name}, ${c.label}: the book and the scan disagree`);
    // Warm-up: enough calls for the JIT to settle (crossed and the scan loop optimise within a few hundred).
    const book = measureRounds(s.books, c.ticks, 1000);
    const naive = measureRounds(s.scans, c.naiveTicks, 100);
    const minFired = book.fired.reduce((a, b) => Math.min(a, b), Infinity);
    const maxFired = book.fired.reduce((a, b) => Math.max(a, b), 0);
    const medFired = pct(book.fired, 0.5);
    const p99 = us(book.p99);
    const target = 10 + 5 * minFired;
    rows.push({
      setup: s.name,
      perBook,
      label: c.label,
      fired: minFired === maxFired ? `${minFired}` : `${medFired} (${minFired}–${maxFired})`,
      p50: us(book.p50),
      p99,
      worstP99: us(book.worstP99),
      perOrder: medFired > 0 ? p99 / medFired : undefined,
      target,
      naiveP50: us(naive.p50),
      naiveP99: us(naive.p99),
      pass: p99 <= target,
    });
  }
  return rows;
}

function timerOverheadNs(): number {
  const ns = new Float64Array(100_000);
  for (let i = 0; i < ns.length; i++) {
    const t0 = process.hrtime.bigint();
    const t1 = process.hrtime.bigint();
    ns[i] = Number(t1 - t0);
  }
  return pct(ns, 0.5);
}

function main() {
  const started = performance.now();
  const load = os.loadavg()[0]!;
  const spread = buildSetup(
    `${INSTRUMENTS.length} instruments`,
    INSTRUMENTS.map((s) => s.code),
  );
  const deep = buildSetup('1 instrument (BTCUSD)', ['BTCUSD']);
  const rows = [...rowsFor(spread), ...rowsFor(deep)];
  const overhead = timerOverheadNs();

  const trails = [...spread.books, ...deep.books].reduce((n, b) => n + [...b].filter((t) => t.kind === 'trail').length, 0);
  console.log(`trailing stops' move triggers: ${trails.toLocaleString('en')} of ${(2 * TRIGGERS).toLocaleString('en')}`);
  const alerts = [...spread.books, ...deep.books].reduce((n, b) => n + [...b].filter((t) => t.kind === 'alert').length, 0);
  console.log(`price alerts: ${alerts.toLocaleString('en')} of ${(2 * TRIGGERS).toLocaleString('en')}`);
  console.log(
    `\nTrigger book: ${TRIGGERS.toLocaleString('en')} triggers, crossed() per quote (${os.cpus().length} cores, ` +
      `Node ${process.versions.node}, load average ${fmt(load)} at start; timer overhead ${overhead} ns per reading pair, ` +
      `included; p50 and p99 from the best of ${ROUNDS} rounds, worst round's p99 beside it)`,
  );
  console.log(
    `build: ${TRIGGERS.toLocaleString('en')} adds in ${fmt(spread.buildMs, 1)} ms over ${spread.books.length} books, ` +
      `${fmt(deep.buildMs, 1)} ms into one`,
  );
  console.log(
    '| book | triggers per book | tick | fired per tick | p50 µs | p99 µs | worst round p99 µs | p99 µs per fired | ' +
      'target p99 µs | naive scan p50 µs | naive scan p99 µs | naive ÷ book (p99) | result |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.setup} | ${r.perBook} | ${r.label} | ${r.fired} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.worstP99)} | ` +
        `${r.perOrder === undefined ? '–' : fmt(r.perOrder, 3)} | ≤ ${r.target} | ${fmt(r.naiveP50)} | ${fmt(r.naiveP99)} | ` +
        `${fmt(r.naiveP99 / r.p99, 1)} | ${r.pass ? 'pass' : 'FAIL'} |`,
    );
  }
  const failed = rows.filter((r) => !r.pass).length;
  console.log(
    `${failed === 0 ? 'pass' : 'FAIL'}: ${rows.length - failed}/${rows.length} within target ` +
      `(no fire: p99 ≤ 10 µs; k fired: p99 ≤ 10 µs + 5 µs × fewest fired); ${fmt((performance.now() - started) / 1000, 1)} s`,
  );
}

main();
