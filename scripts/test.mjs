#!/usr/bin/env node
// Runs every test tier and ends with one line `N passed, N failed, N skipped` totalled over all suites.
// Tiers: unit; integration on SQLite; integration on PostgreSQL when TEST_DATABASE_URL is set (CI sets it);
// browser tests in Chromium (they build the front ends first when those are missing or older than their sources);
// the scale-out deployment (PostgreSQL, Redis, three nodes behind nginx, the leader killed) when TEST_DATABASE_URL is set.
// Pass tier names to run only some: `npm test -- unit integration`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureFrontEndsBuilt } from '../build/build-if-stale.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const wanted = process.argv.slice(2);
const tiers = [
  { name: 'unit', project: 'unit' },
  { name: 'integration', project: 'integration', env: { TEST_DATABASE_URL: '' } },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'integration-postgres', project: 'integration', env: {} }] : []),
  { name: 'e2e', project: 'e2e', before: ensureFrontEndsBuilt },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'deployment', project: 'deployment', env: {} }] : []),
].filter((t) => wanted.length === 0 || wanted.includes(t.name) || wanted.includes(t.project));

fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
let broken = false;

for (const tier of tiers) {
  console.log(`\n=== ${tier.name} ===`);
  if (tier.before) tier.before();
  const out = path.join(root, '.tmp', `vitest-${tier.name}.json`);
  fs.rmSync(out, { force: true });
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      tier.project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...tier.env } },
  );
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    counts = { passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + (j.numTodoTests ?? 0) };
    // A suite that failed to load counts as a failure even when no test inside it ran.
    const brokenFiles = (j.testResults ?? []).filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
    counts.failed += brokenFiles;
  } else if (r.status !== 0) {
    counts.failed += 1;
  }
  if (r.status !== 0 && counts.failed === 0) broken = true;
  rows.push(`${tier.name.padEnd(22)} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const k of Object.keys(totals)) totals[k] += counts[k];
}

console.log('\nTest tiers:');
for (const row of rows) console.log(`  ${row}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
