#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in turn and prints their figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const only = process.argv.slice(2);
const files = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o))));
let failed = false;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(root, 'bench', f)], {
    cwd: root,
    stdio: 'inherit',
  });
  failed ||= r.status !== 0;
}
process.exit(failed ? 1 : 0);
