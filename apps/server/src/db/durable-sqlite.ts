import { Worker } from 'node:worker_threads';
import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

/**
 * Durable commits without stalling the server. With `synchronous = FULL` SQLite fsyncs inside COMMIT, and since
 * better-sqlite3 is synchronous that fsync froze the whole event loop (requests, websockets, the feed) for every
 * commit: under load the server spent most of its time waiting on the disk. Instead the connection runs with
 * `synchronous = NORMAL` in WAL mode (a commit appends its frames to the WAL file, consistent after a crash but not yet
 * flushed), and this class flushes the WAL file with fdatasync on a thread of its own before the commit's promise
 * resolves. Nothing is acknowledged before its frames are on disk, so a committed transaction still survives power
 * loss, while the event loop keeps serving during the flush. Concurrent flushes are coalesced: callers arriving while
 * one runs share the next one, which starts after theirs were written.
 *
 * The flush has a thread to itself rather than libuv's shared pool (4 threads, also running file I/O, crypto and the
 * image re-encoding of uploads): every order waits on it, so it must never queue behind other work. Measured on the
 * orders benchmark at 2,000/s: through the shared pool, 12 of 22 runs had flushes that took 40–540 ms to come back
 * while the system call itself, timed on a thread of its own, stayed under 10 ms (those runs' p99 11–474 ms); with the
 * dedicated thread every run had p99 4.9–8.7 ms (bench/RESULTS.md, session 8).
 */
export class WalSync {
  private thread: Worker | undefined;
  private pending: { resolve: () => void; reject: (err: Error) => void } | undefined;
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  /** Flushes done, for tests and benchmarks. */
  flushes = 0;

  constructor(private readonly walPath: string) {}

  /** Resolves once everything written to the WAL before this call is on disk. */
  sync(): Promise<void> {
    if (!this.running) {
      this.running = this.flush().finally(() => (this.running = undefined));
      return this.running;
    }
    this.queued ??= this.running.then(
      () => this.next(),
      () => this.next(),
    );
    return this.queued;
  }

  async close(): Promise<void> {
    await this.running?.catch(() => undefined);
    const thread = this.thread;
    this.thread = undefined;
    if (!thread) return;
    await new Promise<void>((resolve) => {
      thread.once('exit', () => resolve());
      // Held open until the thread has ended (see Checkpointer.close).
      thread.ref();
      thread.postMessage('close');
    });
  }

  private next(): Promise<void> {
    this.queued = undefined;
    return this.sync();
  }

  /** One fdatasync on the flushing thread (one at a time: sync() never starts a second while one runs). */
  private flush(): Promise<void> {
    const thread = (this.thread ??= this.startThread());
    return new Promise<void>((resolve, reject) => {
      this.pending = { resolve, reject };
      // Keeps the process alive until the flush is done; an idle thread never does.
      thread.ref();
      thread.postMessage('flush');
    });
  }

  private startThread(): Worker {
    const thread = new Worker(FLUSHER_SOURCE, { eval: true, workerData: this.walPath });
    thread.unref();
    thread.on('message', (m: { flushed: boolean; error?: string; code?: string }) => {
      const pending = this.settle(thread);
      if (m.error !== undefined) {
        pending?.reject(Object.assign(new Error(`WAL flush failed: ${m.error}`), { code: m.code }));
        return;
      }
      if (m.flushed) this.flushes += 1;
      pending?.resolve();
    });
    const fail = (err: Error) => {
      // The thread is gone: the flush it was doing is unknown, and the next one starts a new thread.
      if (this.thread === thread) this.thread = undefined;
      this.settle(thread)?.reject(err);
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`WAL flushing thread exited (${code})`)));
    return thread;
  }

  private settle(thread: Worker): WalSync['pending'] {
    const pending = this.pending;
    this.pending = undefined;
    thread.unref();
    return pending;
  }
}

// Plain JavaScript (an eval worker, like the checkpointer's): no loader needed under tsx, vitest or node alone.
const FLUSHER_SOURCE = `
const { parentPort, workerData: walPath } = require('node:worker_threads');
const fs = require('node:fs');
let fd = -1;
parentPort.on('message', (m) => {
  if (m === 'close') {
    if (fd >= 0) fs.closeSync(fd);
    parentPort.close();
    return;
  }
  try {
    if (fd < 0) {
      try {
        fd = fs.openSync(walPath, 'r');
      } catch (err) {
        // No WAL file yet: nothing has been written that needs flushing.
        if (err && err.code === 'ENOENT') return parentPort.postMessage({ flushed: false });
        throw err;
      }
    }
    fs.fdatasyncSync(fd);
    parentPort.postMessage({ flushed: true });
  } catch (err) {
    parentPort.postMessage({ flushed: false, error: String((err && err.message) || err), code: err && err.code });
  }
});
`;

const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter)\b/i;

/**
 * Ends a write (outside a transaction) that waits for no flush of its own: one whose loss in a power cut is harmless
 * and that the next durable commit flushes anyway (the WAL is flushed as a whole, in order). The idempotency keys use
 * it: a claim is flushed by the commit of the order it guards, and an answer not yet flushed only makes a retry wait
 * "in progress", never run twice. Without it each key would hold the one connection through two flushes per order.
 */
export const NO_FLUSH = '/* no-flush */';

/** The connection as Kysely sees it: statements outside a transaction that write are flushed before they resolve. */
class SyncingConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    private readonly inner: DatabaseConnection,
    private readonly wal: WalSync,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (!this.inTransaction && WRITE.test(query.sql) && !query.sql.endsWith(NO_FLUSH)) await this.wal.sync();
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** Kysely's SQLite driver, with a WAL flush after every commit (see WalSync). SQLite has one connection. */
class DurableDriver implements Driver {
  private connection: SyncingConnection | undefined;

  constructor(
    private readonly inner: Driver,
    private readonly wal: WalSync,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const raw = await this.inner.acquireConnection();
    this.connection ??= new SyncingConnection(raw, this.wal);
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    (connection as SyncingConnection).inTransaction = true;
    await this.inner.beginTransaction(connection, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.commitTransaction(connection);
    (connection as SyncingConnection).inTransaction = false;
    await this.wal.sync();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as SyncingConnection).inTransaction = false;
    await this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  async destroy(): Promise<void> {
    await this.inner.destroy();
    await this.wal.close();
  }
}

/** SqliteDialect whose commits are durable through WalSync. */
export class DurableSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly wal: WalSync,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new DurableDriver(super.createDriver(), this.wal);
  }
}
