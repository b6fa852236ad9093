import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type TradeItem } from '@tradepad/contracts';
import { CHART_ATTRIBUTION_STYLE_HASH } from '../src/core/content-security.ts';
import { startHarness, type Harness } from './harness.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The header of a PNG: the IHDR chunk comes first, right after the signature. */
function pngHeader(png: Buffer) {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), bitDepth: png[24], colourType: png[25] };
}

/** An app shell with an inline loader and inline styles, like the one apps/web/build/first-paint.ts writes. */
const LOADER = '(function(){var done=0;function load(){if(done++)return}requestAnimationFrame(load);setTimeout(load,50)})()';
const SHEET = ':root{--tp-bg:#f5f6f8}.boot{min-height:100vh}';
const FACE = 'font-weight: 700; font-size: 20px';
const SHELL = `<!doctype html><html><head><script type="module" crossorigin src="/assets/x.js"></script>
<style>${SHEET}</style></head>
<body><div id="root"><span style="${FACE}">…</span></div><script>${LOADER}</script></body></html>`;

/** Instrument logos over HTTP (PNG for the app, SVG still served), and the CSP that allows the shell's loader. */
describe('instrument logos', () => {
  let h: Harness;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), SHELL);
    h = await startHarness({ env: { WEB_DIST: webDist } });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string) => fetch(`${h.baseUrl}${url}`);

  it('serves /logos/<code>.png as a 108×108 palette PNG, cacheable for a day, the same bytes each time', async () => {
    const res = await get('/logos/eurusd.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const png = Buffer.from(await res.arrayBuffer());
    expect(pngHeader(png)).toMatchObject({ width: 108, height: 108, colourType: 3 });
    expect(Number(res.headers.get('content-length') ?? png.length)).toBe(png.length);

    // Drawn, not blank: the discs are opaque, the corners transparent.
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(40, 40)).toBe(255);

    const again = Buffer.from(await (await get('/logos/eurusd.png')).arrayBuffer());
    expect(again.equals(png)).toBe(true);
  });

  it('draws each instrument its own PNG', async () => {
    const [eurusd, btcusd] = await Promise.all(
      ['/logos/eurusd.png', '/logos/btcusd.png'].map(async (url) => Buffer.from(await (await get(url)).arrayBuffer())),
    );
    expect(pngHeader(btcusd!)).toMatchObject({ width: 108, height: 108 });
    expect(btcusd!.equals(eurusd!)).toBe(false);
  });

  it('still serves /logos/<code>.svg as SVG', async () => {
    const res = await get('/logos/eurusd.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('</svg>');
  });

  it.each([
    ['an unknown instrument', '/logos/zzzzzz.png'],
    ['an unknown instrument (SVG)', '/logos/zzzzzz.svg'],
    ['another image type', '/logos/eurusd.gif'],
    ['a name with a path in it', '/logos/%2E%2E%2Fx.png'],
    ['a name with a path before the code', '/logos/..%2Feurusd.png'],
    ['an upper-case name', '/logos/EURUSD.png'],
    ['a doubled extension', '/logos/eurusd.png.png'],
    ['no extension', '/logos/eurusd'],
  ])('answers 404 for %s (%s)', async (_what, url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toMatch(/^image\//);
  });

  it("gives every trade_list item a PNG logo that is served (the app's rows load these)", async () => {
    const list = (await h.call('GET', API.tradeList)).data as TradeItem[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.find((i) => i.Code === 'EURUSD')?.Logo).toBe('/logos/eurusd.png');
    for (const item of list) {
      expect(item.Logo, item.Code).toMatch(/^\/logos\/[a-z0-9]+\.png$/);
      const res = await get(item.Logo);
      expect(res.status, item.Code).toBe(200);
      expect(res.headers.get('content-type'), item.Code).toBe('image/png');
      expect(pngHeader(Buffer.from(await res.arrayBuffer())), item.Code).toMatchObject({ width: 108, height: 108 });
    }
  });

  it("allows the shell's inline loader and styles in the CSP by their hashes, and no other inline script or style", async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SHELL);
    const csp = res.headers.get('content-security-policy') ?? '';
    const sources = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find((d) => d[0] === name);
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(sources('script-src')).toEqual(['script-src', "'self'", hash(LOADER)]);
    // The page's <style> element, the chart's attribution style (content-security.ts), and the page's style attribute.
    expect(sources('style-src')).toEqual([
      'style-src',
      "'self'",
      hash(SHEET),
      CHART_ATTRIBUTION_STYLE_HASH,
      "'unsafe-hashes'",
      hash(FACE),
    ]);
    expect(csp).not.toContain("'unsafe-inline'");
    // Every response carries the same policy (the logos too).
    expect((await get('/logos/eurusd.png')).headers.get('content-security-policy')).toBe(csp);
  });
});
