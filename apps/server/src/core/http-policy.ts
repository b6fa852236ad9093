import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import { CODE_REFUSED } from '@tradepad/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { langFromHeader, translate } from '../i18n/translate.ts';
import { AppError } from './errors.ts';
import { clientIp, refusal } from './http.ts';
import { isConsolePath, policyFor, policyTemplates, supportFrameSource } from './content-security.ts';
import { securityHeaders } from './security-headers.ts';

const API_PREFIXES = ['/api', '/v1', '/admin/api'];
/** A path under one of the API prefixes (the prefix itself too): never answered with a front end's HTML. */
export const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

/** The server's own id for a request: always made here, never taken from the client (DESIGN §10). */
export const newRequestId = (): string => randomUUID();

/** A client's `X-Request-Id`, when it is a sane token, to be logged beside ours; anything else is dropped. */
export const clientRequestId = (incoming: unknown): string | undefined =>
  typeof incoming === 'string' && /^[\w.:-]{8,64}$/.test(incoming) ? incoming : undefined;

export interface HttpPolicyOptions {
  /** The built trader's app and console, whose pages' inline scripts and styles their CSPs allow by hash. */
  webDist: string;
  adminDist: string;
  /** The broker's support link and how it opens (run-time settings, read through their cache), for `frame-src`. */
  supportLink: () => Promise<{ link: string; type: number }>;
}

/**
 * What every request gets before any route sees it (DESIGN §3, §10): its language, our request id (a client's own is
 * only logged beside it), `no-store` on API answers, the security headers with the CSP of the app or the console
 * narrowed to this host (and the app's to its support page), form bodies read, and one error handler that turns a refusal into the envelope.
 */
export async function registerHttpPolicy(app: FastifyInstance, opts: HttpPolicyOptions): Promise<void> {
  app.decorateRequest('lang', 'hk');
  app.addHook('onRequest', async (req, reply) => {
    req.lang = langFromHeader(req.headers.lang);
    void reply.header('x-request-id', req.id);
    const clientId = clientRequestId(req.headers['x-request-id']);
    if (clientId) req.log = req.log.child({ clientRequestId: clientId });
    // API answers are per user and per moment: no browser or proxy may keep them (DESIGN §10).
    if (isApiPath(req.url)) void reply.header('cache-control', 'no-store');
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  // helmet's headers but the CSP, which differs by front end and by request (content-security.ts).
  const security = securityHeaders({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  const policies = policyTemplates({ web: opts.webDist, admin: opts.adminDist });
  // Every answer carries a policy (orders included): built once per host, scheme and support page, then reused, so
  // a request costs a lookup rather than the regular expressions, the URL parse and the string work.
  const built = new BoundedMemo<string>(256);
  app.addHook('onRequest', async (req, reply) => {
    void reply.headers(security);
    const forConsole = isConsolePath(req.url);
    const frame = forConsole ? '' : await frameSources(opts, req);
    const key = `${forConsole ? 'c' : 'a'}|${req.protocol}|${String(req.headers.host)}|${frame}`;
    const policy = built.get(key, () =>
      policyFor(forConsole ? policies.console : policies.app, { connect: connectSources(req), frame }),
    );
    void reply.header('content-security-policy', policy);
  });
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => handleError(err, req, reply));

  // Closing (a signal, main.ts): an answer still in flight closes its connection, so the drain need not wait for
  // an idle keep-alive (a request arriving now is refused by Fastify, its connection closed too).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  // One line per request (Fastify's own two are off, server.ts), with its ids from the request's logger: `reqId`,
  // and `clientRequestId` when the client sent one. A refused body's reason rides on it rather than on a line of its own.
  // The line is a flat object built here rather than `{ req, res }` through Fastify's serializers: those read the
  // Host header and walk the proxy chain again for every line (`req.host`, `req.ip`), on the order path's every request.
  app.addHook('onResponse', async (req, reply) => {
    const refused = badRequests.get(req);
    const line: RequestLine = {
      method: req.method,
      url: req.url,
      ip: clientIp(req),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (refused) line.refused = refused;
    req.log.info(line, 'request');
  });
}

/** A request's one log line at `info` (its `reqId` comes from the request's logger). */
interface RequestLine {
  method: string;
  url: string;
  ip: string;
  status: number;
  ms: number;
  refused?: { message: string; code: string | undefined };
}

/** Why a request's body was refused (a client's fault), for its one log line. */
const badRequests = new WeakMap<FastifyRequest, { message: string; code: string | undefined }>();

function handleError(err: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.code(200).send(refusal(req, err));
  }
  const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Unreadable bodies, wrong content types, oversized requests: the client's fault, answered plainly.
    badRequests.set(req, { message: err.message, code: (err as FastifyError).code });
    const key = status === 429 ? 'err.too_many_requests' : 'err.bad_request';
    return reply.code(200).send({ code: CODE_REFUSED, msg: translate(req.lang, key), data: null });
  }
  req.log.error({ err }, 'unexpected error');
  return reply.code(500).send({ code: CODE_REFUSED, msg: translate(req.lang, 'err.internal'), data: null });
}

/**
 * Remembers up to `max` computed values by key and forgets them all when full: the keys here come partly from the
 * client (the Host header), so the memory they take must stay bounded whatever arrives.
 */
class BoundedMemo<T> {
  private readonly values = new Map<string, T>();
  constructor(private readonly max: number) {}
  get(key: string, make: () => T): T {
    let v = this.values.get(key);
    if (v === undefined) {
      if (this.values.size >= this.max) this.values.clear();
      v = make();
      this.values.set(key, v);
    }
    return v;
  }
}

const frameMemo = new BoundedMemo<string>(16);

/** The app's `frame-src` for now: its support page's origin, or none when the settings cannot be read. */
async function frameSources(opts: HttpPolicyOptions, req: FastifyRequest): Promise<string> {
  try {
    const { link, type } = await opts.supportLink();
    return frameMemo.get(`${type}|${link}`, () => supportFrameSource(link, type));
  } catch (err) {
    req.log.warn({ err }, 'support link unreadable: frame-src none');
    return '';
  }
}

/**
 * Where the app may connect (CSP `connect-src`, DESIGN §3): its own origin ('self'), this host's websocket origin
 * (older browsers do not let 'self' cover ws/wss), and, for a page on a named host without the spec's `api.` prefix,
 * that host's `api.` origin, where a build with VITE_API_ORIGIN sends its calls. Only a well-formed Host header is
 * used; otherwise 'self' alone.
 */
export function connectSources(req: Pick<FastifyRequest, 'headers' | 'protocol'>): string {
  const host = req.headers.host;
  if (typeof host !== 'string' || !/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return '';
  // The secure schemes always (a TLS proxy this server was not told to trust still serves the page over https), the
  // plain ones only to a page that came over plain http.
  const plain = req.protocol !== 'https';
  const origins = (h: string) => [`wss://${h}`, ...(plain ? [`ws://${h}`] : [])];
  const sources = origins(host);
  const name = host.replace(/:\d+$/, '');
  if (/[a-z]/i.test(name) && name.includes('.') && !name.startsWith('[') && !/^api\./i.test(name))
    sources.push(`https://api.${host}`, ...(plain ? [`http://api.${host}`] : []), ...origins(`api.${host}`));
  return sources.join(' ');
}
