import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API, type OrderView } from '@tradepad/contracts';
import type { Harness, TestDatabase } from './harness.ts';
import { demoTrader, realUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The embedded default whatever TEST_DATABASE_URL says: these are the SQLite file's backups. */
const SQLITE: TestDatabase = { url: undefined, drop: async () => {} };
const hasSqliteCli = spawnSync('sqlite3', ['-version']).status === 0;

/** Runs a command of the README's "Backups" from the repository's root, as an operator would. */
function run(command: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync(command, args, { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
}

/**
 * The README's SQLite backups, taken while the server runs and restored into a new DATA_DIR: a server started there
 * has the trader's order, session and upload, and the ledger checker finds the copy sound (DESIGN §15).
 */
describe('backups of the embedded default (SQLite)', () => {
  const market = new ScriptedMarket();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-backup-'));
  const servers: Harness[] = [];
  afterAll(async () => {
    for (const h of servers) await h.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('restores the documented backup into a new data directory with the orders, the uploads and a sound ledger', async () => {
    const live = await market.start({ database: SQLITE });
    servers.push(live);
    const trader = await demoTrader(live);
    market.tick('BTCUSD', '95000.00');
    const order = await trader.call(API.submit, { type: 1, cont: '0.1', forex_id: market.id('BTCUSD'), status: 1, multiple: 10 });
    expect(order.code, order.msg).toBe(1);
    const owner = await realUser(live, market.clock);
    const image = await owner.upload();

    // `npm run backup -- <dir>` while the server runs; the sqlite3 one-liner too where the command is installed.
    const byScript = path.join(scratch, 'backup-script');
    expect(run('npm', ['run', '--silent', 'backup', '--', byScript], { DATA_DIR: live.dataDir })).toMatch(
      /^backed up .* \(.* MB, integrity ok\) and 1 uploads/,
    );
    expect(fs.statSync(path.join(byScript, 'tradepad.sqlite')).mode & 0o777).toBe(0o600);
    const backups = [byScript];
    if (hasSqliteCli) {
      const byCli = path.join(scratch, 'backup-cli');
      fs.mkdirSync(byCli);
      run('sqlite3', [path.join(live.dataDir, 'tradepad.sqlite'), `VACUUM INTO '${path.join(byCli, 'tradepad.sqlite')}'`]);
      run('cp', ['-a', path.join(live.dataDir, 'uploads'), path.join(byCli, 'uploads')]);
      backups.push(byCli);
    }
    // Written after the backup: not in it.
    market.tick('BTCUSD', '95010.00');
    const later = await trader.call(API.submit, { type: 1, cont: '0.2', forex_id: market.id('BTCUSD'), status: 1, multiple: 10 });
    expect(later.code, later.msg).toBe(1);

    for (const backup of backups) {
      // The README's restore: the backup copied into place as the new DATA_DIR, then the server started on it.
      const dataDir = path.join(scratch, `restored-${path.basename(backup)}`);
      run('cp', ['-a', backup, dataDir]);
      const restored = await market.start({ dataDir, database: SQLITE, keepData: true });
      servers.push(restored);
      const open = await restored.call('GET', API.deals, { status: 1, page: 1 }, { authorization: trader.token });
      expect(open.code, open.msg).toBe(1);
      expect((open.data.data as OrderView[]).map((o) => o.Id)).toEqual([order.data.order.Id]);
      // The signed link made before the backup (the clock has not run out its 15 minutes) finds its file.
      const served = await restored.app.inject({ method: 'GET', url: image });
      expect(served.statusCode).toBe(200);
      await restored.expectLedgerSound();
      expect(
        run(process.execPath, ['--import', 'tsx', 'apps/server/src/check-ledger.ts'], { DATA_DIR: dataDir, DATABASE_URL: '' }),
      ).toMatch(/^ledger sound \(sqlite/);
    }
  }, 180_000);

  it('refuses to write over a directory that holds something, and says where the database was looked for', () => {
    const full = path.join(scratch, 'full');
    fs.mkdirSync(full, { recursive: true });
    fs.writeFileSync(path.join(full, 'keep'), 'x');
    const over = spawnSync('npm', ['run', '--silent', 'backup', '--', full], { cwd: ROOT, encoding: 'utf8' });
    expect([over.status, over.stderr]).toEqual([1, expect.stringContaining('is not empty')]);
    const none = spawnSync('npm', ['run', '--silent', 'backup', '--', path.join(scratch, 'x')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: path.join(scratch, 'nothing-here') },
    });
    expect([none.status, none.stderr]).toEqual([1, expect.stringContaining('no database at')]);
  });
});
