import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, UPLOAD_NAME_RE } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { SettingsRepository } from '../src/modules/settings/settings.repository.ts';
import { UploadsService } from '../src/modules/uploads/uploads.service.ts';
import { startHarness, type Envelope, type Harness } from './harness.ts';
import { demoUser, realUser as registeredUser } from './people.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const MB = 1024 * 1024;

const MSG = {
  missing: 'Please choose an image to upload',
  tooMany: 'Please upload one image at a time',
  notImage: 'This file is not a supported image. Please upload a JPEG, PNG or WebP photo',
  tooLarge: 'The image is larger than 5 MB. Please choose a smaller one',
  tooManyPixels: 'The image is too large (40 megapixels at most). Please choose a smaller one',
  failed: 'The image could not be read. Please try another one',
  onlyReal: 'This function is only available for real accounts',
  throttled: 'Too many requests, please wait a moment and try again',
};

interface Part {
  field?: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

/** A PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([head, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG of a few hundred bytes whose header claims `width` × `height` RGB pixels: a decompression bomb. */
function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  // A few rows of zeros; the rest would inflate from the same tiny stream in a real bomb.
  const idat = zlib.deflateSync(Buffer.alloc((width * 3 + 1) * 4));
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** A real PNG carrying HTML in a tEXt chunk and again after IEND. */
async function polyglotPng(): Promise<Buffer> {
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const html = '<html><body><script>alert(document.cookie)</script></body></html>';
  const iend = png.length - 12;
  const text = chunk('tEXt', Buffer.from(`Comment\0${html}`, 'latin1'));
  return Buffer.concat([png.subarray(0, iend), text, png.subarray(iend), Buffer.from(html)]);
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#36c' } });

/** Whether an EXIF block (TIFF layout, either byte order) holds a pointer to a GPS directory (tag 0x8825). */
const hasGpsPointer = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

/**
 * Image uploads through real multipart HTTP requests: content checks, re-encoding (EXIF and GPS gone, polyglots
 * cleaned), size and pixel limits, random names, and the signed, expiring links that serve them.
 */
describe('uploads', () => {
  let h: Harness;
  const clock = new ManualClock(Date.UTC(2026, 10, 4, 10, 0, 0));
  let owner: string;

  const realUser = () => registeredUser(h, clock);

  /** POSTs a multipart form like a browser's FormData; returns the envelope. */
  async function upload(token: string | undefined, parts: Part[]): Promise<Envelope> {
    const form = new FormData();
    for (const p of parts) {
      const blob = new Blob([typeof p.data === 'string' ? p.data : new Uint8Array(p.data)], { type: p.type ?? 'image/png' });
      form.append(p.field ?? 'file', blob, p.filename ?? 'photo.png');
    }
    const headers: Record<string, string> = { lang: 'en' };
    if (token) headers.authorization = token;
    const res = await fetch(`${h.baseUrl}${API.imageUpload}`, { method: 'POST', body: form, headers });
    expect(res.status).toBe(200);
    return (await res.json()) as Envelope;
  }
  const uploadOne = (token: string, data: Buffer | string, filename = 'photo.png', type = 'image/png') =>
    upload(token, [{ data, filename, type }]);

  /** Fetches a link as a browser's <img> would: no authorization header. */
  async function fetchLink(url: string) {
    const res = await fetch(`${h.baseUrl}${url}`);
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  }

  /** The stored bytes of an upload: its file on SQLite, its row of upload_blobs on PostgreSQL. */
  async function storedBytes(name: string): Promise<Buffer | undefined> {
    if (!onPostgres) return fs.readFileSync(path.join(h.dataDir, 'uploads', name));
    const row = await h.app.tradepad.database.db
      .selectFrom('upload_blobs')
      .select('data')
      .where('name', '=', name)
      .executeTakeFirst();
    return row && Buffer.from(row.data);
  }
  async function removeBytes(name: string): Promise<void> {
    if (!onPostgres) fs.rmSync(path.join(h.dataDir, 'uploads', name));
    else await h.app.tradepad.database.db.deleteFrom('upload_blobs').where('name', '=', name).execute();
  }

  beforeAll(async () => {
    h = await startHarness({ clock });
    owner = (await realUser()).token;
  });
  afterAll(async () => h.close());

  describe('storing', () => {
    it('re-encodes a JPEG without its EXIF and GPS, applies its orientation and stores it under a random name', async () => {
      const jpeg = await solid(64, 32)
        .withExif({
          IFD0: { Make: 'PhoneCo', Model: 'Snap 9', Copyright: 'Alice' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
        })
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();
      const before = await sharp(jpeg).metadata();
      expect(hasGpsPointer(before.exif)).toBe(true);
      expect(jpeg.includes('PhoneCo')).toBe(true);

      const r = await uploadOne(owner, jpeg, 'IMG_0001.png', 'image/png');
      expect(r).toMatchObject({ code: 1, msg: 'Image uploaded' });
      const { name, url } = r.data as { name: string; url: string };
      expect(name).toMatch(UPLOAD_NAME_RE);
      expect(name.endsWith('.jpg')).toBe(true);
      expect(url).toMatch(new RegExp(`^${API.files}/${name.replace('.', '\\.')}\\?expires=\\d+&sig=[0-9a-f]{64}$`));

      const { res, body } = await fetchLink(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const served = await sharp(body).metadata();
      expect(served).toMatchObject({ format: 'jpeg', width: 32, height: 64 });
      expect(served.exif).toBeUndefined();
      expect(served.xmp).toBeUndefined();
      expect(served.orientation).toBeUndefined();
      expect(body.includes('PhoneCo')).toBe(false);

      // Stored under its name (SQLite: a file, no temporary one left; PostgreSQL: in the database, so any node serves
      // it), and recorded with the digest of what is served.
      const dir = path.join(h.dataDir, 'uploads');
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      expect((await storedBytes(name))?.equals(body)).toBe(true);
      if (onPostgres) expect(fs.existsSync(path.join(dir, name))).toBe(false);
      const row = await h.app.tradepad.database.db
        .selectFrom('uploads')
        .selectAll()
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ mime: 'image/jpeg', bytes: body.length, width: 32, height: 64 });
      expect(row.sha256).toBe(createHash('sha256').update(body).digest('hex'));
    });

    it('gives every upload of the same image a new name', async () => {
      const png = await solid(8, 8).png().toBuffer();
      const a = await uploadOne(owner, png);
      const b = await uploadOne(owner, png);
      expect(a.data.name).not.toBe(b.data.name);
      expect(a.data.name).toMatch(/\.png$/);
    });

    it('keeps WebP as WebP, turns a GIF into a PNG and scales a large photo down to 2,560 px', async () => {
      const webp = await uploadOne(owner, await solid(20, 10).webp().toBuffer(), 'a.webp', 'image/webp');
      expect(webp.data.name).toMatch(/\.webp$/);
      expect((await fetchLink(webp.data.url)).res.headers.get('content-type')).toBe('image/webp');

      const gif = await uploadOne(owner, await solid(20, 10).gif().toBuffer(), 'a.gif', 'image/gif');
      expect(gif.data.name).toMatch(/\.png$/);
      const served = await fetchLink(gif.data.url);
      expect(served.res.headers.get('content-type')).toBe('image/png');
      expect((await sharp(served.body).metadata()).format).toBe('png');

      const big = await uploadOne(owner, await solid(4000, 1000).jpeg().toBuffer(), 'big.jpg', 'image/jpeg');
      expect(big.code, big.msg).toBe(1);
      const meta = await sharp((await fetchLink(big.data.url)).body).metadata();
      expect(meta).toMatchObject({ width: 2560, height: 640 });
    });

    it('cleans an HTML/PNG polyglot: the stored image is a fresh PNG with no trace of the script', async () => {
      const polyglot = await polyglotPng();
      expect(polyglot.includes('<script')).toBe(true);
      const r = await uploadOne(owner, polyglot, 'page.html', 'text/html');
      expect(r.code, r.msg).toBe(1);
      const { res, body } = await fetchLink(r.data.url);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(body.includes('<script')).toBe(false);
      expect(body.includes('alert')).toBe(false);
      expect(body.includes('tEXt')).toBe(false);
      expect(await sharp(body).metadata()).toMatchObject({ format: 'png', width: 24, height: 24 });
    });
  });

  describe('refusing', () => {
    it('refuses what is not an image by its content, whatever its name and declared type', async () => {
      const cases: Array<[string, Buffer | string]> = [
        ['script renamed .png', '<script>alert(1)</script>'],
        ['HTML page', '<!doctype html><html><body><img src=x onerror=alert(1)></body></html>'],
        ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
        ['PDF', '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'],
        ['TIFF', await solid(8, 8).tiff().toBuffer()],
      ];
      for (const [label, data] of cases) {
        expect(await uploadOne(owner, data, 'x.png', 'image/png'), label).toMatchObject({
          code: 0,
          msg: MSG.notImage,
          data: null,
        });
      }
    });

    it('refuses a PNG that is cut short or corrupt', async () => {
      const png = await solid(64, 64).png().toBuffer();
      const r = await uploadOne(owner, png.subarray(0, 60));
      expect(r).toMatchObject({ code: 0, msg: MSG.failed });
    });

    it('refuses a file over 5 MB, whether it reaches the service (5 MB + 1) or is cut off by the reader (6 MB)', async () => {
      const justOver = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(5 * MB + 1 - PNG_SIGNATURE.length)]);
      expect(await uploadOne(owner, justOver)).toMatchObject({ code: 0, msg: MSG.tooLarge });
      expect(await uploadOne(owner, Buffer.alloc(6 * MB, 1))).toMatchObject({ code: 0, msg: MSG.tooLarge });
    });

    it('refuses a decompression bomb from its header, without decoding its 400 million pixels', async () => {
      const bomb = bombPng(20_000, 20_000);
      expect(bomb.length).toBeLessThan(1024);
      expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
        format: 'png',
        width: 20_000,
        height: 20_000,
      });
      const rssBefore = process.memoryUsage().rss;
      const started = performance.now();
      expect(await uploadOne(owner, bomb)).toMatchObject({ code: 0, msg: MSG.tooManyPixels });
      expect(performance.now() - started).toBeLessThan(2_000);
      // Decoding would need 1.2 GB; reading the header needs next to nothing.
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * MB);
    });

