import multipart from '@fastify/multipart';
import { API, UPLOAD_NAME_RE } from '@tradepad/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, refuse } from '../../core/errors.ts';
import type { Router } from '../../core/router.ts';
import { IMAGE_LIMITS } from './image-reencode.ts';
import type { UploadsService } from './uploads.service.ts';

/** The form field that carries the image. */
const FILE_FIELD = 'file';
const TOO_LARGE = { mb: IMAGE_LIMITS.maxBytes / 2 ** 20 };

/**
 * What a served image may do in a browser: nothing but be shown. `same-origin` keeps other sites from embedding
 * it; a deployment whose web app runs on another host than the API would need `same-site` here.
 */
const FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'content-disposition': 'inline',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** `common/image_upload` and the signed links that serve what it stored (DESIGN §7). */
export function uploadsRoutes(r: Router, app: FastifyInstance, uploads: UploadsService) {
  // Multipart only here: encapsulated, so no other route accepts file uploads.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte over the limit still reaches the service, which refuses it by size; anything larger is cut off.
      limits: { fileSize: IMAGE_LIMITS.maxBytes + 1, files: 1, fields: 5, parts: 6 },
    });
    // Errors raised before the handler (an unparsable content type) and by the multipart reader get clear keys;
    // thrown on, they reach the app's one error handler.
    scope.setErrorHandler((err: FastifyError) => {
      throw uploadError(err);
    });
    r.scoped(scope).post(API.imageUpload, async ({ req, user: { user } }) => uploads.store(user.id, await readOneFile(req)), {
      done: 'ok.uploaded',
    });
  });

  r.get(
    `${API.files}/:name`,
    async ({ req, reply }) => {
      const { name } = req.params as { name: string };
      const { expires, sig } = req.query as Record<string, unknown>;
      if (!UPLOAD_NAME_RE.test(name) || !uploads.verify(name, expires, sig)) return plain(reply, 403, 'Forbidden');
      const file = await uploads.open(name);
      if (!file) return plain(reply, 404, 'Not found');
      void reply.headers({
        ...FILE_HEADERS,
        'content-type': file.row.mime,
        'content-length': file.size,
        'cache-control': `private, max-age=${uploads.cacheSeconds(Number(expires))}`,
      });
      return reply.send(file.body);
    },
    { raw: true },
  );
}

/** The bytes of the one file part named `file`; refuses none, several, or one cut off by the size limit. */
async function readOneFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw refuse('err.upload_missing');
  // A multipart body without a boundary cannot be read: refused plainly, not left to the parser to fail on.
  if (!hasBoundary(req.headers['content-type'])) throw refuse('err.bad_request');
  let data: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD || data) {
        part.file.resume();
        throw refuse(data ? 'err.upload_too_many' : 'err.upload_missing');
      }
      data = await part.toBuffer();
    }
  } catch (err) {
    // The parser's own failures on a malformed body (cut short, broken headers) carry no HTTP status: a refusal.
    if (err instanceof AppError || typeof (err as FastifyError).statusCode === 'number') throw err;
    req.log.info({ err: { message: (err as Error).message } }, 'unreadable multipart body');
    throw refuse('err.bad_request');
  }
  if (!data) throw refuse('err.upload_missing');
  return data;
}

/** Whether a multipart content type names a boundary (RFC 2046: 1 to 70 characters). */
function hasBoundary(contentType: string | undefined): boolean {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return Boolean(m && (m[1] ?? m[2]));
}

/** Multipart's own errors (and a body that is not multipart at all) as the refusals a user can act on. */
function uploadError(err: FastifyError | AppError): Error {
  if (err instanceof AppError) return err;
  switch (err.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return refuse('err.upload_too_large', TOO_LARGE);
    case 'FST_FILES_LIMIT':
      return refuse('err.upload_too_many');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_TYPE':
      return refuse('err.upload_missing');
    default:
      return err;
  }
}

function plain(reply: FastifyReply, status: number, text: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
}
