import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { UPLOAD_NAME_RE, type UploadResult } from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import { RateLimiter } from '../../core/rate-limit.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { FILE_LINK_TTL_MS, isFileLinkValid, signFileLink } from './file-links.ts';
import { IMAGE_LIMITS, reencodeImage } from './image-reencode.ts';
import { UploadsRepository, type UploadRow } from './uploads.repository.ts';

/** The settings row holding the key that signs file links (hex of 32 random bytes). */
export const FILE_LINK_SECRET_KEY = 'file_link_secret';

/**
 * Uploads a user may make per window when no shared limit is given (one node; a fair user sends a handful of proofs
 * and two ID sides). The app passes the throttle's, counted in the database across nodes.
 */
const UPLOADS_PER_WINDOW = 30;
const UPLOAD_WINDOW_MS = 10 * 60_000;

export interface UploadsDeps {
  db: Db;
  /** Where the images are stored (DATA_DIR/uploads); created if missing. */
  dir: string;
  clock: Clock;
  /** Signs file links; the same on every node (see loadFileLinkSecret). */
  secret: Buffer;
  /**
   * Keeps the images' bytes in the database (PostgreSQL: any node serves any image) instead of files under `dir`
   * (SQLite, one node). Files already under `dir` are still served either way.
   */
  inDatabase?: boolean;
  /** Counts one upload of `userId` and refuses past the limit (the throttle's, in the database); default in memory. */
  limit?: (userId: number) => Promise<void>;
}

/** An uploaded image opened for serving: its bytes from the database, or a stream of its file (closed once read). */
export interface StoredFile {
  row: UploadRow;
  body: Buffer | Readable;
  size: number;
}

/**
 * Image uploads (DESIGN §7): checked by content, re-encoded, stored under random names and served through signed,
 * expiring links, since an <img> cannot send the session token.
 */
export class UploadsService {
  private readonly repo: UploadsRepository;
  private readonly limiter: RateLimiter;

  constructor(private readonly deps: UploadsDeps) {
    this.repo = new UploadsRepository(deps.db);
    this.limiter = new RateLimiter(deps.clock, UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS);
    fs.mkdirSync(deps.dir, { recursive: true, mode: 0o700 });
  }

  /** The service with its signing key loaded from the settings table, or created there on the first start. */
  static async create(deps: Omit<UploadsDeps, 'secret'> & { settings: SecretStore }): Promise<UploadsService> {
    return new UploadsService({ ...deps, secret: await loadFileLinkSecret(deps.settings) });
  }

  /** Checks, re-encodes and stores an image `userId` sent; answers its random name and a link to it. */
  async store(userId: number, data: Buffer): Promise<UploadResult> {
    if (this.deps.limit) await this.deps.limit(userId);
    else if (!this.limiter.hit(String(userId))) throw refuse('err.too_many_requests');
    if (data.length === 0) throw refuse('err.upload_missing');
    if (data.length > IMAGE_LIMITS.maxBytes) throw refuse('err.upload_too_large', { mb: IMAGE_LIMITS.maxBytes / 2 ** 20 });
    const image = await reencodeImage(data);
    // 24 random bytes: 32 base64url characters, the shape UPLOAD_NAME_RE accepts.
    const name = `${randomBytes(24).toString('base64url')}.${image.ext}`;
    const row = {
      name,
      user_id: userId,
      mime: image.mime,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
      sha256: sha256Hex(image.data),
      created_at: this.deps.clock.now(),
    };
    if (this.deps.inDatabase) {
      await this.repo.insertWithData(row, image.data);
      return { name, url: this.signedUrl(name) };
    }
    const file = this.pathOf(name);
    await writeAtomically(file, image.data);
    try {
      await this.repo.insert(row);
    } catch (err) {
      await fs.promises.rm(file, { force: true });
      throw err;
    }
    return { name, url: this.signedUrl(name) };
  }

  /** The image `name` when `userId` uploaded it: what a deposit or verification form may refer to. */
  async owned(userId: number, name: string): Promise<UploadRow | undefined> {
    if (!UPLOAD_NAME_RE.test(name)) return undefined;
    return this.repo.ownedBy(userId, name);
  }

  /** `/api/files/<name>?expires=<unix ms>&sig=<hex>`, valid for `ttlMs`. For the owner and for staff only. */
  signedUrl(name: string, ttlMs = FILE_LINK_TTL_MS): string {
    return signFileLink(this.deps.secret, name, this.deps.clock.now() + ttlMs);
  }

  /** Whether a link's `expires` and `sig` were signed here for `name` and have not expired. */
  verify(name: string, expires: unknown, sig: unknown): boolean {
    const at = typeof expires === 'number' ? String(expires) : expires;
    return isFileLinkValid(this.deps.secret, name, at, sig, this.deps.clock.now());
  }

  /** The stored image `name`, opened, or undefined when there is no such upload or its bytes are gone. */
  async open(name: string): Promise<StoredFile | undefined> {
    if (!UPLOAD_NAME_RE.test(name)) return undefined;
    const row = await this.repo.byName(name);
    if (!row) return undefined;
    if (this.deps.inDatabase) {
      const data = await this.repo.data(name);
      // An image stored as a file before the move to the database is still served from its file.
      if (data) return { row, body: data, size: data.length };
    }
    let handle: FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(name), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    try {
      const size = (await handle.stat()).size;
      return { row, body: handle.createReadStream(), size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  /** Seconds a browser may keep what a link fetched: until the link expires, at most the default lifetime. */
  cacheSeconds(expires: number): number {
    const left = Math.floor((expires - this.deps.clock.now()) / 1000);
    return Math.max(0, Math.min(left, FILE_LINK_TTL_MS / 1000));
  }

  private pathOf(name: string): string {
    return path.join(this.deps.dir, name);
  }
}

/**
 * Where the signing key is kept: the settings table. The settings module's repository fits this shape and app.ts passes
 * it in, so this module does not reach into another module's repository.
 */
export interface SecretStore {
  /** Inserts the keys that are absent, leaving present ones alone (first writer wins). */
  seedMissing(values: Record<string, string>): Promise<void>;
  all(): Promise<Record<string, string>>;
}

/**
 * The key that signs file links: 32 random bytes made on the first start and kept in the settings table, so every
 * node and every restart signs and checks with the same one. Never a fixed default. Inserted with "do nothing on
 * conflict", so two nodes starting together agree on whichever was written first.
 */
export async function loadFileLinkSecret(settings: SecretStore): Promise<Buffer> {
  await settings.seedMissing({ [FILE_LINK_SECRET_KEY]: randomBytes(32).toString('hex') });
  const hex = (await settings.all())[FILE_LINK_SECRET_KEY];
  if (!hex || !/^[0-9a-f]{64}$/.test(hex)) throw new Error(`setting ${FILE_LINK_SECRET_KEY} is not 64 hex digits`);
  return Buffer.from(hex, 'hex');
}

/** Writes under a temporary name and renames, so a reader never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${randomBytes(8).toString('hex')}.tmp`);
  try {
    const handle = await fs.promises.open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(tmp, file);
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
}

function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
