import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A scale-out deployment on this machine (issue 19 point 6, DESIGN §2): one PostgreSQL database, one Redis, several
 * server processes with their roles, and nginx in front as the reverse proxy that spreads HTTP and websockets over
 * them. Every part is the real program from Debian; the nodes run the same `main.ts` as `npm start`, only configured
 * differently. Everything listens on 127.0.0.1 and is stopped by `close()`.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

export type NodeRole = 'all' | 'engine' | 'api';

export interface ClusterNode {
  name: string;
  role: NodeRole;
  port: number;
  url: string;
  process: ChildProcess;
  /** Whether the process has exited (killed or stopped). */
  readonly dead: boolean;
}

export interface Readiness {
  status: string;
  role: string;
  engine: 'leader' | 'standby' | 'remote' | string;
}

export interface Cluster {
  /** nginx's address: what traders and the load use. */
  url: string;
  databaseUrl: string;
  redisUrl: string;
  nodes: ClusterNode[];
  /** `/readyz` of one node, or undefined when it does not answer. */
  readiness(node: ClusterNode): Promise<Readiness | undefined>;
  /** The node that reports `engine: "leader"` now, if exactly one does. */
  leader(): Promise<ClusterNode | undefined>;
  /** Waits until exactly one live node is the leader; returns it and how long it took. */
  waitForLeader(timeoutMs: number, except?: ClusterNode): Promise<{ node: ClusterNode; ms: number }>;
  /** `kill -9`: no shutdown, no goodbye to the database or Redis. */
  kill(node: ClusterNode): void;
  /** Stops Redis (SIGTERM: its connections close, as when its host goes away) and waits for it to exit. */
  stopRedis(): Promise<void>;
  /** Starts Redis again, empty, on the same port. */
  startRedis(): Promise<void>;
  /** Starts a stopped node again with its first configuration. */
  restart(node: ClusterNode): Promise<void>;
  /**
   * What a failed test prints: each node's state and the last warnings and errors in its log (nodes log at `warn`), so
   * a failure in CI, whose cluster is gone with its logs, still says what the nodes went through.
   */
  report(): Promise<string>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** A PostgreSQL server URL (a database in it is created for the cluster and dropped at the end). */
  postgresUrl: string;
  roles: NodeRole[];
  /** Extra environment for every node. */
  env?: Record<string, string>;
}

/** Whether this machine has what a deployment needs (CI installs them with apt-get). */
export function missingTools(): string[] {
  const missing: string[] = [];
  if (!which('redis-server')) missing.push('redis-server');
  if (!which('nginx')) missing.push('nginx');
  return missing;
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-cluster-'));
  const stops: Array<() => Promise<void> | void> = [];
  try {
    const databaseUrl = await createDatabase(opts.postgresUrl, `tradepad_cluster_${process.pid}_${Date.now()}`);
    stops.push(() => dropDatabase(opts.postgresUrl, databaseUrl));

    const redisPort = await freePort();
    // Nothing persisted: a Redis started again is empty, as one that lost its memory (DESIGN §15: it holds nothing
    // that must survive).
    const spawnRedis = () =>
      spawn(
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', work],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
    let redis = spawnRedis();
    stops.push(() => stopProcess(redis));
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    await waitForPort(redisPort, 10_000);

    const nodes: ClusterNode[] = [];
    const envOf = new Map<ClusterNode, NodeJS.ProcessEnv>();
    const launch = (node: { name: string; role: NodeRole; port: number }, env: NodeJS.ProcessEnv) => {
      const log = fs.openSync(path.join(work, `${node.name}.log`), 'a');
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
        cwd: ROOT,
        env,
        stdio: ['ignore', log, log],
      });
      fs.closeSync(log);
      return child;
    };
    // The engine-capable nodes first, one at a time, so the first of them is the first leader.
    for (const [i, role] of opts.roles.entries()) {
      const port = await freePort();
      const name = `node${i + 1}-${role}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, name),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        NODE_ROLE: role,
        TRUST_PROXY: '127.0.0.1',
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'Admin12345',
        LOG_LEVEL: 'warn',
        HISTORY_DAYS: '1',
        HISTORY_LONG_DAYS: '5',
        LIMIT_DEMO_ADDRESS: '100000',
        LIMIT_LOGIN_ADDRESS: '100000',
        WS_MAX_PER_ADDRESS: '100000',
        ...opts.env,
      };
      fs.mkdirSync(env.DATA_DIR!, { recursive: true });
      const child = launch({ name, role, port }, env);
      const node: ClusterNode = {
        name,
        role,
        port,
        url: `http://127.0.0.1:${port}`,
        process: child,
        get dead() {
          return this.process.exitCode !== null || this.process.signalCode !== null;
        },
      };
      nodes.push(node);
      envOf.set(node, env);
      stops.push(() => stopProcess(node.process));
      await waitForHealth(node);
    }

    const proxyPort = await freePort();
    const conf = nginxConfig(work, proxyPort, nodes);
    fs.writeFileSync(path.join(work, 'nginx.conf'), conf);
    const nginx = spawn('nginx', ['-c', path.join(work, 'nginx.conf'), '-p', work, '-g', 'daemon off;'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    stops.push(() => stopProcess(nginx));
    await waitForPort(proxyPort, 10_000);

    const cluster: Cluster = {
      url: `http://127.0.0.1:${proxyPort}`,
      databaseUrl,
      redisUrl,
      nodes,
      async readiness(node) {
        if (node.dead) return undefined;
        try {
          const res = await fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(1_000) });
          return (await res.json()) as Readiness;
        } catch {
          return undefined;
        }
      },
      async leader() {
        const states = await Promise.all(nodes.map((n) => cluster.readiness(n)));
        const leaders = nodes.filter((_, i) => states[i]?.engine === 'leader');
        return leaders.length === 1 ? leaders[0] : undefined;
      },
      async waitForLeader(timeoutMs, except) {
        const t0 = Date.now();
        while (Date.now() - t0 < timeoutMs) {
          const node = await cluster.leader();
          if (node && node !== except) return { node, ms: Date.now() - t0 };
          await sleep(50);
        }
        throw new Error(`no leader within ${timeoutMs} ms`);
      },
      kill(node) {
        node.process.kill('SIGKILL');
      },
      async stopRedis() {
        await stopProcess(redis);
      },
      async startRedis() {
        if (redis.exitCode === null && redis.signalCode === null) throw new Error('redis is still running');
        redis = spawnRedis();
        await waitForPort(redisPort, 10_000);
      },
      async restart(node) {
        if (!node.dead) throw new Error(`${node.name} is still running`);
        node.process = launch(node, envOf.get(node)!);
        await waitForHealth(node);
      },
      async report() {
        const parts = await Promise.all(
          nodes.map(async (n) => {
            const state = n.dead
              ? `dead (${n.process.signalCode ?? `exit ${n.process.exitCode}`})`
              : JSON.stringify(await cluster.readiness(n));
            let tail: string[] = [];
            try {
              tail = fs
                .readFileSync(path.join(work, `${n.name}.log`), 'utf8')
                .trim()
                .split('\n')
                .slice(-12);
            } catch {
              // No log yet.
            }
            return [`${n.name}: ${state}`, `  metrics: ${await vitals(n)}`, ...tail.map((l) => `  ${l.slice(0, 400)}`)].join(
              '\n',
            );
          }),
        );
        return parts.join('\n');
      },
      async close() {
        for (const stop of stops.reverse()) await stop();
        if (!process.env.KEEP_CLUSTER) fs.rmSync(work, { recursive: true, force: true });
      },
    };
    return cluster;
  } catch (err) {
    for (const stop of stops.reverse()) await stop();
    console.error(`cluster start failed; logs in ${work}`);
    throw err;
  }
}

