/**
 * A liquidity provider for the tests (issue 31 point 5): a FIX 4.4 acceptor on the same engine as Tradepad's sessions
 * (jspurefix). It answers a MarketDataRequest (V) with a snapshot (W) of its current price, sends increments (X) as the
 * test moves prices, and can be told to send a TestRequest, skip sequence numbers, reject a symbol (Y), stop quoting,
 * or drop the connection mid-stream. It records every message it receives, as text with `|` between fields.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import {
  fixEngine,
  listen,
  sessionConfig,
  type EngineSession,
  type IJsFixConfig,
  type MsgView,
} from '../src/modules/liquidity/fix-engine.ts';

export interface LpPrice {
  bid: string;
  ask: string;
}

export interface LpOptions {
  name?: string;
  /** The LP's SenderCompID (Tradepad's TargetCompID). */
  compId?: string;
  /** Tradepad's SenderCompID. */
  clientCompId?: string;
  /** When set, a Logon must carry this password (554). */
  password?: string;
  /** Prices by the LP's symbol; a symbol without one is rejected (Y) when asked for. */
  prices?: Record<string, LpPrice>;
}

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Fields of a received message, by tag (the last of a repeated tag wins). */
export function fieldsOf(text: string): Record<number, string> {
  const out: Record<number, string> = {};
  for (const part of text.split('|')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[Number(part.slice(0, eq))] = part.slice(eq + 1);
  }
  return out;
}

class LpSession extends fixEngine().AsciiSession {
  constructor(
    config: IJsFixConfig,
    private readonly lp: FixLp,
  ) {
    super(config);
  }

  push(msgType: string, body: object): void {
    this.send(msgType, body);
  }

  /** The next messages go out this many sequence numbers ahead: a gap on the other side. */
  skip(n: number): void {
    const tx = this.transport?.transmitter as unknown as { msgSeqNum: number } | undefined;
    if (tx) tx.msgSeqNum += n;
  }

  /** Cuts the TCP connection without a Logout. */
  drop(): void {
    this.transport?.duplex.destroy();
  }

  protected override onApplicationMsg(msgType: string, view: MsgView): void {
    if (msgType !== 'V') return;
    const id = view.getString(262) ?? '';
    const symbols = (view.getView('InstrmtMDReqGrp.NoRelatedSym') ?? undefined) as MsgView | undefined;
    const count = symbols?.groupCount() ?? 0;
    for (let i = 0; i < count; i++) {
      const symbol = symbols!.getGroupInstance(i)?.getString(55) ?? '';
      this.lp.subscribe(this, id, symbol);
    }
  }

  protected override onReady(): void {
    this.lp.sessions.add(this);
  }

  protected override onStopped(): void {
    this.lp.sessions.delete(this);
    this.lp.forget(this);
  }

  protected override onLogon(_view: MsgView, _user: string, password: string): boolean {
    return this.lp.options.password === undefined || password === this.lp.options.password;
  }

  protected override onDecoded(_msgType: string, txt: string): void {
    this.lp.received.push(txt);
  }

  protected override onEncoded(): void {}
}

