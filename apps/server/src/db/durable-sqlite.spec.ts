import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DurableSqliteDialect, WalSync } from './durable-sqlite.ts';

describe('durable SQLite commits', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  function open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-wal-'));
    dirs.push(dir);
    const file = path.join(dir, 'db.sqlite');
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    const wal = new WalSync(`${file}-wal`);
    const db = new Kysely<{ t: { v: number } }>({ dialect: new DurableSqliteDialect({ database: sqlite }, wal) });
    return { db, wal };
  }

  it('flushes the WAL once per committed transaction and per write outside one, never for reads', async () => {
    const { db, wal } = open();
    await sql`create table t (v integer)`.execute(db);
    const afterDdl = wal.flushes;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ v: 1 }).execute();
      await trx.insertInto('t').values({ v: 2 }).execute();
    });
    expect(wal.flushes).toBe(afterDdl + 1);
    await db.insertInto('t').values({ v: 3 }).execute();
    expect(wal.flushes).toBe(afterDdl + 2);
    await db.selectFrom('t').selectAll().execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ v: 4 }).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(wal.flushes).toBe(afterDdl + 2);
    expect((await db.selectFrom('t').select('v').execute()).map((r) => r.v)).toEqual([1, 2, 3]);
    await db.destroy();
  });

  it('coalesces flushes asked for while one runs into a single next one', async () => {
    const { db, wal } = open();
    await sql`create table t (v integer)`.execute(db);
    const before = wal.flushes;
    await Promise.all(Array.from({ length: 20 }, () => wal.sync()));
    expect(wal.flushes - before).toBeLessThanOrEqual(2);
    expect(wal.flushes - before).toBeGreaterThanOrEqual(1);
    await db.destroy();
  });
});
