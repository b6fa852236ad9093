/**
 * The JavaScript a phone downloads for the first screen of `/`, `/trade` and `/login` (gzip -9 of every script the page
 * loads), measured in Debian's Chromium against the built app. Budget (issue 6): ≤ 150 KB gzipped.
 * Builds the front ends first when they are stale. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config.ts';
import { createServer } from '../apps/server/src/server.ts';
// @ts-expect-error a plain ES module script without types
import { ensureFrontEndsBuilt } from '../build/build-if-stale.mjs';
import { chromiumPath } from '../e2e/support/harness.ts';

async function main() {
  const executablePath = chromiumPath();
  if (!executablePath) {
    console.log('Chromium not found: skipped (apt-get install chromium)');
    return;
  }
  (ensureFrontEndsBuilt as () => void)();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-bench-web-'));
  const app = await createServer({ config: loadConfig({}, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

  console.log('\nFirst-screen JavaScript (gzip -9), 390x844');
  console.log('| page | scripts | raw KB | gzipped KB |\n|---|---|---|---|');
  for (const route of ['/', '/trade', '/login', '/user']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const bodies: Buffer[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        void res
          .body()
          .then((b) => bodies.push(b))
          .catch(() => {});
    });
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    const raw = bodies.reduce((s, b) => s + b.length, 0);
    const gz = bodies.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0);
    console.log(`| ${route} | ${bodies.length} | ${(raw / 1024).toFixed(1)} | ${(gz / 1024).toFixed(1)} |`);
    await context.close();
  }
  await browser.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

void main();
