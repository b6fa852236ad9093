import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Feed } from '../src/modules/market/feed.ts';
import type { Bus } from '../src/ports/bus.ts';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { createServer } from '../src/server.ts';
import { systemClock, type Clock } from '../src/ports/clock.ts';
import { staffSecrets, type StaffSecrets } from './staff-totp.ts';
import { checkLedger } from '../src/modules/ledger/ledger-checker.ts';
import { codeIn, startMailSink, type ReceivedMail } from './mail-sink.ts';
export { freshDatabase, type TestDatabase } from './fresh-database.ts';
import { freshDatabase, type TestDatabase } from './fresh-database.ts';

/**
 * Integration harness: a real server on a real database (a fresh SQLite file, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set), with mail delivered to a real local SMTP server and SMS to a real HTTP endpoint.
 */
export interface Harness {
  app: FastifyInstance;
  dataDir: string;
  database: TestDatabase;
  baseUrl: string;
  mail: ReceivedMail[];
  sms: ReceivedSms[];
  /** Calls the API like the app does; returns the envelope. */
  call(
    method: 'GET' | 'POST',
    url: string,
    params?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<Envelope>;
  /** The newest 6-digit code sent to an address (email or +<code><number>). */
  lastCode(address: string): string;
  /** The server's clock time (the test's clock when one was given), unix milliseconds. */
  now(): number;
  /** The TOTP secrets staff enrolled on this server (staff-totp.ts signs them in). */
  staffSecrets: StaffSecrets;
  ws(query?: string): Promise<TestSocket>;
  expectLedgerSound(): Promise<void>;
  close(): Promise<void>;
}

export interface Envelope {
  code: number;
  msg: string;
  data: any;
}

export interface ReceivedSms {
  to: string;
  text: string;
}

export const ADMIN = { email: 'admin@example.com', password: 'Admin12345' };

export async function startHarness(
  opts: {
    clock?: Clock;
    env?: Record<string, string>;
    dataDir?: string;
    keepData?: boolean;
    database?: TestDatabase;
    feed?: Feed;
    /** A bus shared with another harness (two nodes in one process, issue 19). */
    bus?: Bus;
  } = {},
): Promise<Harness> {
  const sms: ReceivedSms[] = [];

  const sink = await startMailSink();
  const mail = sink.mail;

  const smsServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body) as ReceivedSms;
      sms.push(parsed);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
  const smsPort = (smsServer.address() as AddressInfo).port;

  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-test-'));
  const db = opts.database ?? (await freshDatabase());
  const config = loadConfig(
    {},
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      SMTP_URL: `smtp://test:test@127.0.0.1:${sink.port}`,
      SMS_URL: `http://127.0.0.1:${smsPort}/sms`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      // A short history keeps each test's fresh database quick; the market tests ask for the full one.
      HISTORY_DAYS: '1',
      HISTORY_LONG_DAYS: '3',
      SIM_SEED: '42',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ADMIN_DIST: path.join(dataDir, 'no-admin'),
      ...opts.env,
    },
  );
  const app = await createServer({
    config,
    clock: opts.clock,
    feed: opts.feed,
    bus: opts.bus,
    logger: true,
    captchaText: () => 'CAPT',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const h: Harness = {
    app,
    dataDir,
    database: db,
    baseUrl,
    mail,
    sms,
    async call(method, url, params = {}, headers = {}) {
      const res =
        method === 'GET'
          ? await app.inject({ method, url, query: stringify(params), headers: { lang: 'en', ...headers } })
          : await app.inject({
              method,
              url,
              payload: new URLSearchParams(stringify(params)).toString(),
              headers: { lang: 'en', 'content-type': 'application/x-www-form-urlencoded', ...headers },
            });
      return res.json() as Envelope;
    },
    now: () => (opts.clock ?? systemClock).now(),
    staffSecrets: staffSecrets(),
    lastCode(address) {
      const texts = [...sink.textsTo(address), ...sms.filter((s) => s.to === address).map((s) => s.text)];
      // Notices (sign-in, password changed…) carry no code; the newest message that carries one is the code's.
      const code = codeIn(texts.findLast((t) => codeIn(t) !== undefined));
      if (!code) throw new Error(`no code was sent to ${address}`);
      return code;
    },
    async ws(query = '') {
      const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/v1/ws${query}`);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      return new TestSocket(socket);
    },
    async expectLedgerSound() {
      const problems = await checkLedger(app.tradepad.database.db);
      if (problems.length) throw new Error(`ledger problems: ${JSON.stringify(problems)}`);
    },
    async close() {
      await app.close();
      await sink.close();
      await new Promise<void>((resolve) => smsServer.close(() => resolve()));
      if (!opts.keepData) {
        await db.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
  return h;
}

function stringify(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

/** A websocket client that collects what the server sends. */
export class TestSocket {
  readonly received: string[] = [];
  private waiters: Array<{ test: (m: string) => boolean; resolve: (m: string) => void }> = [];

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      this.received.push(text);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(text)) return true;
        w.resolve(text);
        return false;
      });
    });
  }

  send(message: string | object): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message (already received or to come) that matches. */
  next(test: (m: string) => boolean, timeoutMs = 3000): Promise<string> {
    const seen = this.received.find(test);
    if (seen) {
      this.received.splice(this.received.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching websocket message')), timeoutMs);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          this.received.splice(this.received.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  /** The next message of this type (and, given `where`, the first of them that satisfies it). */
  async json(type: string, where?: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    const text = await this.next((m) => {
      if (!m.startsWith('{')) return false;
      const parsed = JSON.parse(m) as Record<string, unknown>;
      return parsed.type === type && (!where || where(parsed));
    });
    return JSON.parse(text) as Record<string, unknown>;
  }

  close(): void {
    this.socket.close();
  }
}
