/**
 * Engine failover time (issue 19 point 7): two engine-capable nodes on one PostgreSQL and one Redis (the deployment
 * of e2e/scale-out, without the proxy); the leader is killed with -9 ten times, and each time the time from the kill
 * to the other node answering `/readyz` with `engine: "leader"` is measured (its books rebuilt from the database and
 * its feed running). The killed node is started again as the next standby. Prints the median and the maximum; asserts
 * nothing. Needs redis-server and PostgreSQL's server binaries (`apt-get install redis-server postgresql`).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startCluster, type ClusterNode } from '../e2e/scale-out/cluster.ts';

const KILLS = Number(process.env.FAILOVER_KILLS ?? 10);
const root = path.resolve(import.meta.dirname, '..');

async function main() {
  const env = execFileSync(path.join(root, 'scripts/start-test-postgres.sh'), { encoding: 'utf8' });
  const pgUrl = /TEST_DATABASE_URL=(\S+)/.exec(env)![1]!;
  const pgDir = /TEST_PG_DIR=(\S+)/.exec(env)![1]!;
  const cluster = await startCluster({ postgresUrl: pgUrl, roles: ['all', 'all'], env: { HISTORY_DAYS: '1' } });
  const times: number[] = [];
  try {
    let { node: leader } = await cluster.waitForLeader(30_000);
    for (let i = 0; i < KILLS; i++) {
      // The standby must be up and standing by before the kill, as in production.
      const standby: ClusterNode = cluster.nodes.find((n) => n !== leader)!;
      while ((await cluster.readiness(standby))?.engine !== 'standby') await new Promise((r) => setTimeout(r, 100));
      const t0 = Date.now();
      cluster.kill(leader);
      const next = await cluster.waitForLeader(30_000, leader);
      const ms = Date.now() - t0;
      times.push(ms);
      console.log(`kill ${i + 1}: ${leader.name} → ${next.node.name} in ${ms} ms`);
      if (!leader.dead) await new Promise((r) => leader.process.once('exit', r));
      await cluster.restart(leader);
      leader = next.node;
    }
  } finally {
    await cluster.close();
    execFileSync(path.join(root, 'scripts/stop-test-postgres.sh'), { env: { ...process.env, TEST_PG_DIR: pgDir } });
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  console.log(`failover over ${times.length} kills: median ${median} ms, max ${sorted.at(-1)} ms (target: within 5,000 ms)`);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
