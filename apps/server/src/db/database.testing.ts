import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DbHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * For tests: a fresh SQLite database in a temporary folder (name starting `prefix`), migrated to the latest schema.
 * `close()` closes it and removes the folder.
 */
export async function openTempDatabase(prefix: string): Promise<{ handle: DbHandle; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const handle = openDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
  await migrateToLatest(handle);
  return {
    handle,
    async close() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** For tests: one real trader (ann@example.com) inserted as registration leaves it; answers the user's id. */
export async function insertTestTrader(handle: DbHandle): Promise<number> {
  const { id } = await handle.db
    .insertInto('users')
    .values({
      uid: '12345678',
      email: 'ann@example.com',
      area_id: null,
      mobile: null,
      phone: null,
      contact_mobile: null,
      password_hash: 'x',
      is_demo: 0,
      demo_id: null,
      demo_uuid_hash: null,
      invite_code: 'ABCDEFGH',
      invited_by: null,
      lang: 'en',
      status: 1,
      created_at: 0,
      updated_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
