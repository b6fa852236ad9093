import { pbkdf2 } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_FLUSH, WalSync } from './durable-sqlite.ts';
import { openTempDurableSqlite } from './durable-sqlite.testing.ts';

describe('durable SQLite commits', () => {
  const opened: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of opened.splice(0)) await close();
  });

  function open() {
    const t = openTempDurableSqlite<{ t: { v: number } }>('tp-wal-');
    opened.push(t.close);
    return t;
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

  it('waits for no flush on a write marked NO_FLUSH; the next durable commit flushes it with its own', async () => {
    const { db, wal } = open();
    await sql`create table t (v integer)`.execute(db);
    const before = wal.flushes;
    await db.insertInto('t').values({ v: 1 }).modifyEnd(sql.raw(NO_FLUSH)).execute();
    await db.updateTable('t').set({ v: 2 }).modifyEnd(sql.raw(NO_FLUSH)).execute();
    expect(wal.flushes).toBe(before);
    // Visible at once to the next statement.
    expect((await db.selectFrom('t').select('v').execute()).map((r) => r.v)).toEqual([2]);
    await db.insertInto('t').values({ v: 3 }).execute();
    expect(wal.flushes).toBe(before + 1);
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

  it("flushes on a thread of its own: every thread of libuv's pool busy does not hold a commit up", async () => {
    const { db, wal } = open();
    await sql`create table t (v integer)`.execute(db);
    // Key derivations of ~0.5 s each on every thread of the pool (file I/O, crypto and image work share it).
    let poolJobsDone = 0;
    const busy = Array.from(
      { length: Number(process.env.UV_THREADPOOL_SIZE ?? 4) },
      () => new Promise<void>((resolve) => pbkdf2('p', 's', 1_200_000, 64, 'sha512', () => resolve(void poolJobsDone++))),
    );
    const before = wal.flushes;
    await db.transaction().execute((trx) => trx.insertInto('t').values({ v: 1 }).execute());
    expect(wal.flushes).toBe(before + 1);
    expect(poolJobsDone).toBe(0);
    await Promise.all(busy);
    await db.destroy();
    // The pool's 2 s of key derivations take far longer on a loaded 2-core machine; only the wait for them is long.
  }, 30_000);

  it('answers at once while there is no WAL file yet, and starts a new thread after close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-wal-none-'));
    const wal = new WalSync(path.join(dir, 'db.sqlite-wal'));
    await wal.sync();
    expect(wal.flushes).toBe(0);
    fs.writeFileSync(path.join(dir, 'db.sqlite-wal'), 'frames');
    await wal.sync();
    expect(wal.flushes).toBe(1);
    await wal.close();
    await wal.sync();
    expect(wal.flushes).toBe(2);
    await wal.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rejects a commit whose flush failed, and each later one tries again', async () => {
    // fdatasync of a character device fails with EINVAL: a stand-in for a disk error.
    const wal = new WalSync('/dev/null');
    await expect(wal.sync()).rejects.toMatchObject({ code: 'EINVAL', message: expect.stringContaining('WAL flush failed') });
    await expect(wal.sync()).rejects.toMatchObject({ code: 'EINVAL' });
    expect(wal.flushes).toBe(0);
    await wal.close();
  });
});
