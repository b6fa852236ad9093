/**
 * Copy trading's fan-out (issue 34 point 6), in process on the engine with a real SQLite file and durable commits (WAL,
 * every commit flushed before it is acknowledged), driven by a scripted feed:
 * - fan-out: one provider's market order copied to COPY_FOLLOWERS (default 1,000) followers, proportional, every copy
 *   written in the provider's own transaction: the commit's time (begin → commit, the writer's own timing), the
 *   provider's place() end to end, and the close that takes every copy with it. Target: commit p99 ≤ 50 ms on 2 cores.
 *   Measured twice: on the fresh file, and again after COPY_AGE (default 100) rounds of history. With
 *   COPY_DATABASE_URL (a PostgreSQL role that may create databases) the same again on a fresh PostgreSQL database.
 * - the provider's own fill with 0 followers: COPY_SOLO orders (default 2,000), each opened and closed alone, on an
 *   engine with the roster plugged in (the provider has no followers) against one without (the engine as before copy
 *   trading), in alternating rounds on two databases. Target: unchanged within noise.
 * Prints figures; asserts nothing but a sound ledger.
 */
import os from 'node:os';
import path from 'node:path';
import { CLOSED_BY_USER } from '@tradepad/contracts';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-checker.ts';
import { CopyBench } from '../apps/server/test/copy-bench.ts';
import { freshDatabase } from '../apps/server/test/fresh-database.ts';
import { pagesLine, walPages } from './support/wal-pages.ts';

const FOLLOWERS = Number(process.env.COPY_FOLLOWERS ?? 1000);
const ROUNDS = Number(process.env.COPY_ROUNDS ?? 50);
const SOLO = Number(process.env.COPY_SOLO ?? 2000);
const AGE = Number(process.env.COPY_AGE ?? 100);
/** COPY_DATABASE_URL=postgres://… (a role that may create databases): the fan-out on a fresh PostgreSQL database too. */
const PG_ADMIN = process.env.COPY_DATABASE_URL;

