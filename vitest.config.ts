import { defineConfig } from 'vitest/config';

/**
 * Three tiers (CONVENTIONS §9): unit specs beside the code, server integration tests through HTTP and websockets
 * against a real database, and browser tests in Chromium. `npm test` runs all three (scripts/test.mjs).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.spec.ts',
            'apps/*/src/**/*.spec.{ts,tsx}',
            'apps/*/build/**/*.spec.ts',
            'apps/*/tools/**/*.spec.ts',
            'eslint.config.spec.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server on its own database; two cores, so two at a time.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          // One Chromium for the tier; each file still starts its own server (e2e/support/shared-browser.ts).
          globalSetup: ['e2e/support/shared-browser.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One file at a time. Two at once (each file has its own server, port, data folder and mail sink, so they
          // can) took the tier from about 2,200 s to 1,374 s on two cores, but timing-bound tests (missed pongs, a
          // chart drag's refusal, a 60-s screen walk) then failed now and then: a red CI costs more than the minutes.
          fileParallelism: false,
        },
      },
      {
        test: {
          // Scale-out: PostgreSQL, Redis, several server processes and nginx (issue 19); run once, in its own tier.
          name: 'deployment',
          include: ['e2e/**/*.deploy.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
