/**
 * `npm run check:ledger`: verifies the ledger of the configured database (DATA_DIR's SQLite file, or DATABASE_URL):
 * every entry sums to zero, every balance equals its postings, no user balance is negative, margin matches the open
 * orders. Prints what it found; exits 1 when the ledger is not sound.
 *
 * A second entry point of the server's build beside main.ts (build/build-server.mjs bundles it into
 * apps/server/dist/check-ledger.js), so it runs where only the built server and its dependencies are installed
 * (`npm prune --omit=dev`), without tsx.
 */
import fs from 'node:fs';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { checkLedger } from './modules/ledger/ledger-checker.ts';

const config = loadConfig();
if (!config.DATABASE_URL && !fs.existsSync(config.sqlitePath)) {
  console.log(`no database at ${config.sqlitePath} (set DATA_DIR or DATABASE_URL)`);
  process.exit(1);
}
const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
try {
  const t0 = performance.now();
  const problems = await checkLedger(database.db);
  const ms = (performance.now() - t0).toFixed(0);
  if (problems.length === 0) console.log(`ledger sound (${database.kind}, checked in ${ms} ms)`);
  for (const p of problems) console.log(`${p.kind}: ${p.detail}`);
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
