import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumPath, CHROMIUM_ARGS } from './chromium.ts';

/**
 * The e2e tier's global set-up: one Chromium for every file, where each file used to launch (and close) its own. A
 * file still starts its own server and gets its own browser contexts, so nothing but the process is shared; the
 * harness connects to it through `inject('chromiumWsEndpoint')`, and launches its own when run without this set-up.
 */
let server: BrowserServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) return; // the suites skip themselves
  server = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}
