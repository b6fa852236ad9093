import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { API } from '@tradepad/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { logLines, removeDataDirs, ROOT, startProcess, waitFor } from './spawned-server.ts';

const waitHealthy = (port: number) => waitFor(port);

afterAll(removeDataDirs);

describe('process lifecycle', () => {
  it('starts on an empty data folder, seeds it, and shuts down gracefully on SIGTERM', async () => {
    const p = await startProcess({ LOG_LEVEL: 'info' });
    await waitHealthy(p.port);
    expect(fs.existsSync(path.join(p.dataDir, 'tradepad.sqlite'))).toBe(true);
    // No ADMIN_PASSWORD: a random one is printed once.
    expect(p.output()).toMatch(/first back-office super admin created; change this password/);

    const ws = new WebSocket(`ws://127.0.0.1:${p.port}/v1/ws`);
    await new Promise((r) => ws.once('open', r));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(await closed).toBe(1001);
    expect(p.output()).toMatch(/shutting down/);
  });

  it('keeps data across restarts and seeds only once', async () => {
    const first = await startProcess({ LOG_LEVEL: 'warn', ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'Password123' });
    await waitHealthy(first.port);
    first.child.kill('SIGTERM');
    await first.exited;
    const again = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(first.port),
        HOST: '127.0.0.1',
        DATA_DIR: first.dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
    });
    await waitHealthy(first.port);
    const res = await fetch(`http://127.0.0.1:${first.port}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'Password123' }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(1);
    const areas = (await (await fetch(`http://127.0.0.1:${first.port}/api/default/area_list`)).json()) as { data: unknown[] };
    expect(areas.data.length).toBeGreaterThan(230);
    expect(areas.data.length).toBeLessThan(300);
    again.kill('SIGTERM');
    await new Promise((r) => again.once('exit', r));
  });

  it('refuses to start on invalid configuration, naming the variable', async () => {
    const p = await startProcess({ PORT: 'eighty', NODE_ROLE: 'boss' });
    expect(await p.exited).toBe(2);
    expect(p.output()).toMatch(/PORT/);
    expect(p.output()).toMatch(/NODE_ROLE/);
  });
});

/** DESIGN §15: a signal drains within 5 s, a death by signal is a failure to a supervisor, one log line a request. */
describe('process: shutdown, exit status and logs', () => {
  it('answers a request in flight at SIGTERM, refuses none it had, and exits 0 within 5 s', async () => {
    const p = await startProcess({ LOG_LEVEL: 'info' });
    await waitHealthy(p.port);
    // A request whose body is still coming when the signal arrives: slow, as a phone's upload on a bad network.
    const body = JSON.stringify({ account: 'nobody@example.com', password: 'not-the-password', login_type: 1 });
    const agent = new http.Agent({ keepAlive: true });
    const answered = new Promise<{ status: number; code: number }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: p.port,
          path: API.login,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, code: (JSON.parse(text) as { code: number }).code }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 1500);
    });
    await new Promise((r) => setTimeout(r, 200));
    const signalled = performance.now();
    p.child.kill('SIGTERM');
    // The answer to the request in flight is a refusal of the credentials (code 0), not a cut connection.
    expect(await answered).toMatchObject({ status: 200, code: 0 });
    expect(await p.exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(5000);
    // The last lines are written before the exit (the logs are asynchronous).
    expect(p.output()).toMatch(/"msg":"shut down"/);
    agent.destroy();
  }, 30_000);

  it('writes one log line per request at info, with the request ids', async () => {
    const p = await startProcess({ LOG_LEVEL: 'info' });
    await waitHealthy(p.port);
    for (let i = 0; i < 5; i++)
      await fetch(`http://127.0.0.1:${p.port}/healthz`, { headers: { 'x-request-id': `probe-${i}-abcdef` } });
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    const lines = logLines(p.output());
    for (let i = 0; i < 5; i++) {
      const mine = lines.filter((l) => l.clientRequestId === `probe-${i}-abcdef`);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ msg: 'request', method: 'GET', url: '/healthz', ip: '127.0.0.1', status: 200 });
      expect(typeof mine[0]!.ms).toBe('number');
      expect(typeof mine[0]!.reqId).toBe('string');
    }
  }, 30_000);

  it('npm start exits non-zero when the server is killed by a signal it cannot handle, and 0 after a drain', async () => {
    // start.mjs runs the built server through build/run-child.mjs; the child here is a stand-in that drains at once.
    const fake = "process.on('SIGTERM', () => process.exit(0)); console.log('pid ' + process.pid); setInterval(() => {}, 1000);";
    const run = (signal: NodeJS.Signals, target: 'child' | 'parent') =>
      new Promise<number | null>((resolve) => {
        const runChild = JSON.stringify(path.join(ROOT, 'build/run-child.mjs'));
        const script = `import(${runChild}).then((m) => m.runChild(['-e', ${JSON.stringify(fake)}]))`;
        const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
        parent.stdout.once('data', (d: Buffer) => {
          const childPid = Number(/pid (\d+)/.exec(d.toString())![1]);
          if (target === 'parent') parent.kill(signal);
          else process.kill(childPid, signal);
        });
        parent.on('exit', (code) => resolve(code));
      });
    expect(await run('SIGKILL', 'child')).toBe(137);
    expect(await run('SIGTERM', 'child')).toBe(0);
    expect(await run('SIGTERM', 'parent')).toBe(0);
  }, 30_000);
});
