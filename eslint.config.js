import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
/** The sub-folders of `dir` (relative to the root): feature folders, server modules. */
const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** A feature folder imports nothing from another feature (CONVENTIONS §7); read from disk, so new ones are covered. */
const featureZones = (app) =>
  folders(`apps/${app}/src/features`).map((feature) => ({
    target: `apps/${app}/src/features/${feature}`,
    from: `apps/${app}/src/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to shared/, or compose them in the router.',
  }));

const modules = folders('apps/server/src/modules');
/**
 * Modules at the bottom of the server that others write into within their own transactions (CONVENTIONS §13, §15):
 * the ledger (every money movement) and the audit log (every staff action). Their repositories are their public
 * interface (they have no service), so other modules may import them.
 */
const BOTTOM_MODULES = ['ledger', 'audit'];

/**
 * Layers that the linter enforces rather than reviewers remembering them (CONVENTIONS §7, §13). Tested by
 * eslint.config.spec.ts.
 */
const BOUNDARY_ZONES = [
  ...featureZones('web'),
  ...featureZones('admin'),
  {
    target: 'apps/web/src/shared',
    from: 'apps/web/src/features',
    message: 'shared/ sits below the features: it cannot import one.',
  },
  ...modules.map((module) => ({
    target: `apps/server/src/modules/${module}`,
    from: modules
      .filter((m) => m !== module && !BOTTOM_MODULES.includes(m))
      .map((m) => `apps/server/src/modules/${m}/**/*.repository.ts`),
    message: "A module reaches another module's tables through that module's service, never its repository.",
  })),
  {
    target: ['apps/server/src/db', 'apps/server/src/core', 'apps/server/src/ports'],
    from: 'apps/server/src/modules',
    message: 'db, core and ports sit below the modules: pass what they need in, or move it down.',
  },
  {
    target: 'apps/server/src',
    from: 'apps/server/tools',
    message: 'tools/ holds offline code (calibration); the running server does not import it.',
  },
  {
    target: ['apps', 'packages'],
    from: 'scripts',
    message: 'scripts/ holds commands; the apps and packages never import them.',
  },
  {
    // The Vite configs are the one place allowed to use the build helpers (build/vite-precompress.ts).
    target: ['apps/**/!(vite.config.ts)', 'packages'],
    from: 'build',
    message: 'build/ holds build helpers for the Vite configs and npm start, not code the apps run.',
  },
  {
    target: 'packages',
    from: 'apps',
    message: 'The shared packages sit below the apps.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.spec.ts', 'scripts/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/server/test/**', 'e2e/**', '**/*.spec.ts', '**/*.spec.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The domain is pure: no I/O, no clock, no randomness (DESIGN §1).
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'http', '@tradepad/*', 'react*'] }],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time comes in as an argument.' },
        { object: 'Math', property: 'random', message: 'Randomness comes in as an argument.' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Boundaries and cycles, resolved as Node and Vite do (package exports; explicit .ts extensions).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], conditionNames: ['import', 'default'] }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    // A spec wires real parts together as app.ts does (the engine's spec builds it on the market's repository).
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: BOUNDARY_ZONES }] },
  },
  {
    // Type-only imports are not followed: they leave no cycle at run time.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
