import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineStyleHashes } from './security-headers.ts';

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

describe('inlineStyleHashes', () => {
  let dir: string;
  const file = (name: string, html: string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, html);
    return at;
  };

  // As apps/web/build/first-paint.ts writes the stylesheet into the page, `</style` escaped.
  const SHEET = '.boot{min-height:100vh}.a::after{content:"<\\/style>"}\n';
  const SKELETON = '\n      .boot-row { display: flex; }\n    ';

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-csp-style-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("gives a 'sha256-…' source for each <style> element's text and each style attribute's value, once each", () => {
    const html = file(
      'index.html',
      `<!doctype html><html><head><style>${SHEET}</style><link rel="stylesheet" href="/assets/a.css" disabled>
    <style media="all">${SKELETON}</style></head><body>
    <p class="boot-faces"><span style="font-weight: 700; font-size: 20px">x</span>
      <span style='font-weight: 600; font-size: 14px'>x</span><span style="font-weight: 700; font-size: 20px">again</span>
      <b data-x="1" STYLE=color:red>x</b></p>
    <svg viewBox="0 0 32 32"><rect width="32" style="fill: #1d52d1" /></svg>
  </body></html>`,
    );
    expect(inlineStyleHashes([html])).toEqual({
      elements: [sha256(SHEET), sha256(SKELETON)],
      attributes: [
        sha256('font-weight: 700; font-size: 20px'),
        sha256('font-weight: 600; font-size: 14px'),
        sha256('color:red'),
        sha256('fill: #1d52d1'),
      ],
    });
  });

  it('hashes an attribute as the browser reads it, with its character references decoded', () => {
    const html = file(
      'refs.html',
      `<p style="font-family: &quot;Noto Sans&quot;, sans-serif; content: &#39;&#x2713;&#39; &amp;">x</p>`,
    );
    expect(inlineStyleHashes([html]).attributes).toEqual([sha256(`font-family: "Noto Sans", sans-serif; content: '✓' &`)]);
  });

  it('takes no style="…" from comments, scripts or style sheets, which are not markup', () => {
    const html = file(
      'text.html',
      `<!-- <p style="color: red">old</p> --><script>document.body.innerHTML='<i style="color: blue">'</script>
    <style>.x::after { content: '<b style="color: green">' }</style><p data-note='style="x"'>plain</p>`,
    );
    expect(inlineStyleHashes([html])).toEqual({
      elements: [sha256(`.x::after { content: '<b style="color: green">' }`)],
      attributes: [],
    });
  });

  it('skips files that do not exist', () => {
    expect(inlineStyleHashes([path.join(dir, 'missing.html')])).toEqual({ elements: [], attributes: [] });
  });
});
