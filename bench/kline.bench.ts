/**
 * `forex/kline` for 500 bars (issue 3 §7, target p99 ≤ 5 ms): HTTP throughput and latency of the chart's history call
 * on a server started in-process with the default 30-day history (the first start generates it: ~10 s), for the 1min
 * and 5min periods. Naive baseline in the same run: a bare Fastify route answering the same query from the same SQLite
 * file with a better-sqlite3 prepared statement (no validation, no envelope, no live bar, no price formatting), to show
 * the overhead of the real route. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { API } from '@tradepad/contracts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createServer } from '../apps/server/src/server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.KLINE_CONNECTIONS ?? 10);

async function load(url: string) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    kb: Math.round(r.throughput.average / Math.max(1, r.requests.average) / 102.4) / 10,
    errors: r.errors + r.non2xx,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-bench-kline-'));
  const config = loadConfig({}, { DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
  const t0 = performance.now();
  const app = await createServer({ config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const startSec = (performance.now() - t0) / 1000;
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const db = new Database(config.sqlitePath, { readonly: true });
  const stmt = db.prepare(
    'select time, open, high, low, close, volume from candles where instrument_id = ? and period = ? order by time desc limit ?',
  );
  const baseline = Fastify();
  baseline.get('/kline', async (req) => {
    const q = req.query as { forex_id: string; period: string; limit: string };
    return stmt.all(Number(q.forex_id), q.period, Number(q.limit)).reverse();
  });
  await baseline.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(baseline.server.address() as { port: number }).port}/kline`;

  const rows: Array<[string, Awaited<ReturnType<typeof load>>]> = [];
  for (const period of ['1min', '5min']) {
    const query = `forex_id=1&period=${period}&limit=500`;
    const check = (await (await fetch(`${base}${API.kline}?${query}`)).json()) as { data: unknown[] };
    if (check.data.length !== 500) console.log(`warning: ${period} returned ${check.data.length} bars`);
    rows.push([`baseline: bare Fastify + prepared statement, ${period}`, await load(`${baseUrl}?${query}`)]);
    rows.push([`GET forex/kline ${period} × 500`, await load(`${base}${API.kline}?${query}`)]);
  }

  console.log(
    `\nforex/kline, 500 bars (${DURATION} s each, ${CONNECTIONS} connections, ${os.cpus().length} cores, SQLite, ` +
      `30-day history generated in ${startSec.toFixed(1)} s)`,
  );
  console.log('| call | req/s | p50 ms | p99 ms | KB per response | errors |\n|---|---|---|---|---|---|');
  for (const [name, r] of rows) console.log(`| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.kb} | ${r.errors} |`);

  await baseline.close();
  db.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

void main();
