import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Resolve } from '../../core/public-address.ts';
import { systemClock } from '../../ports/clock.ts';
import type { NoticesRepository, PushSubscriptionRow } from './notices.repository.ts';
import { WebPush, endpointAllowed } from './web-push.ts';

describe('endpointAllowed', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', true],
    ['https://web.push.apple.com:443/x', true],
    ['https://push.example.com:8443/x', false],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://localhost/x', false],
    ['https://a.localhost/x', false],
    ['https://localhost./x', false],
    ['https://a.localhost./x', false],
    ['https://127.1/x', false],
    ['https://0x7f000001/x', false],
    ['https://127.0.0.1/x', false],
    ['https://10.0.0.7/x', false],
    ['https://[::1]/x', false],
    ['https://intranet/x', false],
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['http://127.0.0.1:9000/push', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s → %s without the loopback allowance', (url, ok) => {
    expect(endpointAllowed(url, false)).toBe(ok);
  });

  it('allows http and https on loopback only with the allowance', () => {
    expect(endpointAllowed('http://127.0.0.1:9000/push', true)).toBe(true);
    expect(endpointAllowed('http://localhost:9000/push', true)).toBe(true);
    expect(endpointAllowed('http://10.0.0.7:9000/push', true)).toBe(false);
    expect(endpointAllowed('ftp://127.0.0.1/push', true)).toBe(false);
  });
});

describe('WebPush.send', () => {
  /** A repository that keeps one VAPID pair and records removed subscriptions. */
  function fakeRepo() {
    const removed: number[] = [];
    const repo = {
      vapidKeys: async (candidate: { public_key: string; private_key: string }) => candidate,
      removeSubscription: async (id: number) => void removed.push(id),
    } as unknown as NoticesRepository;
    return { repo, removed };
  }
  /** A browser's subscription keys (an ECDH P-256 public key and a 16-byte secret). */
  const browser = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  };
  const row = (id: number, endpoint: string) =>
    ({ id, user_id: 1, endpoint, created_at: 0, ...browser() }) as unknown as PushSubscriptionRow;

  it('refuses to connect where a public-looking name resolves to a private address, and drops the subscription', async () => {
    const { repo, removed } = fakeRepo();
    const resolve: Resolve = (_host, _options, callback) => callback(null, [{ address: '10.0.0.7', family: 4 }]);
    const push = new WebPush(repo, { subject: 'mailto:ops@example.com', allowLoopback: false, resolve }, systemClock);
    expect(await push.send(row(7, 'https://push.example.com/x'), '{}', false)).toBe(0);
    expect(removed).toEqual([7]);
  });

  it('posts to a local push service by name when loopback is allowed, and drops a subscription it says is gone', async () => {
    const seen: { method?: string; encoding?: string | string[]; bytes: number }[] = [];
    const server = http.createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        seen.push({ method: req.method, encoding: req.headers['content-encoding'], bytes });
        res.statusCode = req.url === '/gone' ? 410 : 201;
        res.end();
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const port = (server.address() as AddressInfo).port;
    try {
      const { repo, removed } = fakeRepo();
      const resolve: Resolve = (_host, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);
      const push = new WebPush(repo, { subject: 'mailto:ops@example.com', allowLoopback: true, resolve }, systemClock);
      expect(await push.send(row(1, `http://localhost:${port}/live`), '{"title":"Filled"}', true)).toBe(201);
      expect(await push.send(row(2, `http://localhost:${port}/gone`), '{}', false)).toBe(410);
      expect(removed).toEqual([2]);
      expect(seen[0]).toMatchObject({ method: 'POST', encoding: 'aes128gcm' });
      expect(seen[0]!.bytes).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });
});
