/**
 * Foundation benchmarks: what one core spends on the calls every app start and every sign-in makes.
 * - HTTP throughput of a cached read (`basicSet/getBasicInfo`) and of `user/info` (session lookup + ledger balance),
 *   with a naive baseline in the same run: a bare Fastify route answering a constant, to show the framework's ceiling.
 * - argon2id hashing time (login cost per attempt, by design ~tens of ms).
 * Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { API } from '@tradepad/contracts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createServer } from '../apps/server/src/server.ts';
import { hashPassword } from '../apps/server/src/core/security.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

async function load(url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: 50, duration: DURATION, headers });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-bench-'));
  const config = loadConfig({}, { DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
  const app = await createServer({ config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const uuid = 'bench-device-0000-0000-000000000000';
  const demo = (await (await fetch(`${base}${API.createDemo}?uuid=${uuid}`)).json()) as { data: { demo_id: string } };
  const login = (await (
    await fetch(`${base}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: demo.data.demo_id, password: uuid, login_type: '3' }).toString(),
    })
  ).json()) as { data: { token: string } };

  const baseline = Fastify();
  baseline.get('/const', async () => ({ code: 1, msg: 'ok', data: { service_link: '' } }));
  await baseline.listen({ port: 0, host: '127.0.0.1' });
  const baselineUrl = `http://127.0.0.1:${(baseline.server.address() as { port: number }).port}/const`;

  const rows: Array<[string, Awaited<ReturnType<typeof load>>]> = [];
  rows.push(['baseline: bare Fastify constant', await load(baselineUrl)]);
  rows.push(['GET basicSet/getBasicInfo', await load(`${base}${API.basicInfo}`)]);
  rows.push(['GET user/info (session + balance)', await load(`${base}${API.userInfo}`, { authorization: login.data.token })]);

  const t0 = performance.now();
  const N = 10;
  for (let i = 0; i < N; i++) await hashPassword(`password-${i}`);
  const argonMs = (performance.now() - t0) / N;

  console.log(`\nFoundation benchmarks (${DURATION} s each, 50 connections, ${os.cpus().length} cores, ${database(config)})`);
  console.log('| call | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
  for (const [name, r] of rows) console.log(`| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  console.log(`argon2id hash (m=19 MiB, t=2): ${argonMs.toFixed(1)} ms each`);

  await baseline.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const database = (c: { DATABASE_URL?: string | undefined }) => (c.DATABASE_URL ? 'PostgreSQL' : 'SQLite');

void main();
