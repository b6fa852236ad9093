import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * QuickFIX's own `executor` example (software nobody here wrote) as the hedging tests' order counterparty: a FIX
 * acceptor that fills every FIX 4.4 limit order at its limit price (one ExecutionReport, 39=2) and answers nothing
 * else it does not know (an OrderStatusRequest gets a reject). Debian's `libquickfix-doc` ships it prebuilt; it runs
 * on the `libquickfix17` runtime. Where either is missing, `executorMissing()` says why and the tests skip.
 */
const SHIPPED = '/usr/share/doc/libquickfix-doc/examples/executor/C++/.libs/executor.gz';
const RUNTIME = ['/usr/lib/x86_64-linux-gnu/libquickfix.so.17', '/lib/x86_64-linux-gnu/libquickfix.so.17'];

/** Why the executor cannot run here, or undefined when it can. */
export function executorMissing(): string | undefined {
  if (!fs.existsSync(SHIPPED)) return `QuickFIX's executor is not installed (apt-get install libquickfix-doc): ${SHIPPED}`;
  if (!RUNTIME.some((p) => fs.existsSync(p))) return 'the QuickFIX runtime is not installed (apt-get install libquickfix17)';
  return undefined;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ExecutorOptions {
  /** The acceptor's own CompID (our targetCompId) and ours (its TargetCompID). */
  senderCompId?: string;
  targetCompId?: string;
  port?: number;
}

/** One running executor: its port, its screen log so far, and stop/start on the same port and store. */
export class QuickFixExecutor {
  private child: ChildProcess | undefined;
  private output = '';

  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly binary: string,
    private readonly settings: string,
  ) {}

  /** Unpacks the shipped binary into a temporary folder, writes its settings and starts it on a free port. */
  static async start(o: ExecutorOptions = {}): Promise<QuickFixExecutor> {
    const missing = executorMissing();
    if (missing) throw new Error(missing);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-executor-'));
    const binary = path.join(dir, 'executor');
    fs.writeFileSync(binary, zlib.gunzipSync(fs.readFileSync(SHIPPED)));
    fs.chmodSync(binary, 0o755);
    const port = o.port ?? (await freePort());
    const sender = o.senderCompId ?? 'EXECUTOR';
    const target = o.targetCompId ?? 'TRADEPAD';
    const settings = path.join(dir, 'executor.cfg');
    fs.writeFileSync(
      settings,
      [
        '[DEFAULT]',
        'ConnectionType=acceptor',
        `SocketAcceptPort=${port}`,
        'SocketReuseAddress=Y',
        `FileStorePath=${path.join(dir, 'store')}`,
        'StartTime=00:00:00',
        'EndTime=00:00:00',
        'UseDataDictionary=N',
        '',
        '[SESSION]',
        'BeginString=FIX.4.4',
        `SenderCompID=${sender}`,
        `TargetCompID=${target}`,
        '',
      ].join('\n'),
    );
    const e = new QuickFixExecutor(dir, port, binary, settings);
    await e.resume();
    return e;
  }

  /** What it printed (its screen log: every message in and out). */
  get log(): string {
    return this.output;
  }

  /** The process id while it runs (the tests freeze it with SIGSTOP). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** Starts it (again) on the same port and store; resolves once it accepts connections. */
  async resume(): Promise<void> {
    if (this.child) return;
    const child = spawn(this.binary, [this.settings], { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout.on('data', (b: Buffer) => (this.output += b.toString('latin1')));
    child.stderr.on('data', (b: Buffer) => (this.output += b.toString('latin1')));
    child.once('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    const deadline = Date.now() + 10_000;
    while (!(await accepts(this.port))) {
      if (!this.child) throw new Error(`executor exited: ${this.output}`);
      if (Date.now() > deadline) throw new Error(`executor not listening on ${this.port}: ${this.output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Kills it (as a crash would: no Logout), and waits for the process to end. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }

  /** Stops it and removes its folder. */
  async close(): Promise<void> {
    await this.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createConnection({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
