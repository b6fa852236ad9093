#!/usr/bin/env node
// `npm run dev`: the server with reload, and the web app's Vite dev server proxying to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  // The config imports TypeScript from the workspace packages: loaded through Vite's module runner.
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--configLoader', 'runner'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
