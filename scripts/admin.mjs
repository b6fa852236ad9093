#!/usr/bin/env node
// `npm run admin -- reset <email>`: the break-glass reset of a super admin on the server machine (DESIGN §16). Runs the
// built server's command (apps/server/dist/admin.js, built like `npm start`'s server when missing or stale), so it
// needs only the server's own dependencies: it works on an install pruned with `npm prune --omit=dev`, without tsx.
import path from 'node:path';
import { ADMIN_OUT } from '../build/build-server.mjs';
import { ensureServerBuilt } from '../build/build-if-stale.mjs';
import { runChild } from '../build/run-child.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// Its output is the command's alone (scripts read it): the build's word goes to stderr.
await ensureServerBuilt({ log: console.error });
runChild(['--enable-source-maps', ADMIN_OUT, ...process.argv.slice(2)], { cwd: root });
