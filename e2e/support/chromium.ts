import fs from 'node:fs';

/** Debian's Chromium (or CHROME_PATH): playwright-core drives the system's browser, it downloads none. */
export function chromiumPath(): string | undefined {
  for (const p of [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'])
    if (p && fs.existsSync(p)) return p;
  return undefined;
}

/** How every browser test's Chromium runs: headless in a container, nothing fetched behind the tests' back. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
