import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHART_ATTRIBUTION_STYLE_HASH,
  isConsolePath,
  policyFor,
  policyTemplates,
  supportFrameSource,
} from './content-security.ts';
import { cspHash } from './security-headers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A policy's directives by name, each with its sources. */
const directives = (policy: string) =>
  Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

describe('policyTemplates', () => {
  let dir: string;
  const LOADER = '(function(){requestAnimationFrame(load)})()';
  const SHEET = '.boot{min-height:100vh}';

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-policies-'));
    fs.mkdirSync(path.join(dir, 'web'));
    fs.mkdirSync(path.join(dir, 'admin'));
    fs.writeFileSync(
      path.join(dir, 'web', 'index.html'),
      `<html><head><style>${SHEET}</style></head><body><span style="font-size: 11px">x</span><script>${LOADER}</script></body></html>`,
    );
    fs.writeFileSync(path.join(dir, 'admin', 'index.html'), '<html><head><script type="module" src="/admin/a.js"></script>');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("gives the app no 'unsafe-inline': its page's styles and the chart's by hash, attributes through 'unsafe-hashes'", () => {
    const { app } = policyTemplates({ web: path.join(dir, 'web'), admin: path.join(dir, 'admin') });
    const d = directives(policyFor(app, { connect: 'wss://x.example', frame: 'https://help.example' }));
    expect(d['style-src']).toEqual([
      "'self'",
      cspHash(SHEET),
      CHART_ATTRIBUTION_STYLE_HASH,
      "'unsafe-hashes'",
      cspHash('font-size: 11px'),
    ]);
    expect(d['script-src']).toEqual(["'self'", cspHash(LOADER)]);
    expect(d['script-src-attr']).toEqual(["'none'"]);
    expect(d['frame-src']).toEqual(['https://help.example']);
    expect(d['connect-src']).toEqual(["'self'", 'wss://x.example']);
    expect(d['frame-ancestors']).toEqual(["'self'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(JSON.stringify(d)).not.toContain('unsafe-inline');
  });

  it("frames nothing from the app without a support page, and drops 'unsafe-hashes' for a page without style attributes", () => {
    const bare = path.join(dir, 'bare');
    fs.mkdirSync(bare, { recursive: true });
    fs.writeFileSync(path.join(bare, 'index.html'), `<html><head><style>${SHEET}</style></head></html>`);
    const { app } = policyTemplates({ web: bare, admin: path.join(dir, 'admin') });
    const d = directives(policyFor(app, { connect: '', frame: '' }));
    expect(d['frame-src']).toEqual(["'none'"]);
    expect(d['style-src']).toEqual(["'self'", cspHash(SHEET), CHART_ATTRIBUTION_STYLE_HASH]);
    expect(d['connect-src']).toEqual(["'self'"]);
  });

  it('gives the console inline styles (emotion) but scripts from itself only, frames nothing and is framed by no one', () => {
    const { console } = policyTemplates({ web: path.join(dir, 'web'), admin: path.join(dir, 'admin') });
    const d = directives(policyFor(console, { connect: 'wss://x.example', frame: 'https://help.example' }));
    expect(d['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['frame-src']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['connect-src']).toEqual(["'self'", 'wss://x.example']);
  });

  it('builds without a front end (a server started before the build): styles and scripts from itself only', () => {
    const { app } = policyTemplates({ web: path.join(dir, 'missing'), admin: path.join(dir, 'missing') });
    expect(directives(app)['style-src']).toEqual(["'self'", CHART_ATTRIBUTION_STYLE_HASH]);
    expect(directives(app)['script-src']).toEqual(["'self'"]);
  });
});

describe('supportFrameSource', () => {
  it.each([
    ['https://help.example.com/chat?x=1', 1, 'https://help.example.com'],
    ['  https://Help.Example.com:8443/a/b  ', 1, 'https://help.example.com:8443'],
    ['https://203.0.113.9/chat', 1, 'https://203.0.113.9'],
    ['https://[2001:db8::1]:444/chat', 1, 'https://[2001:db8::1]:444'],
    ['https://help.example.com/chat', 2, ''],
    ['http://help.example.com/chat', 1, ''],
    ['', 1, ''],
    ['not a url', 1, ''],
    ['https://a.example;script-src', 1, ''],
    ["https://a.example,'unsafe-inline'", 1, ''],
  ])('%s (type %i) frames %j', (link, type, expected) => {
    expect(supportFrameSource(link, type)).toBe(expected);
  });
});

describe('isConsolePath', () => {
  it.each([
    ['/admin', true],
    ['/admin/', true],
    ['/admin/news/3', true],
    ['/admin/api/news', true],
    ['/admin?lang=hk', true],
    ['/administrator', false],
    ['/', false],
    ['/trade?x=/admin/', false],
  ])('%s: %s', (url, expected) => expect(isConsolePath(url)).toBe(expected));
});

describe('the chart attribution style', () => {
  it("is the hash of the <style> the installed lightweight-charts inserts for its logo (the app's bundle)", () => {
    const require = createRequire(path.join(ROOT, 'apps/web/package.json'));
    const dist = path.join(path.dirname(require.resolve('lightweight-charts/package.json')), 'dist');
    const code = fs.readFileSync(path.join(dist, 'lightweight-charts.production.mjs'), 'utf8');
    const styles = [...code.matchAll(/createElement\("style"\),this\.\w+\.innerText="([^"]*)"/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(styles[0]).toContain('tv-attr-logo');
    expect(cspHash(styles[0]!)).toBe(CHART_ATTRIBUTION_STYLE_HASH);
  });
});
