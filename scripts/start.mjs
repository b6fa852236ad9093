#!/usr/bin/env node
// `npm start`: builds the front ends and the server when needed, then runs the compiled server (HTTP + websocket +
// engine + simulator) from apps/server/dist. `npm run dev` and the tests run the TypeScript sources instead.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureFrontEndsBuilt, ensureServerBuilt } from '../build/build-if-stale.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
ensureFrontEndsBuilt();
await ensureServerBuilt();
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
