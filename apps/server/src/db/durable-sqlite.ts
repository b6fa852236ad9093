import fs from 'node:fs';
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
 * flushed), and this dialect flushes the WAL file with an asynchronous fdatasync on libuv's thread pool before the
 * commit's promise resolves. Nothing is acknowledged before its frames are on disk, so a committed transaction still
 * survives power loss, while the event loop keeps serving during the flush. Concurrent flushes are coalesced: callers
 * arriving while one runs share the next one, which starts after theirs were written.
 */
export class WalSync {
  private handle: fs.promises.FileHandle | undefined;
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
    await this.handle?.close();
    this.handle = undefined;
  }

  private next(): Promise<void> {
    this.queued = undefined;
    return this.sync();
  }

  private async flush(): Promise<void> {
    if (!this.handle) {
      try {
        this.handle = await fs.promises.open(this.walPath, 'r');
      } catch (err) {
        // No WAL file yet: nothing has been written that needs flushing.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
    }
    await this.handle.datasync();
    this.flushes += 1;
  }
}

const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter)\b/i;

/** The connection as Kysely sees it: statements outside a transaction that write are flushed before they resolve. */
class SyncingConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    private readonly inner: DatabaseConnection,
    private readonly wal: WalSync,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (!this.inTransaction && WRITE.test(query.sql)) await this.wal.sync();
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
