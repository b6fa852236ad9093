import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
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
