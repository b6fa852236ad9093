import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the real entry point (`main.ts`, through tsx) on a fresh data folder; `npm start` runs its bundle instead. */
async function startProcess(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-life-'));
  dirs.push(dataDir);
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      HISTORY_DAYS: '1',
      HISTORY_LONG_DAYS: '3',
      ...env,
    },
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, dataDir, exited, output: () => output };
}

async function waitHealthy(port: number) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('not healthy');
}

afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

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
