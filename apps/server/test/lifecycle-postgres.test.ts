import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from './harness.ts';
import { logLines, removeDataDirs, startProcess, waitFor, type SpawnedServer } from './spawned-server.ts';

const PG = process.env.TEST_DATABASE_URL;
if (!PG) console.info('lifecycle-postgres.test.ts skipped: it needs PostgreSQL (TEST_DATABASE_URL)');

const databases: TestDatabase[] = [];
const servers: SpawnedServer[] = [];
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await Promise.all(databases.map((d) => d.drop()));
  removeDataDirs();
});

async function emptyDatabase(): Promise<string> {
  const d = await freshDatabase();
  databases.push(d);
  return d.url!;
}

async function start(env: Record<string, string>): Promise<SpawnedServer> {
  const s = await startProcess({ LOG_LEVEL: 'info', ...env });
  servers.push(s);
  return s;
}

/** DESIGN §15 on PostgreSQL: real server processes, a first start on an empty database and a leader's SIGTERM. */
describe.skipIf(!PG)('process on PostgreSQL', () => {
  it('is ready within 10 s of a first start on an empty database, and fills the older history afterwards', async () => {
    const url = await emptyDatabase();
    const s = await start({ DATABASE_URL: url, HISTORY_DAYS: '30', HISTORY_LONG_DAYS: '450' });
    // Measured from the process's start, as a supervisor or a load balancer sees it.
    const started = performance.now();
    await waitFor(s.port, '/readyz', 60_000);
    const readyMs = performance.now() - started;
    console.info(`ready ${Math.round(readyMs)} ms after the start on an empty PostgreSQL database`);
    expect(readyMs).toBeLessThan(10_000);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const minutes = async () =>
        Number((await db.query<{ n: string }>("select count(*) as n from candles where period = '1min'")).rows[0]!.n);
      const atReady = await minutes();
      // Keeps filling while the server serves.
      const deadline = performance.now() + 120_000;
      while (!logLines(s.output()).some((l) => l.msg === 'history complete') && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 500));
      expect(logLines(s.output()).some((l) => l.msg === 'history complete')).toBe(true);
      // How far the background had got when readiness was first read depends on the machine's speed: only the growth
      // and the reach (30 days back) are certain.
      expect(await minutes()).toBeGreaterThan(atReady);
      const oldest = await db.query<{ t: string }>(
        `select min(c.time) as t from candles c join instruments i on i.id = c.instrument_id
         where i.code = 'BTCUSD' and c.period = '1min'`,
      );
      expect(Date.now() / 1000 - Number(oldest.rows[0]!.t)).toBeGreaterThan(29 * 86_400);
      // BTCUSD trades around the clock: its minutes and hours run without a gap or a duplicate across the steps.
      for (const [period, step] of [
        ['1min', 60],
        ['60min', 3600],
      ] as const) {
        const times = (
          await db.query<{ time: string }>(
            `select c.time from candles c join instruments i on i.id = c.instrument_id
             where i.code = 'BTCUSD' and c.period = $1 order by c.time`,
            [period],
          )
        ).rows.map((r) => Number(r.time));
        const gaps = times.slice(1).filter((t, i) => t - times[i]! !== step);
        expect(gaps, `${period} steps`).toEqual([]);
      }
      const days = await db.query<{ n: string }>(
        "select count(*) as n from candles c join instruments i on i.id = c.instrument_id where i.code = 'BTCUSD' and c.period = '1day'",
      );
      expect(Number(days.rows[0]!.n)).toBeGreaterThanOrEqual(449);
    } finally {
      await db.end();
    }
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 180_000);

  it('lets a standby lead within about 2 s of the leader’s SIGTERM', async () => {
    const url = await emptyDatabase();
    const first = await start({ DATABASE_URL: url });
    await waitFor(first.port, '/readyz', 60_000);
    const second = await start({ DATABASE_URL: url });
    await waitFor(second.port, '/healthz', 60_000);
    const engine = async (s: SpawnedServer) =>
      ((await (await fetch(`http://127.0.0.1:${s.port}/readyz`)).json()) as { engine?: string }).engine;
    expect(await engine(first)).toBe('leader');
    expect(await engine(second)).toBe('standby');

    const signalled = performance.now();
    first.child.kill('SIGTERM');
    let takeover = Infinity;
    while (performance.now() - signalled < 10_000) {
      if ((await engine(second).catch(() => undefined)) === 'leader') {
        takeover = performance.now() - signalled;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    console.info(`standby leads ${Math.round(takeover)} ms after the leader's SIGTERM`);
    expect(takeover).toBeLessThan(2500);
    expect(await first.exited).toBe(0);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});
