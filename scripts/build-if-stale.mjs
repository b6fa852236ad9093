// Builds the trader app and the back office when their dist is missing or older than any of their sources.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function isStale(app) {
  const index = path.join(root, 'apps', app, 'dist', 'index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(root, 'apps', app)),
    newestMtime(path.join(root, 'packages', 'contracts', 'src')),
    newestMtime(path.join(root, 'packages', 'domain', 'src')),
  );
  return sources > built;
}

export function ensureFrontEndsBuilt() {
  for (const app of ['web', 'admin']) {
    if (!isStale(app)) continue;
    console.log(`Building apps/${app}…`);
    // --configLoader runner: the web config imports TypeScript from the workspace packages.
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    execFileSync(process.execPath, [vite, 'build', '--configLoader', 'runner', '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps', app),
      stdio: 'inherit',
    });
  }
}