const q = (xs: readonly number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => x.toFixed(2);
const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
const row = (name: string, xs: readonly number[]) =>
  `| ${name} | ${xs.length} | ${ms(q(xs, 0.5))} | ${ms(q(xs, 0.99))} | ${ms(Math.max(...xs))} |`;

/** One round's figures: the open and the close of one provider order with every copy. */
interface Rounds {
  openCommit: number[];
  closeCommit: number[];
  openPlace: number[];
  closeCall: number[];
  /** The process's CPU time over each call (user + system): what the wall time would be on an idle core. */
  openCpu: number[];
  closeCpu: number[];
}

async function fanOut(databaseUrl?: string): Promise<string[]> {
  const commits: number[] = [];
  let recording = false;
  const b = new CopyBench({
    commitSeconds: { observe: (s) => recording && commits.push(s * 1000) },
    databaseUrl,
    keepTold: false,
  });
  await b.open();
  const provider = await b.trader('1000000');
  const t0 = performance.now();
  for (let i = 0; i < FOLLOWERS; i++) await b.follower(provider, '20000', 'proportional', '1');
  const seeded = (performance.now() - t0) / 1000;
  (globalThis as { gc?: () => void }).gc?.();
  let round = 0;
  /** `n` rounds of open and close; recorded in `into` when given. */
  const run = async (n: number, into?: Rounds) => {
    for (let r = 0; r < n; r++, round++) {
      b.tick('EURUSD', round % 2 ? '1.08500' : '1.08520');
      commits.length = 0;
      recording = true;
      let s = performance.now();
      let cpu = process.cpuUsage();
      const p = await b.order(provider, 1, { lots: '5' });
      const placed = performance.now() - s;
      const placedCpu = cpuMs(cpu);
      const opened = commits.splice(0);
      if (b.engine.copiesOf(p.id).length !== FOLLOWERS) throw new Error(`copied to ${b.engine.copiesOf(p.id).length}`);
      s = performance.now();
      cpu = process.cpuUsage();
      await b.engine.close(p, CLOSED_BY_USER);
      const closed = performance.now() - s;
      const closedCpu = cpuMs(cpu);
      recording = false;
      if (!into) continue;
      into.openPlace.push(placed);
      into.closeCall.push(closed);
      into.openCpu.push(placedCpu);
      into.closeCpu.push(closedCpu);
      into.openCommit.push(...opened);
      into.closeCommit.push(...commits);
    }
  };
  /** On SQLite: the pages one open and one close write to the WAL, by b-tree. */
  const pages = async (label: string): Promise<string[]> => {
    if (databaseUrl) return [];
    const sqlite = (b.handle.raw as { sqlite: Parameters<typeof walPages>[0] }).sqlite;
    const file = path.join(b.dir, 'db.sqlite');
    let p: Awaited<ReturnType<typeof b.order>> | undefined;
    b.tick('EURUSD', '1.08510');
    const open = await walPages(sqlite, file, async () => (p = await b.order(provider, 1, { lots: '5' })));
    const close = await walPages(sqlite, file, () => b.engine.close(p!, CLOSED_BY_USER));
    return [`- ${label} open: ${pagesLine(open)}`, `- ${label} close: ${pagesLine(close)}`];
  };
  const rounds = (): Rounds => ({ openCommit: [], closeCommit: [], openPlace: [], closeCall: [], openCpu: [], closeCpu: [] });
  // The first rounds compile the code paths: not counted.
  await run(3);
  const fresh = rounds();
  await run(ROUNDS, fresh);
  const freshPages = await pages('fresh:');
  // History: once the account-keyed indexes hold more than a page per follower, each copy dirties pages of its own
  // (see migration 039); the tables of a platform that has run for a while are in that state, a fresh file is not.
  await run(AGE);
  const aged = rounds();
  await run(ROUNDS, aged);
  const agedPages = await pages('with history:');
  await b.engine.idle();
  const problems = await checkLedger(b.handle.db);
  await b.close();
  const block = (label: string, x: Rounds) => [
    row(`${label} open: the commit (provider + ${FOLLOWERS} copies)`, x.openCommit),
    row(`${label} open: place() end to end (plan, commit, book)`, x.openPlace),
    row(`${label} close: the commit (provider + ${FOLLOWERS} copies)`, x.closeCommit),
    row(`${label} close: close() end to end`, x.closeCall),
    row(`${label} open: CPU time of place() (user + system)`, x.openCpu),
    row(`${label} close: CPU time of close() (user + system)`, x.closeCpu),
  ];
  return [
    `One provider order copied to ${FOLLOWERS} followers (${ROUNDS} rounds after 3 of warm-up, then ${ROUNDS} more after ${AGE} unmeasured rounds of history; ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, durable commits; seeding ${seeded.toFixed(1)} s; ledger ${problems.length === 0 ? 'sound' : `${problems.length} problems`})`,
    '| measure | n | p50 ms | p99 ms | max ms |',
    '|---|---|---|---|---|',
    ...block('fresh:', fresh),
    ...block(`after ${AGE + ROUNDS + 4} rounds:`, aged),
    ...(freshPages.length ? ['', "Pages one fan-out's commit writes to the WAL, by b-tree:", ...freshPages, ...agedPages] : []),
  ];
}

async function solo(): Promise<string[]> {
  const before = new CopyBench({ copying: false });
  const after = new CopyBench();
  await before.open();
  await after.open();
  const providers = new Map<CopyBench, number>();
  for (const b of [before, after]) providers.set(b, await b.trader('1000000'));
  // The roster knows other providers; this one has no followers.
  const other = await after.trader('1000000');
  for (let i = 0; i < 10; i++) await after.follower(other, '1000', 'fixed_lots', '0.01');
  const times = new Map<CopyBench, number[]>([
    [before, []],
    [after, []],
  ]);
  const per = 100;
  for (let r = 0; r < SOLO / per + 2; r++)
    for (const b of r % 2 ? [after, before] : [before, after]) {
      b.tick('EURUSD', '1.08500');
      for (let i = 0; i < per; i++) {
        const s = performance.now();
        const o = await b.order(providers.get(b)!, 1, { lots: '0.1' });
        const took = performance.now() - s;
        await b.engine.close(o, CLOSED_BY_USER);
        if (r >= 2) times.get(b)!.push(took);
      }
    }
  for (const b of [before, after]) {
    await b.engine.idle();
    const problems = await checkLedger(b.handle.db);
    if (problems.length) throw new Error(`ledger: ${JSON.stringify(problems)}`);
    await b.close();
  }
  return [
    `A provider's own market fill with 0 followers (${SOLO} orders each, one at a time, each its own durable commit; alternating rounds of ${per})`,
    '| engine | n | p50 ms | p99 ms | max ms |',
    '|---|---|---|---|---|',
    row('without a roster (as before copy trading)', times.get(before)!),
    row('roster plugged in, provider without followers', times.get(after)!),
  ];
}

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);
for (const line of await fanOut()) console.log(line);
console.log('');
if (PG_ADMIN) {
  const db = await freshDatabase(PG_ADMIN, 'tradepad_copy_bench');
  try {
    for (const line of await fanOut(db.url)) console.log(line);
  } finally {
    await db.drop();
  }
  console.log('');
}
if (SOLO > 0) for (const line of await solo()) console.log(line);
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
