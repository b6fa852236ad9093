import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security-headers.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  let dir: string;
  const file = (name: string, html: string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, html);
    return at;
  };

  const LOADER = '(function(){var done=0;requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,50)})()';
  const OTHER = "\n      window.__boot = 'é ✓';\n    ";

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-csp-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("gives a 'sha256-…' source for each inline script, exactly as written (UTF-8), skipping scripts with src", () => {
    const html = file(
      'index.html',
      `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <script src="/legacy.js"></script>
    <script>${OTHER}</script>
  </head><body>
    <script>${LOADER}</script>
  </body></html>`,
    );
    expect(inlineScriptHashes([html])).toEqual([sha256(OTHER), sha256(LOADER)]);
  });

  it('skips files that do not exist, and lists a script found in several files once', () => {
    const a = file('a.html', `<body><script>${LOADER}</script></body>`);
    const b = file('b.html', `<body><script>${LOADER}</script><script>${OTHER}</script></body>`);
    expect(inlineScriptHashes([path.join(dir, 'missing', 'index.html'), a, b])).toEqual([sha256(LOADER), sha256(OTHER)]);
    expect(inlineScriptHashes([path.join(dir, 'missing.html')])).toEqual([]);
    expect(inlineScriptHashes([])).toEqual([]);
  });

  it('gives nothing for a page without inline scripts', () => {
    const html = file('plain.html', '<html><head><script type="module" src="/a.js"></script></head><body></body></html>');
    expect(inlineScriptHashes([html])).toEqual([]);
  });
});
