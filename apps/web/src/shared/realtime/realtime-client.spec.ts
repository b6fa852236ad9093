import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { isControlMessage, RealtimeClient, type SocketLike } from './realtime-client.ts';

/** A real websocket server that records what each connection received and can misbehave on purpose. */
class TestServer {
  readonly wss: WebSocketServer;
  readonly connections: { socket: WebSocket; received: string[] }[] = [];
  answerPings = true;

  private constructor(wss: WebSocketServer) {
    this.wss = wss;
    wss.on('connection', (socket) => {
      const conn = { socket, received: [] as string[] };
      this.connections.push(conn);
      socket.on('message', (data) => {
        const text = String(data);
        conn.received.push(text);
        if (text === 'ping' && this.answerPings) socket.send('pong');
      });
    });
  }

  static async start(): Promise<TestServer> {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => wss.once('listening', resolve));
    return new TestServer(wss);
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}/v1/ws`;
  }

  conn(i: number) {
    const c = this.connections[i];
    if (!c) throw new Error(`no connection ${i}`);
    return c;
  }

  /** The JSON messages of connection `i`, pings left out. */
  json(i: number): { type: string; params: string }[] {
    return this.conn(i)
      .received.filter((m) => m !== 'ping')
      .map((m) => JSON.parse(m) as { type: string; params: string });
  }

  async stop(): Promise<void> {
    for (const c of this.wss.clients) c.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

const factory = (url: string) => new WebSocket(url) as unknown as SocketLike;

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: TestServer | undefined;
let client: RealtimeClient | undefined;
let rawServer: Server | undefined;
const rawSockets: Socket[] = [];

afterEach(async () => {
  client?.close();
  client = undefined;
  await server?.stop();
  server = undefined;
  for (const s of rawSockets.splice(0)) s.destroy();
  await new Promise<void>((resolve) => (rawServer ? rawServer.close(() => resolve()) : resolve()));
  rawServer = undefined;
});

function makeClient(url: string, extra: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) {
  client = new RealtimeClient({
    url,
    createSocket: factory,
    pingIntervalMs: 40,
    connectTimeoutMs: 300,
    baseBackoffMs: 10,
    maxBackoffMs: 50,
    ...extra,
  });
  return client;
}

describe('RealtimeClient', () => {
  it('pings on the interval and stays connected while pongs come back', async () => {
    server = await TestServer.start();
    const c = makeClient(server.url);
    c.connect();
    await until(() => c.status === 'open');
    await sleep(400);
    expect(server.conn(0).received.filter((m) => m === 'ping').length).toBeGreaterThanOrEqual(5);
    expect(server.connections).toHaveLength(1);
    expect(c.status).toBe('open');
  });

  it('reconnects after more than two unanswered pings, and not before', async () => {
    server = await TestServer.start();
    server.answerPings = false;
    const c = makeClient(server.url);
    c.connect();
    await until(() => server!.connections.length === 2);
    // Exactly three pings went unanswered on the first socket before the client gave up on it.
    expect(server.conn(0).received.filter((m) => m === 'ping')).toHaveLength(3);
    await until(() => c.status === 'open');
  });

  it('a pong resets the missed count', async () => {
    server = await TestServer.start();
    server.answerPings = false;
    const c = makeClient(server.url);
    c.connect();
    await until(() => c.status === 'open');
    // Answer every other ping by hand: never more than one outstanding, so no reconnect.
    const conn = server.conn(0);
    let answered = 0;
    conn.socket.on('message', (d) => {
      if (String(d) === 'ping' && answered++ % 2 === 0) conn.socket.send('pong');
    });
    await sleep(500);
    expect(server.connections).toHaveLength(1);
  });

  it('queues messages sent while not open and sends them on open', async () => {
    server = await TestServer.start();
    const c = makeClient(server.url);
    c.send({ type: 'sub', params: 'EARLY' });
    c.connect();
    await until(() => server!.connections.length === 1 && server!.json(0).length === 1);
    expect(server.json(0)).toEqual([{ type: 'sub', params: 'EARLY' }]);

    // Drop the connection from the server side; what is sent during the gap arrives on the new socket.
    server.conn(0).socket.terminate();
    await until(() => c.status !== 'open');
    c.send({ type: 'unsub', params: 'LATE' });
    await until(() => server!.connections.length === 2 && server!.json(1).length === 1);
    expect(server.json(1)).toEqual([{ type: 'unsub', params: 'LATE' }]);
  });

  it('keeps only control messages for the next open: anything else sent while closed is dropped, never sent late', async () => {
    server = await TestServer.start();
    const c = makeClient(server.url);
    expect(c.send('{"type":"order","params":"buy"}')).toBe(false);
    expect(c.send({ type: 'sub', params: 'EARLY' })).toBe(true);
    c.connect();
    await until(() => server!.connections.length === 1 && server!.json(0).length === 1);
    await sleep(100);
    expect(server.json(0)).toEqual([{ type: 'sub', params: 'EARLY' }]);
    expect(isControlMessage('{"type":"login","params":"t"}')).toBe(true);
    expect(isControlMessage('{"type":"submit"}')).toBe(false);
    expect(isControlMessage('ping')).toBe(false);
  });

  it('drops the socket at once when the browser goes offline and tries again at once when it is back', async () => {
    server = await TestServer.start();
    const statuses: string[] = [];
    const c = makeClient(server.url, { baseBackoffMs: 60_000, maxBackoffMs: 60_000, onStatus: (s) => statuses.push(s) });
    c.connect();
    await until(() => c.status === 'open');
    c.networkLost();
    expect(c.status).toBe('closed');
    // The back-off (a minute here) is skipped when the network is back.
    c.retryNow();
    await until(() => c.status === 'open');
    expect(server.connections).toHaveLength(2);
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);
  });

  it('reference-counts subscriptions: one sub for the first listener, one unsub after the last', async () => {
    server = await TestServer.start();
    const c = makeClient(server.url);
    c.connect();
    await until(() => c.status === 'open');
    const got: string[] = [];
    const symbolOf = (m: { type: string }) => ('symbol' in m ? String(m.symbol) : m.type);
    const offA = c.subscribe('DAY_MARKET', (m) => got.push(`a:${symbolOf(m)}`));
    const offB = c.subscribe('DAY_MARKET', (m) => got.push(`b:${symbolOf(m)}`));
    const offK = c.subscribe('KLINE.EURUSD', (m) => got.push(`k:${String(m.symbol)}`));
    await until(() => server!.json(0).length === 2);
    expect(server.json(0)).toEqual([
      { type: 'sub', params: 'DAY_MARKET' },
      { type: 'sub', params: 'KLINE.EURUSD' },
    ]);

    server.conn(0).socket.send(JSON.stringify({ type: 'DAY_MARKET', symbol: 'EURUSD', quotation: {} }));
    server.conn(0).socket.send(JSON.stringify({ type: 'KLINE', symbol: 'EURUSD', kline: {} }));
    await until(() => got.length === 3);
    expect(got.sort()).toEqual(['a:EURUSD', 'b:EURUSD', 'k:EURUSD']);
    // FEED_STATUS rides on DAY_MARKET (the channel table): its listeners get it without a sub of its own.
    server.conn(0).socket.send(JSON.stringify({ type: 'FEED_STATUS', live: false }));
    await until(() => got.length === 5);
    expect(got.slice(3).sort()).toEqual(['a:FEED_STATUS', 'b:FEED_STATUS']);

    offA();
    offA(); // calling twice does not remove someone else's listener
    await sleep(50);
    expect(server.json(0)).toHaveLength(2);
    offB();
    offK();
    await until(() => server!.json(0).length === 4);
    expect(server.json(0).slice(2)).toEqual([
      { type: 'unsub', params: 'DAY_MARKET' },
      { type: 'unsub', params: 'KLINE.EURUSD' },
    ]);
    expect(c.channels()).toEqual([]);
  });

  it('logs in again and re-subscribes every channel after a reconnect', async () => {
    server = await TestServer.start();
    const c = makeClient(server.url);
    c.subscribe('FOREX_TRADE', () => {});
    c.login('tok-1');
    c.connect();
    await until(() => server!.connections.length === 1 && server!.json(0).length === 2);
    expect(server.json(0)).toEqual([
      { type: 'login', params: 'tok-1' },
      { type: 'sub', params: 'FOREX_TRADE' },
    ]);

    server.conn(0).socket.terminate();
    await until(() => server!.connections.length === 2 && server!.json(1).length === 2);
    expect(server.json(1)).toEqual([
      { type: 'login', params: 'tok-1' },
      { type: 'sub', params: 'FOREX_TRADE' },
    ]);
  });

  it('subscribes user channels only after each accepted login, and routes margin calls to FOREX_TRADE', async () => {
    server = await TestServer.start();
    const c = makeClient(server.url);
    const got: string[] = [];
    c.subscribe('DAY_MARKET', () => {});
    c.subscribe('FOREX_TRADE', (m) => got.push(m.type), { afterLogin: true });
    c.login('tok-3');
    c.connect();
    await until(() => server!.connections.length === 1 && server!.json(0).length === 2);
    await sleep(50);
    // Login and the public channel go out on open; the user channel waits for the login's answer.
    expect(server.json(0)).toEqual([
      { type: 'login', params: 'tok-3' },
      { type: 'sub', params: 'DAY_MARKET' },
    ]);
    server.conn(0).socket.send(JSON.stringify({ type: 'login_result', code: 1, msg: 'ok' }));
    await until(() => server!.json(0).length === 3);
    expect(server.json(0)[2]).toEqual({ type: 'sub', params: 'FOREX_TRADE' });

    // A second user channel subscribed while logged in goes out at once.
    const offClosed = c.subscribe('FOREX_CLOSED', () => {}, { afterLogin: true });
    await until(() => server!.json(0).length === 4);
    expect(server.json(0)[3]).toEqual({ type: 'sub', params: 'FOREX_CLOSED' });
    offClosed();
    await until(() => server!.json(0).length === 5);
    expect(server.json(0)[4]).toEqual({ type: 'unsub', params: 'FOREX_CLOSED' });

    server.conn(0).socket.send(JSON.stringify({ type: 'MARGIN_CALL', HazardRate: 90, msg: 'call' }));
    await until(() => got.length === 1);
    expect(got).toEqual(['MARGIN_CALL']);

    // After a reconnect the user channel again waits for the accepted login; a refused one never subscribes it.
    server.conn(0).socket.terminate();
    await until(() => server!.connections.length === 2 && server!.json(1).length === 2);
    server.conn(1).socket.send(JSON.stringify({ type: 'login_result', code: 0, msg: 'expired' }));
    await sleep(80);
    expect(server.json(1)).toEqual([
      { type: 'login', params: 'tok-3' },
      { type: 'sub', params: 'DAY_MARKET' },
    ]);
  });

  it('logs in again on the same socket when the server could not check the session (retry), and then subscribes', async () => {
    server = await TestServer.start();
    const c = makeClient(server.url);
    c.subscribe('FOREX_TRADE', () => {}, { afterLogin: true });
    c.login('tok-4');
    c.connect();
    await until(() => server!.connections.length === 1 && server!.json(0).length === 1);
    // The database was away for a moment: not a refusal, so the socket must not stay without the account.
    server.conn(0).socket.send(JSON.stringify({ type: 'login_result', code: 0, msg: 'try again', retry: true }));
    await until(() => server!.json(0).length === 2);
    expect(server.json(0)[1]).toEqual({ type: 'login', params: 'tok-4' });
    server.conn(0).socket.send(JSON.stringify({ type: 'login_result', code: 1, msg: 'ok' }));
    await until(() => server!.json(0).length === 3);
    expect(server.json(0)[2]).toEqual({ type: 'sub', params: 'FOREX_TRADE' });
    expect(c.loggedIn).toBe(true);
    expect(server.connections.length).toBe(1);

    // A plain refusal (the session is over) is never sent again.
    server.conn(0).socket.terminate();
    await until(() => server!.connections.length === 2 && server!.json(1).length === 1);
    server.conn(1).socket.send(JSON.stringify({ type: 'login_result', code: 0, msg: 'expired' }));
    await sleep(150);
    expect(server.json(1)).toEqual([{ type: 'login', params: 'tok-4' }]);
  });

  it('sends logout and does not log in after later reconnects', async () => {
    server = await TestServer.start();
    const results: boolean[] = [];
    const c = makeClient(server.url, { onLoginResult: (ok) => results.push(ok) });
    c.connect();
    await until(() => c.status === 'open');
    c.login('tok-2');
    await until(() => server!.json(0).length === 1);
    server.conn(0).socket.send(JSON.stringify({ type: 'login_result', code: 1, msg: 'ok' }));
    await until(() => results.length === 1);
    expect(c.loggedIn).toBe(true);

    c.logout();
    await until(() => server!.json(0).length === 2);
    expect(server.json(0)[1]).toEqual({ type: 'logout', params: '' });
    expect(c.loggedIn).toBe(false);

    server.conn(0).socket.terminate();
    await until(() => c.status === 'open' && server!.connections.length === 2);
    await sleep(50);
    expect(server.json(1)).toEqual([]);
  });

  it('on session_revoked drops the session: tells the app once, and never logs in with that token again', async () => {
    server = await TestServer.start();
    const c = makeClient(server.url);
    let revoked = 0;
    c.onSessionRevoked(() => (revoked += 1));
    const trades: string[] = [];
    c.subscribe('FOREX_TRADE', (m) => trades.push(m.type), { afterLogin: true });
    c.login('tok-r');
    c.connect();
    await until(() => server!.connections.length === 1 && server!.json(0).length === 1);
    server.conn(0).socket.send(JSON.stringify({ type: 'login_result', code: 1, msg: 'ok' }));
    await until(() => c.loggedIn);

    server.conn(0).socket.send(JSON.stringify({ type: 'session_revoked' }));
    await until(() => revoked === 1);
    expect(c.loggedIn).toBe(false);
    // A second notice (another node, a late check) is not a second end.
    server.conn(0).socket.send(JSON.stringify({ type: 'session_revoked' }));
    await sleep(30);
    expect(revoked).toBe(1);

    // After a reconnect the dead token is not sent again.
    server.conn(0).socket.terminate();
    await until(() => c.status === 'open' && server!.connections.length === 2);
    await sleep(50);
    expect(server.json(1)).toEqual([]);
    expect(trades).toEqual([]);
  });

  it('ignores session_revoked after its own logout (the end was ours)', async () => {
    server = await TestServer.start();
    const c = makeClient(server.url);
    let revoked = 0;
    c.onSessionRevoked(() => (revoked += 1));
    c.login('tok-o');
    c.connect();
    await until(() => server!.connections.length === 1 && server!.json(0).length === 1);
    c.logout();
    server.conn(0).socket.send(JSON.stringify({ type: 'session_revoked' }));
    await sleep(50);
    expect(revoked).toBe(0);
  });

  it('ignores the old session end that crosses a switch to a new token (issue 21), then honours the new one', async () => {
    server = await TestServer.start();
    const c = makeClient(server.url);
    let revoked = 0;
    c.onSessionRevoked(() => (revoked += 1));
    c.login('tok-real');
    c.connect();
    await until(() => server!.connections.length === 1 && server!.json(0).length === 1);
    server.conn(0).socket.send(JSON.stringify({ type: 'login_result', code: 1, msg: 'ok' }));
    await until(() => c.loggedIn);

    // The app logs in with the switched-to token; the server's end of the old session arrives before that login's
    // answer (the server answers the login after it).
    c.login('tok-demo');
    await until(() => server!.json(0).length === 2);
    server.conn(0).socket.send(JSON.stringify({ type: 'session_revoked' }));
    server.conn(0).socket.send(JSON.stringify({ type: 'login_result', code: 1, msg: 'ok' }));
    await sleep(50);
    expect(c.loggedIn).toBe(true);
    expect(revoked).toBe(0);

    // The new session's own end is honoured.
    server.conn(0).socket.send(JSON.stringify({ type: 'session_revoked' }));
    await until(() => revoked === 1);
    expect(c.loggedIn).toBe(false);
  });

  it('gives up on a connection that does not open within the time-out and tries again', async () => {
    // A TCP server that accepts but never answers the websocket handshake.
    let accepted = 0;
    rawServer = createServer((sock) => {
      accepted += 1;
      rawSockets.push(sock);
      sock.on('error', () => {});
    });
    await new Promise<void>((resolve) => rawServer!.listen(0, '127.0.0.1', resolve));
    const port = (rawServer.address() as AddressInfo).port;
    const c = makeClient(`ws://127.0.0.1:${port}/v1/ws`, { connectTimeoutMs: 100 });
    const started = Date.now();
    c.connect();
    await until(() => accepted >= 2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(c.status).not.toBe('open');
  });

  it('backs off between failed attempts, capped at the maximum', async () => {
    // The delays the client asks for, not the wall-clock gaps between attempts (those stretch on a loaded machine).
    const real = globalThis.setTimeout;
    const asked: number[] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      asked.push(ms ?? 0);
      return real(fn, ms);
    }) as typeof setTimeout);
    let opened = 0;
    try {
      const c = makeClient('ws://127.0.0.1:1/v1/ws', {
        baseBackoffMs: 20,
        maxBackoffMs: 80,
        createSocket: (url) => {
          opened += 1;
          return factory(url);
        },
      });
      c.connect();
      while (opened < 6) await new Promise((r) => real(r, 10));
      c.close();
    } finally {
      spy.mockRestore();
    }
    const backoffs = asked.filter((ms) => ms <= 80);
    expect(backoffs.slice(0, 5)).toEqual([20, 40, 80, 80, 80]);
  });
});
