// Builds the trader app, the back office and the server when their dist is missing or older than any of their sources.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_OUT, buildServer, CHECK_LEDGER_OUT, SERVER_OUT } from './build-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  if (!fs.statSync(dir).isDirectory()) return fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** True when `output` is missing or older than any file under `sources` (folders or files). */
function isStale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return Math.max(...sources.map((s) => newestMtime(s))) > built;
}

const PACKAGES = [path.join(root, 'packages/contracts/src'), path.join(root, 'packages/domain/src')];

export function ensureFrontEndsBuilt() {
  for (const app of ['web', 'admin']) {
    const appDir = path.join(root, 'apps', app);
    if (!isStale(path.join(appDir, 'dist/index.html'), [appDir, path.join(root, 'build/vite-precompress.ts'), ...PACKAGES]))
      continue;
    console.log(`Building apps/${app}…`);
    // --configLoader runner: the web config imports TypeScript from the workspace packages.
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    execFileSync(process.execPath, [vite, 'build', '--configLoader', 'runner', '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps', app),
      stdio: 'inherit',
    });
  }
}

/**
 * Compiles the server, the ledger checker and the break-glass command (build/build-server.mjs) when
 * apps/server/dist/main.js, dist/check-ledger.js or dist/admin.js is missing or older than their sources.
 */
export async function ensureServerBuilt({ log = console.log } = {}) {
  const server = path.join(root, 'apps/server');
  const sources = [
    path.join(server, 'src'),
    path.join(server, 'package.json'),
    path.join(root, 'build/build-server.mjs'),
    ...PACKAGES,
  ];
  if ([SERVER_OUT, CHECK_LEDGER_OUT, ADMIN_OUT].every((out) => !isStale(out, sources))) return;
  log('Building apps/server…');
  await buildServer();
}
