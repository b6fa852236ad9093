/**
 * `npm run admin -- reset <email>`: the break-glass reset, on the server machine (DESIGN §16). Opens the configured
 * database as the server does (DATA_DIR's SQLite file, or DATABASE_URL), resets the password and the 2FA of that super
 * admin account, ends its sessions, writes the audit record and prints `password: <temporary>`; the account must
 * replace that password at its first sign-in. Any other account is refused with a message (exit 1).
 *
 * Like the ledger checker, an entry of the server's build (apps/server/dist/admin.js): it runs on a host where only the
 * built server and its dependencies are installed, without tsx.
 */
import fs from 'node:fs';
import { BreakGlassRefused, breakGlassReset } from './break-glass.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';

const USAGE = 'usage: npm run admin -- reset <email>';
const [command, email, ...rest] = process.argv.slice(2);
if (command !== 'reset' || !email || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
if (!config.DATABASE_URL && !fs.existsSync(config.sqlitePath)) {
  console.error(`no database at ${config.sqlitePath} (set DATA_DIR or DATABASE_URL)`);
  process.exit(1);
}
const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
try {
  const password = await breakGlassReset(database, email);
  console.log(`password: ${password}`);
  console.log('The account must change this password at its first sign-in, then enrol two-factor again.');
} catch (err) {
  if (!(err instanceof BreakGlassRefused)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
