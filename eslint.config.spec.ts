import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundary rules of eslint.config.js fire: each case lints a small virtual file placed inside the repository and
 * importing a real file across a boundary. Only the import-x rules run, without type information, so the virtual
 * files need no tsconfig and the check takes seconds. Run alone: `npx vitest run eslint.config.spec.ts`.
 */
const root = import.meta.dirname;
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  });
});

/** The import-x rules that report on `code` linted as if it were the file at `file` (relative to the root). */
async function rulesFiring(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const messages = result?.messages ?? [];
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(fatal.message);
  return messages.map((m) => m.ruleId ?? '');
}

/** A relative import specifier from `file` to `target`, both relative to the root. */
function specifier(file: string, target: string): string {
  const rel = path.relative(path.dirname(file), target).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** The first .ts/.tsx source file under `dir` (relative to the root), for an import that resolves. */
function someSource(dir: string): string {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      const found = someSourceOrNull(p);
      if (found) return found;
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) return p;
  }
  throw new Error(`no source under ${dir}`);
}
function someSourceOrNull(dir: string): string | null {
  try {
    return someSource(dir);
  } catch {
    return null;
  }
}

const importing = (file: string, target: string) => `import * as probe from '${specifier(file, target)}';\nexport { probe };\n`;
const webFeatures = fs.readdirSync(path.join(root, 'apps/web/src/features')).sort();

describe('boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it('a web feature cannot import another feature, but can import shared/ and its own files', async () => {
    const [a, b] = webFeatures as [string, string];
    const probe = `apps/web/src/features/${a}/boundary-probe.ts`;
    expect(await rulesFiring(probe, importing(probe, someSource(`apps/web/src/features/${b}`)))).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesFiring(probe, importing(probe, someSource('apps/web/src/shared')))).toEqual([]);
    expect(await rulesFiring(probe, importing(probe, someSource(`apps/web/src/features/${a}`)))).toEqual([]);
  });

  it('web shared/ cannot import a feature', async () => {
    const probe = 'apps/web/src/shared/boundary-probe.ts';
    expect(await rulesFiring(probe, importing(probe, someSource(`apps/web/src/features/${webFeatures[0]}`)))).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it("a server module cannot import another module's repository (the ledger's is the exception)", async () => {
    const probe = 'apps/server/src/modules/accounts/boundary-probe.ts';
    expect(await rulesFiring(probe, importing(probe, 'apps/server/src/modules/market/market.repository.ts'))).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesFiring(probe, importing(probe, 'apps/server/src/modules/market/market.service.ts'))).toEqual([]);
    expect(await rulesFiring(probe, importing(probe, 'apps/server/src/modules/ledger/ledger.repository.ts'))).toEqual([]);
  });

  it('db, core and ports cannot import a module', async () => {
    for (const layer of ['db', 'core', 'ports']) {
      const probe = `apps/server/src/${layer}/boundary-probe.ts`;
      expect(await rulesFiring(probe, importing(probe, 'apps/server/src/modules/market/market.service.ts'))).toContain(
        'import-x/no-restricted-paths',
      );
    }
  });

  it("the server's runtime code cannot import its offline tools", async () => {
    const probe = 'apps/server/src/modules/market/boundary-probe.ts';
    expect(await rulesFiring(probe, importing(probe, someSource('apps/server/tools')))).toContain('import-x/no-restricted-paths');
  });

  it('apps cannot import scripts/ or build/; only the Vite configs use build/', async () => {
    const server = 'apps/server/src/boundary-probe.ts';
    expect(await rulesFiring(server, importing(server, 'scripts/test.mjs'))).toContain('import-x/no-restricted-paths');
    const web = 'apps/web/src/boundary-probe.ts';
    expect(await rulesFiring(web, importing(web, 'build/vite-precompress.ts'))).toContain('import-x/no-restricted-paths');
    const config = 'apps/admin/vite.config.ts';
    expect(await rulesFiring(config, importing(config, 'build/vite-precompress.ts'))).toEqual([]);
  });

  it('an import cycle is an error', async () => {
    // market.service.ts imports calibration.ts; calibration.ts importing it back closes a cycle.
    const file = 'apps/server/src/modules/market/calibration.ts';
    expect(await rulesFiring(file, importing(file, 'apps/server/src/modules/market/market.service.ts'))).toContain(
      'import-x/no-cycle',
    );
  });
});
