#!/usr/bin/env node
// `npm run check:ledger`: verifies the ledger of DATA_DIR's SQLite file (or DATABASE_URL) and exits 1 when it is not
// sound. Runs the checker of the built server (apps/server/dist/check-ledger.js, built like `npm start`'s server when
// missing or stale), so it needs only the server's own dependencies: it works on an install pruned with
// `npm prune --omit=dev`, without tsx.
import path from 'node:path';
import { CHECK_LEDGER_OUT } from '../build/build-server.mjs';
import { ensureServerBuilt } from '../build/build-if-stale.mjs';
import { runChild } from '../build/run-child.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// Its output is the checker's alone (scripts read it): the build's word goes to stderr.
await ensureServerBuilt({ log: console.error });
runChild(['--enable-source-maps', CHECK_LEDGER_OUT], { cwd: root });
