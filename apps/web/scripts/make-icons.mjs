#!/usr/bin/env node
// Draws the installable app's icons (public/icons/*.png) from the logo mark (src/assets/logo-mark.svg).
// Run once after the mark changes: `node apps/web/scripts/make-icons.mjs`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const mark = fs.readFileSync(path.join(web, 'src/assets/logo-mark.svg'), 'utf8');
const out = path.join(web, 'public/icons');
fs.mkdirSync(out, { recursive: true });

/** The mark's drawing (gradient, strokes, dot) without its own rounded square. */
const inner = mark
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect[^>]*\/>/, '');

/** "any" icons: the mark as it is, rounded corners on transparency. */
const any = mark.replace(/width="32" height="32"/, 'width="512" height="512"');

/**
 * Maskable icons: a full-bleed brand square (the launcher cuts its own shape) with the mark's strokes scaled to sit
 * inside the 80 % safe circle.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="512" height="512">
  <defs><linearGradient id="tp-g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2563eb"/><stop offset="1" stop-color="#1640b8"/></linearGradient></defs>
  <rect width="32" height="32" fill="url(#tp-g)"/>
  <g transform="translate(16 16) scale(0.72) translate(-16 -17.5)">${inner.replace(/<defs>[\s\S]*?<\/defs>/, '')}</g>
</svg>`;

/** Apple touch icon: opaque, the platform rounds it. */
const apple = maskable;

const jobs = [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-192.png', maskable, 192],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', apple, 180],
];
for (const [name, svg, size] of jobs) {
  await sharp(Buffer.from(svg), { density: 1200 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(path.join(out, name));
  console.log(name, fs.statSync(path.join(out, name)).size, 'bytes');
}
