#!/usr/bin/env node
// `npm start`: builds the front ends when needed, then runs the server (HTTP + websocket + engine + simulator).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureFrontEndsBuilt } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
ensureFrontEndsBuilt();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
