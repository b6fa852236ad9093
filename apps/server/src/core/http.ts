import net from 'node:net';
import { CODE_OK, intParam, type Envelope, type Lang } from '@tradepad/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isMessageKey, translate } from '../i18n/translate.ts';
import type { MessageKey } from '../i18n/messages.en.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/** The success envelope, its message in the request's language. */
export function ok<T>(req: FastifyRequest, data: T, key: MessageKey = 'ok'): Envelope<T> {
  return { code: CODE_OK, msg: translate(req.lang, key), data };
}

/** The refusal envelope of an AppError, its message in the request's language (the error handler's answer). */
export function refusal(req: FastifyRequest, err: AppError): Envelope<unknown> {
  return { code: err.code, msg: translate(req.lang, err.key, err.params), data: err.data };
}

/**
 * Validates a call's parameters with its contract schema. Query string and body are merged (the spec sends some
 * calls as GET with a query, others as form or JSON posts, and DESIGN §3 accepts POST for state-changing GETs).
 * A refusal names the first bad field in the request's language.
 */
export function parseParams<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> {
  const query = isRecord(req.query) ? req.query : {};
  const body = isRecord(req.body) ? req.body : {};
  const result = schema.safeParse({ ...query, ...body });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // A key the call does not know (a strict contract) is named as the field at fault.
  const unknownKey = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const field = unknownKey ?? (issue?.path.map(String).join('.') || 'params');
  if (issue && isMessageKey(issue.message)) throw new AppError(issue.message, { field });
  throw new AppError('err.field_invalid', { field });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The client's address: the socket peer, or behind the proxies TRUST_PROXY names the address they forwarded. Only a
 * well-formed IP address is taken; anything else in a forwarded header falls back to the socket peer, so what limits
 * count and sessions, codes and the audit log store is always an address, never text a client made up.
 */
export function clientIp(req: FastifyRequest): string {
  if (net.isIP(req.ip)) return req.ip;
  const peer = req.socket.remoteAddress ?? '';
  return net.isIP(peer) ? peer : 'unknown';
}

/**
 * The socket peer: the address the TCP connection came from (the proxy's, behind one). Stored beside `clientIp`, so
 * what a proxy forwarded can always be told from who connected.
 */
export function socketPeer(req: FastifyRequest): string {
  const peer = req.socket.remoteAddress ?? '';
  return net.isIP(peer) ? peer : 'unknown';
}

const pathId = z.object({ id: intParam('err.record_unknown', 1, Number.MAX_SAFE_INTEGER) });

/** The `:id` of a path such as `/admin/api/deposits/:id/approve`; an id that is not a positive integer is unknown. */
export function parsePathParams(req: FastifyRequest, unknown: MessageKey = 'err.record_unknown'): number {
  const r = pathId.safeParse(req.params);
  if (!r.success) throw new AppError(unknown);
  return r.data.id;
}
