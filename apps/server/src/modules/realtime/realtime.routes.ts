import { CODE_REFUSED, WS_PATH, parseLang } from '@tradepad/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientIp } from '../../core/http.ts';
import { langFromHeader, translate } from '../../i18n/translate.ts';
import type { RealtimeGateway } from './realtime.gateway.ts';

/**
 * Open websocket connections per client address, on this node. Taking and testing a place is one synchronous step
 * (`take`), so however many upgrades arrive at once, no more than `max` of one address ever pass.
 */
export class AddressSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for `address`; false when it already has `max`. */
  take(address: string): boolean {
    const n = this.open.get(address) ?? 0;
    if (n >= this.max) return false;
    this.open.set(address, n + 1);
    return true;
  }

  release(address: string): void {
    const n = (this.open.get(address) ?? 0) - 1;
    if (n > 0) this.open.set(address, n);
    else this.open.delete(address);
  }

  count(address: string): number {
    return this.open.get(address) ?? 0;
  }
}

/**
 * Whether a browser page from `origin` may open this server's websocket (OWASP ASVS 5.0 4.4.2, cross-site websocket
 * hijacking): the page's host must be the host the upgrade was sent to, or that host without the spec's `api.` prefix
 * (the app on example.com talking to api.example.com, DESIGN §3). Ports are not compared, so the development server
 * on another port of the same host still connects. No `Origin` (not a browser: bots, tests, native clients) passes:
 * what a socket may see still depends on the session it logs in with.
 */
export function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (!host) return false;
  let from: string;
  try {
    from = new URL(origin).hostname.toLowerCase();
  } catch {
    return false;
  }
  const to = host.replace(/:\d+$/, '').toLowerCase();
  return from !== '' && (from === to || `api.${from}` === to);
}

/**
 * `GET /v1/ws` (DESIGN §4). A browser page from another site is refused (403, see `originAllowed`). Before the upgrade, the client address (the TRUST_PROXY-validated one, as every route
 * sees it) takes one of its `maxPerAddress` places, given back when the connection's TCP socket closes, whichever way
 * it ends; past the limit the upgrade is answered HTTP 429 and never becomes a websocket.
 */
export function realtimeRoutes(app: FastifyInstance, gateway: RealtimeGateway, limits: { maxPerAddress: number }): AddressSlots {
  const slots = new AddressSlots(limits.maxPerAddress);
  const admit = (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // Only an upgrade holds a connection; a plain GET of the path is answered 404 by the websocket plugin.
    if (!req.ws) return done();
    const origin = req.headers.origin;
    if (!originAllowed(typeof origin === 'string' ? origin : undefined, req.headers.host)) {
      void reply.code(403).send({ code: CODE_REFUSED, msg: translate(req.lang, 'err.forbidden'), data: null });
      return;
    }
    const address = clientIp(req);
    const socket = req.raw.socket;
    if (socket.destroyed) return done();
    if (!slots.take(address)) {
      void reply.code(429).send({ code: CODE_REFUSED, msg: translate(req.lang, 'err.too_many_requests'), data: null });
      return;
    }
    socket.once('close', () => slots.release(address));
    done();
  };
  app.get(WS_PATH, { websocket: true, onRequest: admit }, (socket, req) => {
    const query = req.query as Record<string, unknown>;
    gateway.accept(socket, parseLang(query.lang) ?? langFromHeader(req.headers.lang));
  });
  return slots;
}