    it('refuses an image with a side over 12,000 px even when its pixel count is small', async () => {
      const strip = await solid(13_000, 1).png().toBuffer();
      expect(await uploadOne(owner, strip)).toMatchObject({ code: 0, msg: MSG.tooManyPixels });
    });

    it('refuses no file, an empty file, a file under another field, two files and a body that is not multipart', async () => {
      const png = await solid(8, 8).png().toBuffer();
      expect(await upload(owner, [])).toMatchObject({ code: 0, msg: MSG.missing });
      const onlyField = new FormData();
      onlyField.append('note', 'hello');
      const res = await fetch(`${h.baseUrl}${API.imageUpload}`, {
        method: 'POST',
        body: onlyField,
        headers: { lang: 'en', authorization: owner },
      });
      expect(await res.json()).toMatchObject({ code: 0, msg: MSG.missing });
      expect(await uploadOne(owner, Buffer.alloc(0))).toMatchObject({ code: 0, msg: MSG.missing });
      expect(await upload(owner, [{ field: 'image', data: png }])).toMatchObject({ code: 0, msg: MSG.missing });
      expect(await upload(owner, [{ data: png }, { data: png }])).toMatchObject({ code: 0, msg: MSG.tooMany });

      expect(await h.call('POST', API.imageUpload, { file: 'x' }, { authorization: owner })).toMatchObject({
        code: 0,
        msg: MSG.missing,
      });
      const raw = await fetch(`${h.baseUrl}${API.imageUpload}`, {
        method: 'POST',
        body: new Uint8Array(png),
        headers: { lang: 'en', authorization: owner, 'content-type': 'image/png' },
      });
      expect(await raw.json()).toMatchObject({ code: 0, msg: MSG.missing });
    });

