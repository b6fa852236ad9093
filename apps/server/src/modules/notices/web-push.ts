import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import { NotPublicAddressError, publicLookup, type Resolve } from '../../core/public-address.ts';
import type { Clock } from '../../ports/clock.ts';
import type { NoticesRepository, PushSubscriptionRow } from './notices.repository.ts';

export interface WebPushOptions {
  /** The VAPID `sub` claim: a mailto: or https: URL push services may contact (PUSH_SUBJECT). */
  subject: string;
  /** Accept http:// endpoints on loopback addresses (PUSH_ALLOW_LOOPBACK: tests with a local push endpoint). */
  allowLoopback: boolean;
  /** Where endpoint names are resolved (`dns.lookup` unless a test says otherwise). */
  resolve?: Resolve;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const SEND_TIMEOUT_MS = 10_000;

/**
 * Whether an endpoint may receive pushes: an https URL to a named host (never an address literal, a bare host name or
 * localhost, so a subscription cannot aim the server at its own network), or with the loopback allowance an http or
 * https URL on this machine. Where the name leads is checked again when a push connects (`publicLookup`).
 */
export function endpointAllowed(endpoint: string, allowLoopback: boolean): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  // A fully qualified name's final dot ("localhost.") names the same host.
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  if (allowLoopback && LOOPBACK.has(host) && (u.protocol === 'http:' || u.protocol === 'https:')) return true;
  if (u.protocol !== 'https:') return false;
  if (LOOPBACK.has(host) || host.endsWith('.localhost') || !host.includes('.')) return false;
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return false;
  return u.port === '' || u.port === '443';
}

/**
 * Web push (issue 21 point 2) with the `web-push` package: the VAPID key pair generated on first start and stored in
 * the database (the first node to insert it wins, every node reads the same), the payload encrypted for each
 * subscription (aes128gcm) and posted to its push service; a subscription the service says is gone (404, 410) is
 * removed.
 */
export class WebPush {
  private keys: Promise<{ public_key: string; private_key: string }> | undefined;
  private readonly lookup: LookupFunction;

  constructor(
    private readonly repo: NoticesRepository,
    private readonly opts: WebPushOptions,
    private readonly clock: Clock,
  ) {
    this.lookup = publicLookup(opts.allowLoopback, opts.resolve);
  }

  /** The stored key pair, generating it the first time (insert-if-absent, then read: racing nodes agree). */
  vapid(): Promise<{ public_key: string; private_key: string }> {
    this.keys ??= (async () => {
      const fresh = webpush.generateVAPIDKeys();
      return this.repo.vapidKeys({ public_key: fresh.publicKey, private_key: fresh.privateKey }, this.clock.now());
    })();
    this.keys.catch(() => (this.keys = undefined));
    return this.keys;
  }

  endpointAllowed(endpoint: string): boolean {
    return endpointAllowed(endpoint, this.opts.allowLoopback);
  }

  /** Sends `payload` to one subscription; answers the push service's status (0 when it could not be reached). */
  async send(sub: PushSubscriptionRow, payload: string, urgent: boolean): Promise<number> {
    // Checked again at send time: the allowance may have been turned off since the subscription was stored.
    if (!this.endpointAllowed(sub.endpoint)) {
      await this.repo.removeSubscription(Number(sub.id));
      return 0;
    }
    const keys = await this.vapid();
    const req = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        vapidDetails: { subject: this.opts.subject, publicKey: keys.public_key, privateKey: keys.private_key },
        TTL: 24 * 3600,
        contentEncoding: 'aes128gcm',
        urgency: urgent ? 'high' : 'normal',
      },
    );
    let status: number;
    try {
      status = await post(req.endpoint, req.headers as Record<string, string>, req.body, this.lookup);
    } catch (err) {
      // The endpoint's name leads into a private network or to this machine: it never will be a push service.
      if (!(err instanceof NotPublicAddressError)) throw err;
      await this.repo.removeSubscription(Number(sub.id));
      return 0;
    }
    if (status === 404 || status === 410) await this.repo.removeSubscription(Number(sub.id));
    return status;
  }
}

/**
 * POSTs a push: no redirect is followed, and the connection's own lookup refuses a name that resolves to an address
 * that is not public (`publicLookup`), so a subscription cannot aim the server at its own network.
 */
function post(url: string, headers: Record<string, string>, body: Buffer, lookup: LookupFunction): Promise<number> {
  const u = new URL(url);
  const request = u.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    // One deadline for the whole exchange (a socket timeout would only catch silence, not a slow drip).
    const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
    const req = request(u, { method: 'POST', headers, lookup, agent: false, signal }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}
