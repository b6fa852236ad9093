import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { UserAuth } from '../accounts/auth.ts';
import { EVERY_USER_SOCKET, InProcessBus, type Bus } from '../../ports/bus.ts';
import { CONFLATE_ABOVE_BYTES, MAX_BUFFERED_BYTES, RealtimeGateway, textFrame } from './realtime.gateway.ts';

/** A socket whose unsent-bytes figure the test sets, standing in for a client that reads slowly. */
class SlowSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  terminated = false;
  send(data: string | Buffer) {
    this.sent.push(data.toString());
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  close() {
    this.readyState = 3;
  }
}

const quietLog = { error() {}, warn() {}, info() {} } as never;
const gateways: RealtimeGateway[] = [];

function setup() {
  const gw = new RealtimeGateway({ fromToken: async () => undefined } as unknown as UserAuth, quietLog);
  gateways.push(gw);
  gw.registerChannel({ match: { exact: 'DAY_MARKET' }, requiresLogin: false });
  const fast = new SlowSocket();
  const slow = new SlowSocket();
  gw.accept(fast as unknown as WebSocket, 'en');
  gw.accept(slow as unknown as WebSocket, 'en');
  for (const s of [fast, slow]) s.emit('message', Buffer.from(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' })), false);
  return { gw, fast, slow };
}

const quote = (symbol: string, bid: number) => ({ type: 'DAY_MARKET', symbol, quotation: { bid } });

afterEach(() => gateways.splice(0).forEach((g) => g.closeAll()));

describe('prebuilt text frames', () => {
  it.each([5, 125, 126, 65_535, 65_536, 70_000])('frames a %d-byte payload as RFC 6455 says', (n) => {
    const frame = textFrame('x'.repeat(n));
    expect(frame[0]).toBe(0x81);
    const [len, offset] =
      n < 126 ? [frame[1], 2] : n < 65_536 ? [frame.readUInt16BE(2), 4] : [Number(frame.readBigUInt64BE(2)), 10];
    expect(len).toBe(n);
    expect(frame.length).toBe(offset + n);
    expect(frame[1]! & 0x80).toBe(0);
  });
});

describe('websocket conflation for slow clients', () => {
  it('sends every quote to a client that keeps up, and only the newest per symbol to one that is behind', async () => {
    const { gw, fast, slow } = setup();
    await new Promise((r) => setImmediate(r));
    fast.sent = [];
    slow.sent = [];
    slow.bufferedAmount = CONFLATE_ABOVE_BYTES + 1;
    for (let i = 1; i <= 100; i++) {
      gw.publish('DAY_MARKET', quote('EURUSD', i), 'EURUSD');
      gw.publish('DAY_MARKET', quote('BTCUSD', 1000 + i), 'BTCUSD');
    }
    gw.flushOutbox();
    expect(fast.sent).toHaveLength(200);
    expect(slow.sent).toHaveLength(0);
    // Still behind: nothing more is sent, and memory holds one message per symbol.
    gw.flushBehind();
    expect(slow.sent).toHaveLength(0);
    // Caught up: the newest quote of each symbol, once.
    slow.bufferedAmount = 0;
    gw.flushBehind();
    expect(slow.sent.map((t) => JSON.parse(t).quotation.bid)).toEqual([100, 1100]);
    // And live again afterwards.
    gw.publish('DAY_MARKET', quote('EURUSD', 101), 'EURUSD');
    gw.flushOutbox();
    expect(JSON.parse(slow.sent.at(-1)!).quotation.bid).toBe(101);
  });

  it('cuts off a client whose unsent data passes the bound, leaving the others untouched', async () => {
    const { gw, fast, slow } = setup();
    await new Promise((r) => setImmediate(r));
    slow.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    gw.publish('DAY_MARKET', quote('EURUSD', 1), 'EURUSD');
    gw.flushOutbox();
    expect(slow.terminated).toBe(true);
    expect(fast.terminated).toBe(false);
    expect(gw.connectionCount).toBe(1);
    gw.publish('DAY_MARKET', quote('EURUSD', 2), 'EURUSD');
    gw.flushOutbox();
    expect(JSON.parse(fast.sent.at(-1)!).quotation.bid).toBe(2);
  });

  it('never starves a client: one that stays behind still gets the newest quote of every symbol when it drains', async () => {
    const { gw, slow } = setup();
    await new Promise((r) => setImmediate(r));
    slow.sent = [];
    for (let round = 0; round < 5; round++) {
      slow.bufferedAmount = CONFLATE_ABOVE_BYTES * 2;
      for (const s of ['A', 'B', 'C']) gw.publish('DAY_MARKET', quote(s, round), s);
      gw.flushOutbox();
      slow.bufferedAmount = 0;
      gw.flushBehind();
    }
    expect(slow.sent).toHaveLength(15);
    expect(new Set(slow.sent.map((t) => JSON.parse(t).symbol))).toEqual(new Set(['A', 'B', 'C']));
  });
});

describe('one write per client per event-loop turn', () => {
  it('joins the frames published in one turn into a single socket write, in order', async () => {
    const { gw, fast } = setup();
    await new Promise((r) => setImmediate(r));
    const writes: Buffer[] = [];
    (fast as unknown as { _socket: object })._socket = { write: (b: Buffer) => writes.push(b) };
    for (const s of ['A', 'B', 'C']) gw.publish('DAY_MARKET', quote(s, 1), s);
    expect(writes).toHaveLength(0);
    await new Promise((r) => setImmediate(r));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toEqual(Buffer.concat(['A', 'B', 'C'].map((s) => textFrame(JSON.stringify(quote(s, 1))))));
  });
});

describe('sockets and their sessions', () => {
  /** A gateway whose logins resolve when the test says, to session 7 of user 1. */
  function gatedGateway() {
    let release: () => void = () => {};
    const auth = {
      fromToken: () =>
        new Promise<{ user: { id: number }; sessionId: number }>((resolve) => {
          release = () => resolve({ user: { id: 1 }, sessionId: 7 });
        }),
      checkSockets: async () => [],
    };
    const gw = new RealtimeGateway(auth, quietLog);
    gateways.push(gw);
    return { gw, release: () => release() };
  }
  const lastJson = (s: SlowSocket) => JSON.parse(s.sent.at(-1)!) as Record<string, unknown>;
  const flush = () => new Promise((r) => setImmediate(r));

  it('refuses a login that read its session just before the session was revoked', async () => {
    const { gw, release } = gatedGateway();
    const s = new SlowSocket();
    gw.accept(s as unknown as WebSocket, 'en');
    s.emit('message', Buffer.from(JSON.stringify({ type: 'login', params: 'x'.repeat(30) })), false);
    await flush();
    gw.sessionsRevoked([7]);
    release();
    await flush();
    expect(lastJson(s)).toMatchObject({ type: 'login_result', code: 0 });
  });

  it('tells only the sockets of the revoked session, once each', async () => {
    const { gw, release } = gatedGateway();
    const s = new SlowSocket();
    gw.accept(s as unknown as WebSocket, 'en');
    s.emit('message', Buffer.from(JSON.stringify({ type: 'login', params: 'x'.repeat(30) })), false);
    await flush();
    release();
    await flush();
    expect(lastJson(s)).toMatchObject({ type: 'login_result', code: 1 });
    gw.sessionsRevoked([8]);
    expect(s.sent.filter((m) => m.includes('session_revoked'))).toEqual([]);
    gw.sessionsRevoked([7]);
    gw.sessionsRevoked([7]);
    expect(s.sent.filter((m) => m.includes('session_revoked'))).toEqual(['{"type":"session_revoked"}']);
  });

  it('answers a login whose session could not be read with a retry, not a refusal, and takes the next one', async () => {
    let down = true;
    const auth = {
      fromToken: async () => {
        if (down) throw new Error('connection terminated unexpectedly');
        return { user: { id: 1 }, sessionId: 7 };
      },
      checkSockets: async () => [],
    };
    const gw = new RealtimeGateway(auth, quietLog);
    gateways.push(gw);
    gw.registerChannel({ match: { exact: 'FOREX_TRADE' }, requiresLogin: true });
    const s = new SlowSocket();
    gw.accept(s as unknown as WebSocket, 'en');
    const send = (type: string, params: string) => s.emit('message', Buffer.from(JSON.stringify({ type, params })), false);
    send('login', 'x'.repeat(30));
    await flush();
    expect(lastJson(s)).toMatchObject({ type: 'login_result', code: 0, retry: true });
    down = false;
    send('login', 'x'.repeat(30));
    await flush();
    expect(lastJson(s)).toMatchObject({ type: 'login_result', code: 1 });
    expect(lastJson(s).retry).toBeUndefined();
    send('sub', 'FOREX_TRADE');
    await flush();
    expect(lastJson(s)).toMatchObject({ type: 'sub_result', code: 1, channel: 'FOREX_TRADE' });
  });
});

/** Sign-in for the gateways below: the token `u<id>` logs in as user <id> (session 100 + id). */
const usersAuth = {
  fromToken: async (token: unknown) => {
    const m = /^u(\d+)$/.exec(String(token));
    return m ? { user: { id: Number(m[1]) }, sessionId: 100 + Number(m[1]) } : undefined;
  },
  checkSockets: async () => [],
};

describe('messages to every socket of a user (DESIGN §10: session_revoked, ALERT, SUPPORT)', () => {
  /** A gateway whose token `u<id>` logs in as user <id> (session 100 + id). */
  function usersGateway() {
    const gw = new RealtimeGateway(usersAuth, quietLog);
    gateways.push(gw);
    gw.registerChannel({ match: { exact: 'FOREX_TRADE' }, requiresLogin: true });
    return gw;
  }
  const flush = () => new Promise((r) => setImmediate(r));
  async function socketOf(gw: RealtimeGateway, token?: string) {
    const s = new SlowSocket();
    gw.accept(s as unknown as WebSocket, 'en');
    if (token) s.emit('message', Buffer.from(JSON.stringify({ type: 'login', params: token })), false);
    await flush();
    return s;
  }
  const support = { type: 'SUPPORT', message: { id: 1, text: 'Hello' } };
  const got = (s: SlowSocket) => s.sent.filter((m) => m.includes('"SUPPORT"')).length;

  it('reaches every socket logged in as the user without a sub, and no one else', async () => {
    const gw = usersGateway();
    const [a, b, other, anonymous] = await Promise.all([
      socketOf(gw, 'u1'),
      socketOf(gw, 'u1'),
      socketOf(gw, 'u2'),
      socketOf(gw),
    ]);
    gw.publishToUser(1, EVERY_USER_SOCKET, support);
    expect([got(a), got(b), got(other), got(anonymous)]).toEqual([1, 1, 0, 0]);
    // An ordinary user channel still needs its sub.
    gw.publishToUser(1, 'FOREX_TRADE', { type: 'FOREX_TRADE' });
    expect(a.sent.some((m) => m.includes('FOREX_TRADE'))).toBe(false);
  });

  it('stops at logout and at the end of the session', async () => {
    const gw = usersGateway();
    const a = await socketOf(gw, 'u1');
    const b = await socketOf(gw, 'u1');
    a.emit('message', Buffer.from(JSON.stringify({ type: 'logout', params: '' })), false);
    await flush();
    gw.publishToUser(1, EVERY_USER_SOCKET, support);
    expect([got(a), got(b)]).toEqual([0, 1]);
    gw.sessionsRevoked([101]);
    gw.publishToUser(1, EVERY_USER_SOCKET, support);
    expect([got(a), got(b)]).toEqual([0, 1]);
  });

  it('cannot be subscribed to by name', async () => {
    const gw = usersGateway();
    const s = await socketOf(gw, 'u1');
    s.emit('message', Buffer.from(JSON.stringify({ type: 'sub', params: EVERY_USER_SOCKET })), false);
    await flush();
    expect(JSON.parse(s.sent.at(-1)!)).toMatchObject({ type: 'sub_result', code: 0 });
  });
});

describe('what the gateway tells the bus (issue 19: listeners across nodes)', () => {
  /** A bus that remembers what the gateway noted, and answers as an in-process bus does. */
  function recordingGateway() {
    const bus = new InProcessBus();
    const notes: Array<[string, number | undefined]> = [];
    (bus as Pick<Bus, 'noteInterest'>).noteInterest = (channel, userId) => void notes.push([channel, userId]);
    const gw = new RealtimeGateway(usersAuth, quietLog);
    gateways.push(gw);
    gw.registerChannel({ match: { exact: 'DAY_MARKET' }, requiresLogin: false });
    gw.registerChannel({ match: { exact: 'FOREX_TRADE' }, requiresLogin: true });
    gw.attach(bus);
    return { gw, bus, notes };
  }
  const flush = () => new Promise((r) => setImmediate(r));
  const say = async (s: SlowSocket, type: string, params = '') => {
    s.emit('message', Buffer.from(JSON.stringify({ type, params })), false);
    await flush();
  };

  it('notes a login, a public and a user channel, and their ends on unsub, logout and close, with the user', async () => {
    const { gw, bus, notes } = recordingGateway();
    const s = new SlowSocket();
    gw.accept(s as unknown as WebSocket, 'en');
    await say(s, 'sub', 'DAY_MARKET');
    await say(s, 'login', 'u7');
    await say(s, 'sub', 'FOREX_TRADE');
    expect(notes).toEqual([
      ['DAY_MARKET', undefined],
      [EVERY_USER_SOCKET, 7],
      ['FOREX_TRADE', 7],
    ]);
    expect(bus.listens('FOREX_TRADE', 7)).toBe(true);
    expect(bus.listens(EVERY_USER_SOCKET, 7)).toBe(true);
    expect([...bus.listeners(EVERY_USER_SOCKET)]).toEqual([7]);

    notes.length = 0;
    await say(s, 'logout');
    // The user channel ends as user 7's (the socket has no user any more), the login too; the public channel stays.
    expect(notes).toEqual(
      expect.arrayContaining([
        [EVERY_USER_SOCKET, 7],
        ['FOREX_TRADE', 7],
      ]),
    );
    expect(notes).toHaveLength(2);
    expect(bus.listens('FOREX_TRADE', 7)).toBe(false);
    expect([...bus.listeners(EVERY_USER_SOCKET)]).toEqual([]);

    notes.length = 0;
    await say(s, 'login', 'u7');
    await say(s, 'sub', 'FOREX_TRADE');
    notes.length = 0;
    s.emit('close');
    expect(notes).toEqual(
      expect.arrayContaining([
        [EVERY_USER_SOCKET, 7],
        ['FOREX_TRADE', 7],
        ['DAY_MARKET', undefined],
      ]),
    );
    expect(bus.hasSubscribers('DAY_MARKET')).toBe(false);
    expect(bus.listens(EVERY_USER_SOCKET, 7)).toBe(false);
  });
});

describe('channels from the contracts table', () => {
  const flush = () => new Promise((r) => setImmediate(r));
  async function say(gw: RealtimeGateway, s: SlowSocket, type: string, params = '') {
    s.emit('message', Buffer.from(JSON.stringify({ type, params })), false);
    await flush();
    return JSON.parse(s.sent.at(-1)!) as { type: string; code: number; channel?: string };
  }
  function tableGateway() {
    const gw = new RealtimeGateway(usersAuth, quietLog);
    gateways.push(gw);
    const s = new SlowSocket();
    gw.accept(s as unknown as WebSocket, 'en');
    return { gw, s };
  }

  it('accepts every channel of CHANNELS without a registration, user channels after login only', async () => {
    const { gw, s } = tableGateway();
    expect(await say(gw, s, 'sub', 'DAY_MARKET')).toMatchObject({ code: 1 });
    expect(await say(gw, s, 'sub', 'KLINE.EURUSD')).toMatchObject({ code: 1 });
    expect(await say(gw, s, 'sub', 'KLINE.')).toMatchObject({ code: 0 });
    expect(await say(gw, s, 'sub', 'FOREX_TRADE')).toMatchObject({ code: 0 });
    await say(gw, s, 'login', 'u3');
    expect(await say(gw, s, 'sub', 'FOREX_TRADE')).toMatchObject({ code: 1 });
    expect(await say(gw, s, 'sub', 'FOREX_CLOSED')).toMatchObject({ code: 1 });
    expect(await say(gw, s, 'sub', EVERY_USER_SOCKET)).toMatchObject({ code: 0 });
  });

  it('takes a registration of a table channel again as harmless, keeping only its check of the code', async () => {
    const { gw, s } = tableGateway();
    gw.registerChannel({ match: { exact: 'DAY_MARKET' }, requiresLogin: false });
    gw.registerChannel({ match: { prefix: 'KLINE.' }, requiresLogin: false, accepts: (name) => name === 'KLINE.EURUSD' });
    expect(await say(gw, s, 'sub', 'DAY_MARKET')).toMatchObject({ code: 1 });
    expect(await say(gw, s, 'sub', 'KLINE.EURUSD')).toMatchObject({ code: 1 });
    expect(await say(gw, s, 'sub', 'KLINE.NOPE')).toMatchObject({ code: 0 });
    expect(() => gw.registerChannel({ match: { exact: 'FOREX_TRADE' }, requiresLogin: false })).toThrow();
  });
});

describe('price variants (account types, DESIGN §16)', () => {
  it('renders a varying channel once per variant in a flush, each socket getting its own, in one write', async () => {
    const gw = new RealtimeGateway(
      {
        fromToken: async (token: unknown) =>
          token === 'raw'
            ? { user: { id: 2, account_type_id: 5 }, sessionId: 2 }
            : { user: { id: 1, account_type_id: 1 }, sessionId: 1 },
        checkSockets: async () => [],
      } as unknown as UserAuth,
      quietLog,
    );
    gateways.push(gw);
    let renders = 0;
    gw.setVariants({
      varies: (channel) => channel === 'DAY_MARKET',
      ofUser: (user) => user.account_type_id ?? 0,
      reread: async () => 1,
      render: (variant, _channel, m) => {
        renders++;
        const q = m as ReturnType<typeof quote>;
        return variant === 5 ? { ...q, quotation: { bid: q.quotation.bid - 1 } } : null;
      },
    });
    const sockets = [new SlowSocket(), new SlowSocket(), new SlowSocket(), new SlowSocket()];
    const writes = sockets.map(() => [] as Buffer[]);
    sockets.forEach((s, i) => {
      (s as unknown as { _socket: object })._socket = { write: (b: Buffer) => writes[i]!.push(b) };
      gw.accept(s as unknown as WebSocket, 'en');
    });
    // A visitor, a Standard trader, and two sockets of a type with a markup.
    const tokens = [undefined, 'std', 'raw', 'raw'];
    sockets.forEach((s, i) => {
      if (tokens[i]) s.emit('message', Buffer.from(JSON.stringify({ type: 'login', params: tokens[i] })), false);
    });
    await new Promise((r) => setImmediate(r));
    for (const s of sockets) s.emit('message', Buffer.from(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' })), false);
    await new Promise((r) => setImmediate(r));
    gw.publish('DAY_MARKET', quote('A', 10), 'A');
    gw.publish('DAY_MARKET', quote('B', 20), 'B');
    gw.flushOutbox();
    const published = Buffer.concat([textFrame(JSON.stringify(quote('A', 10))), textFrame(JSON.stringify(quote('B', 20)))]);
    const own = Buffer.concat([textFrame(JSON.stringify(quote('A', 9))), textFrame(JSON.stringify(quote('B', 19)))]);
    expect(writes.map((w) => w.length)).toEqual([1, 1, 1, 1]);
    expect(writes[0]![0]).toEqual(published);
    expect(writes[1]![0]).toEqual(published);
    expect(writes[2]![0]).toEqual(own);
    expect(writes[3]![0]).toEqual(own);
    // Two messages for each of three variants (visitor 0, type 1, type 5): never once per socket.
    expect(renders).toBe(6);

    // The user's row changed (their type): the sockets take the variant afresh (here back to type 1).
    await gw.revariant([2]);
    gw.publish('DAY_MARKET', quote('A', 11), 'A');
    gw.flushOutbox();
    expect(writes[2]![1]).toEqual(textFrame(JSON.stringify(quote('A', 11))));
  });
});