    it('answers 999 without a session and refuses demo accounts', async () => {
      const png = await solid(8, 8).png().toBuffer();
      expect((await upload(undefined, [{ data: png }])).code).toBe(999);
      expect(await uploadOne((await demoUser(h)).token, png)).toMatchObject({ code: 0, msg: MSG.onlyReal });
    });

    it('allows 30 uploads per user in 10 minutes', async () => {
      const { token } = await realUser();
      const png = await solid(4, 4).png().toBuffer();
      for (let i = 0; i < 30; i++) expect((await uploadOne(token, png)).code).toBe(1);
      expect(await uploadOne(token, png)).toMatchObject({ code: 0, msg: MSG.throttled });
      expect((await uploadOne(owner, png)).code).toBe(1); // others are not affected
      clock.advance(10 * 60_000);
      expect((await uploadOne(token, png)).code).toBe(1);
    });
  });

  describe('serving', () => {
    let name: string;
    let url: string;
    beforeAll(async () => {
      const r = await uploadOne(owner, await solid(16, 16).png().toBuffer());
      ({ name, url } = r.data as { name: string; url: string });
    });

    it('serves a signed link to whoever holds it, as an inert, privately cached image', async () => {
      const { res, body } = await fetchLink(url);
      expect(res.status).toBe(200);
      expect(Object.fromEntries(res.headers)).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(body.length),
        'cache-control': 'private, max-age=900',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': 'inline',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect((await sharp(body).metadata()).format).toBe('png');
      // The cache lifetime shrinks with the link's.
      clock.advance(10 * 60_000);
      expect((await fetchLink(url)).res.headers.get('cache-control')).toBe('private, max-age=300');
    });

    it('refuses a tampered, foreign, incomplete or expired link with a plain 403', async () => {
      const u = new URL(url, h.baseUrl);
      const sig = u.searchParams.get('sig')!;
      const expires = u.searchParams.get('expires')!;
      const flipped = `${sig[0] === 'a' ? 'b' : 'a'}${sig.slice(1)}`;
      const other = (await uploadOne(owner, await solid(9, 9).png().toBuffer())).data.name as string;
      const bad = [
        `${API.files}/${name}?expires=${expires}&sig=${flipped}`,
        `${API.files}/${name}?expires=${Number(expires) + 60_000}&sig=${sig}`,
        `${API.files}/${other}?expires=${expires}&sig=${sig}`,
        `${API.files}/${name}?expires=${expires}`,
        `${API.files}/${name}`,
        `${API.files}/${name}?expires=${expires}&sig=${sig.slice(0, 10)}`,
        `${API.files}/..%2Ftradepad.sqlite?expires=${expires}&sig=${sig}`,
      ];
      for (const link of bad) {
        const { res, body } = await fetchLink(link);
        expect(res.status, link).toBe(403);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(body.toString()).toBe('Forbidden');
      }
      clock.advance(15 * 60_000);
      expect((await fetchLink(url)).res.status).toBe(403);
    });

    it('answers 404 when the signed file no longer exists', async () => {
      const r = await uploadOne(owner, await solid(10, 10).png().toBuffer());
      await removeBytes(r.data.name as string);
      const { res } = await fetchLink(r.data.url as string);
      expect(res.status).toBe(404);
    });

    it('shares its signing key through the database: another node signs links this one accepts', async () => {
      const db = h.app.tradepad.database.db;
      const secret = (await new SettingsRepository(db).all()).file_link_secret;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      const other = await UploadsService.create({
        db,
        dir: path.join(h.dataDir, 'uploads'),
        clock,
        settings: new SettingsRepository(db),
      });
      const fresh = await uploadOne(owner, await solid(12, 12).png().toBuffer());
      const { res } = await fetchLink(other.signedUrl(fresh.data.name as string));
      expect(res.status).toBe(200);
      expect((await new SettingsRepository(db).all()).file_link_secret).toBe(secret);
    });

    it('tells who uploaded an image, so forms accept only their own', async () => {
      const db = h.app.tradepad.database.db;
      const uploads = await UploadsService.create({
        db,
        dir: path.join(h.dataDir, 'uploads'),
        clock,
        settings: new SettingsRepository(db),
      });
      const alice = await realUser();
      const bob = await realUser();
      const mine = (await uploadOne(alice.token, await solid(6, 6).png().toBuffer())).data.name as string;
      expect(await uploads.owned(alice.id, mine)).toMatchObject({ name: mine, user_id: alice.id, mime: 'image/png' });
      expect(await uploads.owned(bob.id, mine)).toBeUndefined();
      expect(await uploads.owned(alice.id, '../etc/passwd')).toBeUndefined();
    });
  });
});
