#!/usr/bin/env node
// `npm start`: builds the front ends and the server when needed, then runs the compiled server (HTTP + websocket +
// engine + simulator) from apps/server/dist, and exits with its status (build/run-child.mjs). `npm run dev` and the
// tests run the TypeScript sources instead.
import path from 'node:path';
import { ensureFrontEndsBuilt, ensureServerBuilt } from '../build/build-if-stale.mjs';
import { runChild } from '../build/run-child.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
ensureFrontEndsBuilt();
await ensureServerBuilt();
runChild(['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], { cwd: root });