export class FixLp {
  readonly received: string[] = [];
  readonly sessions = new Set<LpSession>();
  /** What each connected session asked for: symbol → MDReqID. */
  private readonly subscriptions = new Map<LpSession, Map<string, string>>();
  private readonly prices = new Map<string, LpPrice>();
  private readonly rejected = new Map<string, { reason: string; delayMs: number }>();
  private quoting = true;
  private close: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    readonly port: number,
    readonly options: LpOptions,
  ) {
    for (const [s, p] of Object.entries(options.prices ?? {})) this.prices.set(s, p);
  }

  static async start(options: LpOptions = {}): Promise<FixLp> {
    const port = await freePort();
    const lp = new FixLp(port, options);
    const config = await sessionConfig(
      {
        role: 'acceptor',
        name: options.name ?? 'lp',
        host: '127.0.0.1',
        port,
        senderCompId: options.compId ?? 'LP1',
        targetCompId: options.clientCompId ?? 'TRADEPAD',
        heartbeatSeconds: 30,
        resetSeqNumOnLogon: true,
      },
      silent,
    );
    lp.close = listen(config, (c): EngineSession => new LpSession(c, lp));
    await lp.until(() => canConnect(port), 5_000);
    return lp;
  }

  /** The messages received of one type, as fields by tag. */
  messages(msgType: string): Array<Record<number, string>> {
    return this.received.map(fieldsOf).filter((f) => f[35] === msgType);
  }

  subscribe(session: LpSession, id: string, symbol: string): void {
    const rejected =
      this.rejected.get(symbol) ?? (this.prices.has(symbol) ? undefined : { reason: 'unknown symbol', delayMs: 0 });
    if (rejected !== undefined) {
      const send = () => session.push('Y', { MDReqID: id, MDReqRejReason: '0', Text: `${symbol}: ${rejected.reason}` });
      if (rejected.delayMs > 0) setTimeout(send, rejected.delayMs).unref();
      else send();
      return;
    }
    let mine = this.subscriptions.get(session);
    if (!mine) this.subscriptions.set(session, (mine = new Map()));
    mine.set(symbol, id);
    if (this.quoting) this.snapshotTo(session, symbol, id);
  }

  forget(session: LpSession): void {
    this.subscriptions.delete(session);
  }

  /** Sets a symbol's price and tells every subscriber: a W snapshot, or an X increment (279=1 on both sides). */
  quote(symbol: string, price: LpPrice, as: 'W' | 'X' = 'X'): void {
    this.prices.set(symbol, price);
    if (!this.quoting) return;
    for (const [session, mine] of this.subscriptions) {
      const id = mine.get(symbol);
      if (id === undefined) continue;
      if (as === 'W') this.snapshotTo(session, symbol, id);
      else
        session.push('X', {
          MDReqID: id,
          MDIncGrp: {
            NoMDEntries: [
              { MDUpdateAction: '1', MDEntryType: '0', Instrument: { Symbol: symbol }, MDEntryPx: price.bid },
              { MDUpdateAction: '1', MDEntryType: '1', Instrument: { Symbol: symbol }, MDEntryPx: price.ask },
            ],
          },
        });
    }
  }

  /** Sends every subscribed symbol's snapshot again every `ms` (a steady stream), until `stopStream`. */
  stream(ms: number): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      for (const [symbol, price] of this.prices) this.quote(symbol, price, 'W');
    }, ms);
  }

  stopStream(): void {
    clearInterval(this.timer);
  }

  /** Stops (false) or resumes (true) quoting: the session stays up, heartbeats go on. */
  setQuoting(on: boolean): void {
    this.quoting = on;
  }

  /** From now on a request for `symbol` is answered with a reject (Y), `delayMs` after the request when given. */
  reject(symbol: string, reason: string, delayMs = 0): void {
    this.rejected.set(symbol, { reason, delayMs });
  }

  testRequest(id: string): void {
    for (const s of this.sessions) s.push('1', { TestReqID: id });
  }

  /** The next message of each session goes out `n` sequence numbers ahead (a gap: the other side asks for a resend). */
  skipSequence(n: number): void {
    for (const s of this.sessions) s.skip(n);
  }

  /** Cuts every connection mid-stream, without a Logout. */
  drop(): void {
    for (const s of this.sessions) s.drop();
  }

  snapshotTo(session: LpSession, symbol: string, id: string): void {
    const p = this.prices.get(symbol);
    if (!p) return;
    session.push('W', {
      MDReqID: id,
      Instrument: { Symbol: symbol },
      MDFullGrp: {
        NoMDEntries: [
          { MDEntryType: '0', MDEntryPx: p.bid, MDEntrySize: '1000000' },
          { MDEntryType: '1', MDEntryPx: p.ask, MDEntrySize: '1000000' },
        ],
      },
    });
  }

  async until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  stop(): void {
    clearInterval(this.timer);
    for (const s of this.sessions) s.drop();
    this.close?.();
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createConnection({ host: '127.0.0.1', port }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}
