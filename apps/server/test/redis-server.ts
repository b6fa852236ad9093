import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** Where Debian installs Redis (CI installs it, .ci/run), else where a build from source puts it. */
export const REDIS_SERVER =
  ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p)) ?? '/usr/bin/redis-server';
export const hasRedis = fs.existsSync(REDIS_SERVER);
/** Why Redis tests are skipped, printed once by the files that need it. */
export const NO_REDIS = `${REDIS_SERVER} is absent: the Redis bus tests are skipped (apt-get install redis-server)`;

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL); `kill` stops it at once, as a crash would. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port (after `stop`). */
  restart(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, '127.0.0.1');
      c.once('connect', () => {
        c.end();
        resolve(true);
      });
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A throw-away redis-server on a free port, without persistence. */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'],
      { stdio: 'ignore' },
    );
    await waitForPort(port);
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop(signal = 'SIGTERM') {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
      c.kill(signal);
      const force = setTimeout(() => c.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(force);
    },
    restart: launch,
  };
}
