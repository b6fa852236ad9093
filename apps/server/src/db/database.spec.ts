import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const databaseModule = fileURLToPath(new URL('./database.ts', import.meta.url));

describe('openDatabase (SQLite)', () => {
  it('finishes closing in a process that has nothing else to do (its worker threads hold it open until then)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-db-close-'));
    try {
      // A script that writes, closes and says so: the checkpointer's and the WAL flusher's threads are unreferenced
      // while idle, and the process used to exit while waiting for them to end, before the database was closed.
      const script = `
        import { openDatabase } from ${JSON.stringify(databaseModule)};
        const h = openDatabase({ sqlitePath: ${JSON.stringify(path.join(dir, 'db.sqlite'))} });
        const db = h.db as unknown as import('kysely').Kysely<{ t: { v: number } }>;
        await db.schema.createTable('t').addColumn('v', 'integer').execute();
        await db.insertInto('t').values({ v: 1 }).execute();
        await h.close();
        console.log('closed');
      `;
      const file = path.join(dir, 'close.mts');
      fs.writeFileSync(file, script);
      const out = execFileSync(process.execPath, ['--import', 'tsx', file], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(out.trim()).toBe('closed');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
