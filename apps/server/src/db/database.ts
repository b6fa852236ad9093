import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { CONFIG_DEFAULTS } from '../config-defaults.ts';
import { Checkpointer } from './checkpointer.ts';
import { DurableSqliteDialect, WalSync } from './durable-sqlite.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DbKind = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  /**
   * For hot reads that must not wait behind a write transaction (the session and user look-up of every request):
   * on SQLite a second, read-only connection (WAL lets it read the last committed state while a write is open); on
   * PostgreSQL the same pool. Never write through it.
   */
  read: Db;
  kind: DbKind;
  /** The driver underneath, for the few bulk paths (candle backfill) that Kysely would make slow. */
  raw: { kind: 'sqlite'; sqlite: SQLite.Database } | { kind: 'postgres'; pool: pg.Pool };
  close(): Promise<void>;
}

// int8 (bigint) columns hold times and micro-unit amounts: read them as numbers, refusing any beyond 2^53.
pg.types.setTypeParser(20, (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${v} is beyond exact number range`);
  return n;
});

/** Opens PostgreSQL when `databaseUrl` is given, else the SQLite file (WAL, durable commits). */
export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  /** PostgreSQL: the most connections this node's pool opens (DATABASE_POOL_MAX). */
  poolMax?: number | undefined;
  sqlitePath: string;
  onIdleError?: (err: Error) => void;
  /** A background WAL checkpoint failed (SQLite; the next one retries). */
  onCheckpointError?: (err: Error) => void;
}): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? CONFIG_DEFAULTS.DATABASE_POOL_MAX,
      Client: PreparingClient,
    });
    // An idle connection dropped by the server (restart, failover, admin) must not crash the process: the pool
    // discards it and the next query opens a fresh one.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, read: db, kind: 'postgres', raw: { kind: 'postgres', pool }, close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(opts.sqlitePath), { recursive: true });
  restrictToOwner(opts.sqlitePath);
  const sqlite = new SQLite(opts.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL plus an asynchronous flush of the WAL before any commit is acknowledged (DurableSqliteDialect): a committed
  // transaction survives power loss (the ledger must never lose a cent) without the fsync freezing the event loop.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A larger page cache and memory-mapped reads: the hot tables (orders, ledger) stay in memory instead of being
  // re-read through a system call per page, which on a VM costs more than the statement itself.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  // Checkpoints run in a worker thread (Checkpointer); this connection checkpoints only if the WAL ever grows to
  // ~80 MB (the worker stopped, or readers held it back for long).
  sqlite.pragma('wal_autocheckpoint = 20000');
  const checkpointer = new Checkpointer(opts.sqlitePath, 200, opts.onCheckpointError);
  const wal = new WalSync(`${opts.sqlitePath}-wal`);
  const db = new Kysely<Database>({ dialect: new DurableSqliteDialect({ database: withStatementCache(sqlite) }, wal) });
  const reader = new SQLite(opts.sqlitePath, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  reader.pragma('cache_size = -16384');
  reader.pragma('mmap_size = 268435456');
  const read = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(reader) }) });
  return {
    db,
    read,
    kind: 'sqlite',
    raw: { kind: 'sqlite', sqlite },
    close: async () => {
      await checkpointer.close();
      await read.destroy();
      await db.destroy();
    },
  };
}

/** Names of the statements kept prepared on each PostgreSQL connection, by SQL text (see `preparedOnPostgres`). */
const preparedNames = new Map<string, string>();

/**
 * Marks a hot statement (a RawQuery's text, with `$n` placeholders) to be run as a named prepared statement on
 * PostgreSQL: each connection parses and plans it once, instead of on every run (planning the order path's multi-row
 * statements cost more than running them). Texts with a `*` are left alone: a prepared `select *` would fail once
 * a migration (say another node's, during an upgrade) changed the table.
 */
export function preparedOnPostgres(text: string): void {
  // A `*` may be a column list (`select *`, `u.*`), whose result type a migration can change: left unprepared.
  if (text.includes('*') || preparedNames.has(text)) return;
  preparedNames.set(text, `tp_${preparedNames.size + 1}`);
}

/** A pg client that runs the statements marked by `preparedOnPostgres` under their names (Kysely passes text). */
class PreparingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
PreparingClient.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
  const name = typeof config === 'string' ? preparedNames.get(config) : undefined;
  if (name === undefined) return plainQuery.call(this, config, values, callback);
  return plainQuery.call(this, { name, text: config, values }, callback);
} as typeof pg.Client.prototype.query;

/**
 * The database file readable and writable by this user only (0600), created so before SQLite opens it: SQLite gives
 * the -wal and -shm files it creates the database file's mode, and ones left by an earlier run are narrowed too.
 */
function restrictToOwner(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(f, 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and preparing costs more than running most of ours: keep the prepared statements
 * of the last few hundred distinct SQL texts (queries are parameterised, so their texts repeat). Safe because one
 * connection runs one statement at a time and nothing iterates a cursor across awaits.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      const hit = cache.get(sql);
      if (hit) return hit;
      const stmt = sqlite.prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(sql, stmt);
      return stmt;
    },
  };
}
