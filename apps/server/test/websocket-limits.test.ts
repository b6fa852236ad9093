import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHarness, type Harness, type TestSocket } from './harness.ts';

/** What became of an upgrade: open, or refused with the HTTP status. */
function attempt(url: string, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', () => resolve(0));
  });
}

const closed = (socket: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) resolve({ code: 0, reason: '' });
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });

/**
 * Websocket limits per client (DESIGN §10, issue 17 point 12): connections per client address (WS_MAX_PER_ADDRESS,
 * counted in one step so simultaneous upgrades cannot all pass) and messages per second per socket
 * (WS_MAX_MESSAGES_PER_SECOND: past it the client is told and disconnected). Low limits here; the defaults are 5,000
 * and 50.
 */
describe('websocket limits per client', () => {
  let h: Harness;
  let url: string;
  beforeAll(async () => {
    h = await startHarness({ env: { WS_MAX_PER_ADDRESS: '3', WS_MAX_MESSAGES_PER_SECOND: '5' } });
    url = `${h.baseUrl.replace('http', 'ws')}/v1/ws?lang=en`;
  }, 120_000);
  afterAll(async () => h?.close());

  it('lets only WS_MAX_PER_ADDRESS connections of one address in, however many arrive at once', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => attempt(url)));
    const open = results.filter((r): r is WebSocket => r instanceof WebSocket);
    expect(open).toHaveLength(3);
    expect(results.filter((r) => r === 429)).toHaveLength(37);

    // A forged X-Forwarded-For is not believed without TRUST_PROXY: still the same address.
    expect(await attempt(url, { 'x-forwarded-for': '203.0.113.9' })).toBe(429);

    // A connection that ends gives its place back.
    const first = open.pop()!;
    first.close();
    await closed(first);
    await expect
      .poll(async () => {
        const again = await attempt(url);
        if (again instanceof WebSocket) {
          open.push(again);
          return true;
        }
        return false;
      })
      .toBe(true);
    expect(await attempt(url)).toBe(429);

    // The sockets that got in work as usual.
    const s = open[0]!;
    s.send('ping');
    expect(await new Promise((resolve) => s.once('message', (d) => resolve(d.toString())))).toBe('pong');
    await Promise.all(
      open.map((o) => {
        o.close();
        return closed(o);
      }),
    );
  });

  it('tells a client that floods and closes it (1008); a client within the rate goes on', async () => {
    let calm: TestSocket | undefined;
    await expect.poll(async () => (calm = await h.ws('?lang=en').catch(() => undefined)) !== undefined).toBe(true);
    // A burst of four seconds' worth passes.
    for (let i = 0; i < 15; i++) calm!.send('ping');
    for (let i = 0; i < 15; i++) await calm!.next((m) => m === 'pong');

    const flood = await h.ws('?lang=en');
    const ended = closed(flood.socket);
    for (let i = 0; i < 100; i++) flood.send('ping');
    expect(await flood.json('error')).toMatchObject({ code: 0, msg: 'Too many messages on this connection: it is closed' });
    expect(await ended).toMatchObject({ code: 1008 });
    const pongs = flood.received.filter((m) => m === 'pong').length;
    expect(pongs).toBeLessThanOrEqual(20);

    // The calm one is still served.
    calm!.send('ping');
    expect(await calm!.next((m) => m === 'pong')).toBe('pong');
    calm!.close();
  });
});

describe('websocket connections per address behind a trusted proxy', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { WS_MAX_PER_ADDRESS: '2', TRUST_PROXY: 'loopback' } });
  }, 120_000);
  afterAll(async () => h?.close());

  it('counts each forwarded client address on its own, and only a well-formed address', async () => {
    const url = `${h.baseUrl.replace('http', 'ws')}/v1/ws`;
    const as = (ip: string) => attempt(url, { 'x-forwarded-for': ip });
    const got = [await as('198.51.100.1'), await as('198.51.100.1'), await as('198.51.100.2'), await as('198.51.100.2')];
    expect(got.every((r) => r instanceof WebSocket)).toBe(true);
    expect(await as('198.51.100.1')).toBe(429);
    expect(await as('198.51.100.2')).toBe(429);
    // Made-up text is no address: such upgrades count on the proxy's own (the socket peer).
    const junk = [await as('not-an-ip'), await as('<script>')];
    expect(junk.every((r) => r instanceof WebSocket)).toBe(true);
    expect(await as('999.1.1.1')).toBe(429);
    for (const s of [...got, ...junk]) (s as WebSocket).close();
  });
});
