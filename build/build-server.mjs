// Compiles the server for production: apps/server/src/main.ts bundled by esbuild into apps/server/dist/main.js, and
// the ledger checker (apps/server/src/check-ledger.ts) and the break-glass command (src/admin.ts) beside it as
// dist/check-ledger.js and dist/admin.js. Our own code and the
// workspace packages (@tradepad/domain, @tradepad/contracts, which export TypeScript) go into the bundle; every npm
// dependency stays external and is loaded from node_modules as usual, so native modules (better-sqlite3, sharp,
// argon2) and packages that read their own files keep working. `npm run dev` and the tests run the TypeScript
// directly; `npm start` and `npm run check:ledger` run this output.
//
// esbuild is a development dependency: it is imported only when a build runs, so `npm start` and
// `npm run check:ledger` (which import this file through build-if-stale.mjs) work on an install pruned with
// `--omit=dev` as long as the build is current.
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const SERVER_ENTRY = path.join(root, 'apps/server/src/main.ts');
export const SERVER_OUT = path.join(root, 'apps/server/dist/main.js');
/** The ledger checker's entry; its bundle is `check-ledger.js` in the folder of the server's. */
export const CHECK_LEDGER_ENTRY = path.join(root, 'apps/server/src/check-ledger.ts');
export const CHECK_LEDGER_OUT = path.join(path.dirname(SERVER_OUT), 'check-ledger.js');
/** The break-glass command's entry (`npm run admin`); its bundle is `admin.js` beside the server's. */
export const ADMIN_ENTRY = path.join(root, 'apps/server/src/admin.ts');
export const ADMIN_OUT = path.join(path.dirname(SERVER_OUT), 'admin.js');

/**
 * Bare imports are npm packages and stay external, except the workspace packages, which are TypeScript sources. Each
 * external is resolved once from the output folder, as Node will at run time, so a package that only resolves from a
 * workspace's own node_modules fails the build instead of the start.
 */
const externalDependencies = {
  name: 'tradepad-external-dependencies',
  setup(build) {
    // Node looks from apps/server/dist up through apps/server/node_modules, then the root's: the same as from here.
    const runsFrom = path.join(root, 'apps/server');
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'probe' || args.path.startsWith('@tradepad/')) return undefined;
      const probe = await build.resolve(args.path, { kind: args.kind, resolveDir: runsFrom, pluginData: 'probe' });
      if (probe.errors.length > 0) {
        return { errors: [{ text: `${args.path} does not resolve from apps/server/dist, where the server runs` }] };
      }
      return { path: args.path, external: true };
    });
  },
};

/**
 * Bundles the server into `outfile` (apps/server/dist/main.js unless a test asks for another place), and the ledger
 * checker into `check-ledger.js` in the same folder.
 */
export async function buildServer(outfile = SERVER_OUT) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch (err) {
    throw new Error(`building the server needs esbuild, a development dependency (npm ci, then npm run build): ${err.message}`);
  }
  await esbuild.build({
    entryPoints: [
      { in: SERVER_ENTRY, out: path.basename(outfile, '.js') },
      { in: CHECK_LEDGER_ENTRY, out: 'check-ledger' },
      { in: ADMIN_ENTRY, out: 'admin' },
    ],
    outdir: path.dirname(outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // Stack traces and pino's error logs keep readable names.
    keepNames: true,
    plugins: [externalDependencies],
    logLevel: 'warning',
  });
}

// `node build/build-server.mjs [--outfile=<path>]`
if (process.argv[1] === new URL(import.meta.url).pathname) {
  const outfile = process.argv.find((a) => a.startsWith('--outfile='))?.slice('--outfile='.length);
  await buildServer(outfile ? path.resolve(outfile) : SERVER_OUT);
}
