import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  dataDir: string;
  /** The exit code, or 128 + the signal's number when a signal ended it. */
  exited: Promise<number>;
  output: () => string;
}

/** Starts the real entry point (`main.ts`, through tsx) on a fresh data folder; `npm start` runs its bundle instead. */
export async function startProcess(env: Record<string, string>): Promise<SpawnedServer> {
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
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1))),
  );
  return { child, port, dataDir, exited, output: () => output };
}

/** Waits until `path` answers 200; answers how long that took (ms). */
export async function waitFor(port: number, urlPath = '/healthz', ms = 60_000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < ms) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${urlPath}`)).ok) return performance.now() - start;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${urlPath} not 200 within ${ms} ms`);
}

/** The JSON lines a server logged (anything else it printed left out). */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export function removeDataDirs(): void {
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
}
