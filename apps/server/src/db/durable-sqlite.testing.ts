import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { DurableSqliteDialect, WalSync } from './durable-sqlite.ts';

/**
 * For tests: a fresh SQLite file in a temporary folder, opened as the server opens it (WAL, synchronous=NORMAL,
 * durable commits through `DurableSqliteDialect`). `close()` destroys the connection and removes the folder.
 */
export function openTempDurableSqlite<DB>(prefix: string): { db: Kysely<DB>; wal: WalSync; close(): Promise<void> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(dir, 'db.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const wal = new WalSync(`${file}-wal`);
  const db = new Kysely<DB>({ dialect: new DurableSqliteDialect({ database: sqlite }, wal) });
  return {
    db,
    wal,
    close: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
