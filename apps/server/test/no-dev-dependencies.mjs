// `node --import ./apps/server/test/no-dev-dependencies.mjs …`: the install as `npm prune --omit=dev` leaves it, for a
// test. Every package in the root package.json's devDependencies (tsx, esbuild, typescript, vite, …) fails to resolve
// as if it were not installed, so a command that needs one fails as it would on a pruned host. Set in NODE_OPTIONS, it
// holds in every Node process the command starts.
import fs from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) register(import.meta.url);

const manifest = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
const hidden = new Set(Object.keys(manifest.devDependencies ?? {}));

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`); undefined for paths and node: builtins. */
function packageOf(specifier) {
  if (/^(\.|\/|node:|file:|data:)/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export async function resolve(specifier, context, next) {
  const name = packageOf(specifier);
  if (name && hidden.has(name)) {
    const err = new Error(`Cannot find package '${name}' (a development dependency: hidden, as on a pruned install)`);
    err.code = 'ERR_MODULE_NOT_FOUND';
    throw err;
  }
  return next(specifier, context);
}
