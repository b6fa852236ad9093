import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { demoTrader } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** Hides every development dependency from the commands it is loaded in, as `npm prune --omit=dev` would remove them. */
const PRUNED = `--import ${path.join(ROOT, 'apps/server/test/no-dev-dependencies.mjs')}`;

/**
 * `npm run check:ledger` as an operator runs it (issue 30, docs/operations.md): on the database of a server that took
 * an order (its SQLite file, or its PostgreSQL database when TEST_DATABASE_URL is set), through the built server's
 * checker, and again with every development dependency hidden (tsx and esbuild included), as on a host pruned with
 * `--omit=dev`. It says the ledger is sound, and says what is wrong (exit 1) when it is not.
 */
describe('npm run check:ledger', () => {
  const market = new ScriptedMarket();
  let h: Harness | undefined;
  afterAll(async () => h?.close());

  const checkLedger = (h: Harness, nodeOptions = '') =>
    spawnSync('npm', ['run', '--silent', 'check:ledger'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: h.dataDir, DATABASE_URL: h.database.url ?? '', NODE_OPTIONS: nodeOptions },
      encoding: 'utf8',
    });

  it('finds the ledger sound with the built checker, also without development dependencies, and names a fault', async () => {
    h = await market.start();
    const trader = await demoTrader(h);
    market.tick('BTCUSD', '95000.00');
    const order = await trader.call(API.submit, { type: 1, cont: '0.1', forex_id: market.id('BTCUSD'), status: 1, multiple: 10 });
    expect(order.code, order.msg).toBe(1);
    await h.app.tradepad.engine.idle();
    const kind = h.database.url ? 'postgres' : 'sqlite';

    // First run: builds apps/server/dist when it is missing or stale (as `npm start` does), then checks.
    const built = checkLedger(h);
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toMatch(new RegExp(`^ledger sound \\(${kind}, checked in \\d+ ms\\)\\n$`));

    // The hook really hides them: the old way (TypeScript through tsx) cannot run.
    const old = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/check-ledger.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: PRUNED },
      encoding: 'utf8',
    });
    expect(old.status).not.toBe(0);
    expect(old.stderr).toMatch(/Cannot find package 'tsx'/);

    // On a pruned install: the same answer, without building anything.
    const pruned = checkLedger(h, PRUNED);
    expect(pruned.status, pruned.stderr).toBe(0);
    expect(pruned.stdout).toMatch(new RegExp(`^ledger sound \\(${kind}, `));
    expect(pruned.stderr).toBe('');

    // A cached balance that no longer matches its postings: named, and the exit status says so.
    const db = h.app.tradepad.database.db;
    const cash = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'owner'])
      .where('owner', 'like', 'user:%')
      .where('kind', '=', 'cash')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await sql`update ledger_accounts set balance = balance + 1 where id = ${cash.id}`.execute(db);
    const broken = checkLedger(h, PRUNED);
    await sql`update ledger_accounts set balance = balance - 1 where id = ${cash.id}`.execute(db);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(new RegExp(`^balance_mismatch: ${cash.owner}/cash: cached -?\\d+, postings -?\\d+$`, 'm'));
  }, 120_000);
});
