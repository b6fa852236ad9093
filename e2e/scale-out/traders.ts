import { randomUUID } from 'node:crypto';
import { API } from '@tradepad/contracts';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { sleep } from './cluster.ts';

/**
 * What the deployment tests do as traders: REST calls through the proxy (or one node), a careful client's retried
 * trading command, demo accounts, and a websocket kept as the app keeps one. Shared by the failover and the Redis-loss
 * cases (e2e/scale-out/*.deploy.ts).
 */

/** A caller gives up on one command after this long and retries it with the same Idempotency-Key. */
export const CALL_TIMEOUT_MS = 3_000;

/** One call's outcome: the HTTP status (0 when it failed or timed out), the envelope, and how long it took. */
export interface CallResult {
  status: number;
  body: any;
  ms: number;
}

/** One call, with its status and time; never throws (a failed or timed-out call is status 0). */
export async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string> = {},
  headers: Record<string, string> = {},
  timeoutMs = CALL_TIMEOUT_MS,
): Promise<CallResult> {
  const qs = new URLSearchParams(params).toString();
  const t0 = performance.now();
  try {
    const res =
      method === 'GET'
        ? await fetch(`${base}${path}${qs ? `?${qs}` : ''}`, {
            headers: { lang: 'en', ...headers },
            signal: AbortSignal.timeout(timeoutMs),
          })
        : await fetch(`${base}${path}`, {
            method,
            headers: { lang: 'en', 'content-type': 'application/x-www-form-urlencoded', ...headers },
            body: qs,
            signal: AbortSignal.timeout(timeoutMs),
          });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, body, ms: performance.now() - t0 };
  } catch {
    return { status: 0, body: undefined, ms: performance.now() - t0 };
  }
}

/** One call; undefined when it did not answer in time, the connection failed or the answer was a 5xx. */
export async function api(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<any> {
  const r = await call(base, method, path, params, headers);
  return r.status === 0 || r.status >= 500 ? undefined : r.body;
}

/**
 * A trading command as a careful client sends it: one Idempotency-Key, resent with that key while the answer is
 * missing or its `data.retry` says the key may be sent again, for up to `forMs`. Returns the final answer (a refusal
 * included), or undefined. Any other refusal is the key's answer for good, whatever its words.
 */
export async function retried(
  base: string,
  token: string,
  path: string,
  params: Record<string, string>,
  forMs = 15_000,
): Promise<any> {
  const key = randomUUID();
  const t0 = Date.now();
  while (Date.now() - t0 < forMs) {
    const r = await api(base, 'POST', path, params, { authorization: token, 'idempotency-key': key });
    if (r && !isTransient(r)) return r;
    await sleep(200);
  }
  return undefined;
}

/**
 * Refusals that mean "not now, send it again" rather than "no": the engine is changing hands, or the key's first call
 * still runs. The server says so in `data.retry`, never in words: "No current price... please try again in a moment"
 * is the key's answer for good (the same key replays it), and reading the words made the failover test's traders resend
 * it for 15 s, the whole load window, when the load began before BTCUSD's first quote (issue 30 point 7).
 */
export function isTransient(r: { code: number; msg?: string; data?: any }): boolean {
  return r.code !== 1 && r.data?.retry === true;
}

export async function demoTraderWithId(base: string): Promise<{ token: string; id: number }> {
  const uuid = randomUUID();
  const demo = await api(base, 'GET', API.createDemo, { uuid });
  const login = await api(base, 'POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: '3' });
  expect(login.code, login.msg).toBe(1);
  return { token: login.data.token as string, id: Number(login.data.id) };
}

export async function demoTrader(base: string): Promise<string> {
  return (await demoTraderWithId(base)).token;
}

/**
 * A websocket client as the app keeps one: logged in, subscribed to quotes and to its account, and when the socket
 * drops (its node died) it reconnects to the same address and subscribes again. It remembers when it last heard each
 * kind of message, and every `FEED_STATUS` with its time.
 */
export class ResilientSocket {
  connections = 0;
  lastQuoteAt = 0;
  /** When each symbol's last quote arrived (a leader whose feed stopped one instrument still sends the others). */
  readonly lastQuoteOf = new Map<string, number>();
  /** Pushes of the trader's figures received in all. */
  figures = 0;
  /** When the last push of the trader's own figures (`FOREX_TRADE`) arrived. */
  lastFiguresAt = 0;
  /** When the account channel's subscription was last accepted (`sub_result` code 1 for FOREX_TRADE). */
  lastAccountSubAt = 0;
  /** `session_revoked` pushes received (the account channel stops with them). */
  revocations = 0;
  /** Logins the node did not accept (`login_result` code 0, a `retry` included). */
  loginRefusals = 0;
  /** Each FEED_STATUS the socket's node told, in order. */
  readonly feedStatus: Array<{ live: boolean; at: number }> = [];
  private ws: WebSocket | undefined;
  private closed = false;
  private readonly firstReady: Promise<void>;
  private resolveReady!: () => void;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {
    this.firstReady = new Promise((r) => (this.resolveReady = r));
    this.connect();
  }

  /** Resolves when the first connection is open. */
  async opened(): Promise<void> {
    while (this.connections === 0) await sleep(10);
  }

  /** Resolves when the first quote arrived. */
  ready(): Promise<void> {
    return this.firstReady;
  }

  /** The last FEED_STATUS at or after `since` (ms), if any. */
  statusSince(since: number): Array<{ live: boolean; at: number }> {
    return this.feedStatus.filter((s) => s.at >= since);
  }

  close(): void {
    this.closed = true;
    this.ws?.terminate();
  }

  private connect(): void {
    if (this.closed) return;
    const ws = new WebSocket(this.url, { headers: { origin: new URL(this.url.replace('ws', 'http')).origin } });
    this.ws = ws;
    ws.on('open', () => {
      this.connections++;
      ws.send(JSON.stringify({ type: 'login', params: this.token }));
      ws.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
    });
    ws.on('message', (data) => {
      const text = data.toString();
      if (text === 'pong') return;
      const msg = JSON.parse(text) as { type: string; code?: number; channel?: string; live?: boolean; retry?: boolean };
      const now = Date.now();
      // The account's channel once the login is accepted, as the app does; a login the node could not check is sent
      // again, as the app does too.
      if (msg.type === 'login_result' && msg.code === 1) ws.send(JSON.stringify({ type: 'sub', params: 'FOREX_TRADE' }));
      if (msg.type === 'login_result' && msg.code !== 1) {
        this.loginRefusals++;
        if (msg.retry === true) setTimeout(() => ws.send(JSON.stringify({ type: 'login', params: this.token })), 500);
      }
      if (msg.type === 'sub_result' && msg.code === 1 && msg.channel === 'FOREX_TRADE') this.lastAccountSubAt = now;
      if (msg.type === 'session_revoked') this.revocations++;
      if (msg.type === 'FOREX_TRADE') {
        this.lastFiguresAt = now;
        this.figures++;
      }
      if (msg.type === 'FEED_STATUS') this.feedStatus.push({ live: msg.live === true, at: now });
      if (msg.type === 'DAY_MARKET') {
        this.lastQuoteAt = now;
        const symbol = (msg as { symbol?: string }).symbol;
        if (symbol) this.lastQuoteOf.set(symbol, now);
        this.resolveReady();
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (!this.closed) setTimeout(() => this.connect(), 200 + Math.random() * 300);
    });
  }
}
