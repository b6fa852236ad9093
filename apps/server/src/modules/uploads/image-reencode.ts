import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { refuse } from '../../core/errors.ts';

/** What an upload may be (DESIGN §7). */
export const IMAGE_LIMITS = {
  /** Largest accepted file, in bytes (5 MB). */
  maxBytes: 5 * 1024 * 1024,
  /** Largest decoded image, in pixels (width × height), and its longest side: refused above, before decoding. */
  maxPixels: 40_000_000,
  maxSide: 12_000,
  /** Stored images are scaled down to fit this many pixels on their long side. */
  storedSide: 2_560,
  /** Seconds libvips may spend on one image. */
  timeoutSeconds: 20,
} as const;

/** The formats accepted, by the type read from the bytes, with the format stored for each (GIF becomes PNG). */
const FORMATS = {
  'image/jpeg': { input: 'jpeg', output: 'jpeg', mime: 'image/jpeg', ext: 'jpg' },
  'image/png': { input: 'png', output: 'png', mime: 'image/png', ext: 'png' },
  'image/webp': { input: 'webp', output: 'webp', mime: 'image/webp', ext: 'webp' },
  'image/gif': { input: 'gif', output: 'png', mime: 'image/png', ext: 'png' },
} as const;

type Format = (typeof FORMATS)[keyof typeof FORMATS];

export interface ReencodedImage {
  data: Buffer;
  mime: Format['mime'];
  ext: Format['ext'];
  width: number;
  height: number;
}

/**
 * Checks that `input` is a JPEG, PNG, WebP or GIF by its content, refuses images too large to decode safely from
 * their header alone, and decodes and encodes it again: EXIF (GPS included), XMP, comments and anything appended
 * or hidden in ancillary chunks are gone, and the orientation is applied to the pixels.
 */
export async function reencodeImage(input: Buffer): Promise<ReencodedImage> {
  const format = await formatOf(input);
  await checkDimensions(input, format);
  try {
    let image = sharp(input, { limitInputPixels: IMAGE_LIMITS.maxPixels })
      .timeout({ seconds: IMAGE_LIMITS.timeoutSeconds })
      .rotate()
      .resize({
        width: IMAGE_LIMITS.storedSide,
        height: IMAGE_LIMITS.storedSide,
        fit: 'inside',
        withoutEnlargement: true,
      });
    // Metadata is not copied unless asked for (no keepMetadata / withMetadata here, on purpose).
    if (format.output === 'jpeg') image = image.jpeg({ quality: 85 });
    else if (format.output === 'png') image = image.png();
    else image = image.webp({ quality: 85 });
    const { data, info } = await image.toBuffer({ resolveWithObject: true });
    return { data, mime: format.mime, ext: format.ext, width: info.width, height: info.height };
  } catch {
    throw refuse('err.upload_failed');
  }
}

/** The accepted format the magic bytes name; never the file name or the declared content type. */
async function formatOf(input: Buffer): Promise<Format> {
  const detected = await fileTypeFromBuffer(input);
  const format = detected && Object.hasOwn(FORMATS, detected.mime) ? FORMATS[detected.mime as keyof typeof FORMATS] : undefined;
  if (!format) throw refuse('err.upload_not_image');
  return format;
}

/**
 * Reads the dimensions from the header only, so a decompression bomb (a few kilobytes claiming 20,000 × 20,000
 * pixels) is refused before any pixel is allocated. libvips must see the same format file-type saw.
 */
async function checkDimensions(input: Buffer, format: Format): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse('err.upload_failed');
  }
  if (meta.format !== format.input) throw refuse('err.upload_not_image');
  const { width, height } = meta;
  if (!width || !height) throw refuse('err.upload_failed');
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide || width * height > IMAGE_LIMITS.maxPixels) {
    throw refuse('err.upload_too_many_pixels', { megapixels: IMAGE_LIMITS.maxPixels / 1_000_000 });
  }
}
