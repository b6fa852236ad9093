import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { reencodeImage } from './image-reencode.ts';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c33' } });

/** The message key a refusal carries. */
async function refusal(input: Buffer): Promise<string> {
  try {
    await reencodeImage(input);
  } catch (err) {
    if (err instanceof AppError) return err.key;
    throw err;
  }
  throw new Error('not refused');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG header claiming `width` × `height` pixels with almost no data behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('reencodeImage', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
    ['gif', 'image/png', 'png'],
  ] as const)('re-encodes %s as %s', async (format, mime, ext) => {
    const out = await reencodeImage(await solid(30, 20).toFormat(format).toBuffer());
    expect(out).toMatchObject({ mime, ext, width: 30, height: 20 });
    expect((await sharp(out.data).metadata()).format).toBe(ext === 'jpg' ? 'jpeg' : ext);
  });

  it('drops EXIF and applies the orientation to the pixels', async () => {
    const input = await solid(40, 10)
      .withExif({ IFD0: { Make: 'PhoneCo' } })
      .withMetadata({ orientation: 8 })
      .jpeg()
      .toBuffer();
    const out = await reencodeImage(input);
    expect(out).toMatchObject({ width: 10, height: 40 });
    const meta = await sharp(out.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it.each([
    ['text', Buffer.from('<script>alert(1)</script>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['nothing recognisable', Buffer.alloc(100, 0x41)],
  ])('refuses %s as not an image', async (_label, input) => {
    expect(await refusal(input)).toBe('err.upload_not_image');
  });

  it.each([
    [20_000, 20_000],
    [12_001, 10],
    [10, 12_001],
    [7_000, 6_000],
  ])('refuses %i × %i pixels from the header alone', async (w, h) => {
    expect(await refusal(pngClaiming(w, h))).toBe('err.upload_too_many_pixels');
  });

  it('accepts a header at the limits but fails on missing pixel data', async () => {
    expect(await refusal(pngClaiming(8_000, 5_000))).toBe('err.upload_failed');
  });
});
