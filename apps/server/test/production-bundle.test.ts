import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
// Inside apps/server, so the bundle's npm imports resolve from the same node_modules as dist/main.js's.
const OUT_DIR = path.join(ROOT, 'apps/server/.tmp/bundle-test');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-bundle-'));

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * `npm start` runs the esbuild bundle of the server, not its TypeScript: this builds it the same way
 * (build/build-server.mjs) and checks that it starts on an empty data folder, with its worker threads and the
 * workspace packages inside it, answers, and stops cleanly.
 */
describe('production bundle', () => {
  it('builds, starts on a fresh data folder, answers, and exits 0 on SIGTERM', async () => {
    const outfile = path.join(OUT_DIR, 'main.js');
    const build = spawnSync(process.execPath, ['build/build-server.mjs', `--outfile=${outfile}`], { cwd: ROOT });
    expect(build.stderr.toString()).toBe('');
    expect(build.status).toBe(0);

    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, ['--enable-source-maps', outfile], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        HISTORY_DAYS: '1',
        HISTORY_LONG_DAYS: '3',
      },
    });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      let health: Response | undefined;
      for (let i = 0; i < 300 && child.exitCode === null; i++) {
        health = await fetch(`${base}/healthz`).catch(() => undefined);
        if (health?.ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.ok, output).toBe(true);
      expect(await health!.json()).toMatchObject({ status: 'ok', database: 'sqlite' });

      const list = (await (await fetch(`${base}/v1/api/forex/trade_list`)).json()) as { code: number; data: unknown[] };
      expect(list.code).toBe(1);
      expect(list.data.length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/"level":50|Error:/);
  });
});
