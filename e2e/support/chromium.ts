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

// Typed here, where both the set-up that provides it and the harness that injects it (and the benchmarks importing the
// harness) see it.
declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint (shared-browser.ts), for `chromium.connect`; absent outside the e2e tier. */
    chromiumWsEndpoint?: string;
  }
}