/** The series of a node's /metrics that say where the traders' figures stop (leader, bus, pushes, BTCUSD's quote). */
const VITALS = [
  'tradepad_engine_leader',
  'tradepad_bus_connected',
  'tradepad_account_listeners',
  'tradepad_account_pushes_total',
  'tradepad_quote_age_seconds{symbol="BTCUSD"}',
  'tradepad_orders_total{result="filled"}',
  'tradepad_orders_total{result="failed"}',
  'tradepad_ws_clients',
];

async function vitals(node: ClusterNode): Promise<string> {
  if (node.dead) return 'none (dead)';
  try {
    const text = await (await fetch(`${node.url}/metrics`, { signal: AbortSignal.timeout(2_000) })).text();
    const lines = text.split('\n');
    return VITALS.map((series) => lines.find((l) => l.startsWith(`${series} `)) ?? `${series} absent`)
      .map((l) => l.replace('tradepad_', ''))
      .join(', ');
  } catch (err) {
    return `unread (${err instanceof Error ? err.message : String(err)})`;
  }
}

/**
 * nginx in front of every node: round robin for HTTP, websockets upgraded and kept open for an hour, and a node that
 * refuses connections (killed) skipped at once. POSTs are never retried on another node by nginx (its default): a
 * trading command is retried only by its caller, with the same Idempotency-Key.
 */
function nginxConfig(work: string, port: number, nodes: ClusterNode[]): string {
  return `worker_processes 1;
error_log ${work}/nginx-error.log warn;
pid ${work}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream tradepad {
${nodes.map((n) => `    server 127.0.0.1:${n.port} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://tradepad;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_connect_timeout 1s;
      proxy_read_timeout 3600s;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, databaseUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  } finally {
    await client.end();
  }
}

function which(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
}

async function waitForHealth(node: ClusterNode): Promise<void> {
  const t0 = Date.now();
  while (Date.now() - t0 < 90_000) {
    if (node.dead) throw new Error(`${node.name} exited with ${node.process.exitCode ?? node.process.signalCode}`);
    try {
      const res = await fetch(`${node.url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${node.name} did not become healthy in 90 s`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const exited = await Promise.race([
    new Promise<boolean>((r) => child.once('exit', () => r(true))),
    sleep(10_000).then(() => false),
  ]);
  if (!exited) child.kill('SIGKILL');
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
