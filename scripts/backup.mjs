/**
 * `npm run backup -- <new directory>`: a consistent copy of the embedded default's data (DATA_DIR's SQLite file and
 * its uploads), taken while the server runs. The directory it makes is itself a DATA_DIR: to restore, stop the
 * server, put the directory in the old one's place (or point DATA_DIR at it) and start again (README, "Backups").
 *
 * Plain JavaScript on better-sqlite3 (a dependency of the server), so it runs where only the built server is
 * installed, without tsx or the sqlite3 command. The database is copied with `VACUUM INTO`: one read transaction,
 * so the copy is the database as one commit left it, and the server's writers are never blocked (WAL). SQLite's
 * page-by-page backup API would restart at every commit of the running engine and might never finish on a busy day.
 * The uploads are copied after the database: an image is written before its row, so every row in the copy finds its
 * file.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- <directory to create>   (DATA_DIR, default ./data, is what is copied)');
  process.exit(2);
}
const dest = path.resolve(target);
if (fs.existsSync(dest) && fs.readdirSync(dest).length > 0) {
  console.error(`${dest} exists and is not empty: give a new directory`);
  process.exit(1);
}
// The server's own default (apps/server/src/config-defaults.ts); relative to where the command runs, as for the server.
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const source = path.join(dataDir, 'tradepad.sqlite');
if (!fs.existsSync(source)) {
  console.error(`no database at ${source} (set DATA_DIR to the server's data directory)`);
  process.exit(1);
}
fs.mkdirSync(dest, { recursive: true, mode: 0o700 });
fs.chmodSync(dest, 0o700);

const started = performance.now();
const copy = path.join(dest, 'tradepad.sqlite');
const db = new Database(source, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 10000');
  db.prepare('vacuum into ?').run(copy);
} finally {
  db.close();
}
// Readable by its owner only, as the server makes its own file.
fs.chmodSync(copy, 0o600);

const check = new Database(copy, { readonly: true, fileMustExist: true });
let integrity;
try {
  integrity = check.pragma('integrity_check', { simple: true });
} finally {
  check.close();
}
if (integrity !== 'ok') {
  console.error(`the copy failed SQLite's integrity check: ${String(integrity)}`);
  process.exit(1);
}

let uploads = 0;
const uploadsDir = path.join(dataDir, 'uploads');
if (fs.existsSync(uploadsDir)) {
  fs.cpSync(uploadsDir, path.join(dest, 'uploads'), {
    recursive: true,
    preserveTimestamps: true,
    // A file still being written is renamed from `.tmp` once whole; its row is not in the copy yet.
    filter: (file) => {
      if (file.endsWith('.tmp')) return false;
      if (fs.statSync(file).isFile()) uploads += 1;
      return true;
    },
  });
}

const mb = (fs.statSync(copy).size / 1e6).toFixed(1);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`backed up ${source} to ${copy} (${mb} MB, integrity ok) and ${uploads} uploads, in ${seconds} s`);
